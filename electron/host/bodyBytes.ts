// Turns collected bytes into the frame's body record: exact bytes as base64 plus a display reading.

import { isUtf8 } from 'node:buffer';
import type { BodyBytes } from '../../shared/wire/frame';

const utf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

export function toBodyBytes(bytes: Buffer, truncated?: { limit: number; seen: number }): BodyBytes {
  const body: BodyBytes = {
    base64: bytes.toString('base64'),
    text: utf8.decode(bytes),
    size: bytes.byteLength,
    utf8Valid: isUtf8(bytes),
  };
  if (truncated) body.truncated = truncated;
  return body;
}

/** Keeps the first `limit` bytes of a stream and counts the rest. */
export class CappedCollector {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  seen = 0;

  constructor(readonly limit: number) {}

  /** Returns false once the cap has been passed. */
  push(chunk: Buffer): boolean {
    this.seen += chunk.byteLength;
    const room = this.limit - this.kept;
    if (room > 0) {
      const part = chunk.byteLength <= room ? chunk : chunk.subarray(0, room);
      this.chunks.push(part);
      this.kept += part.byteLength;
    }
    return this.seen <= this.limit;
  }

  get overflowed(): boolean {
    return this.seen > this.limit;
  }

  toBody(): BodyBytes {
    const bytes = Buffer.concat(this.chunks, this.kept);
    return toBodyBytes(bytes, this.overflowed ? { limit: this.limit, seen: this.seen } : undefined);
  }
}
