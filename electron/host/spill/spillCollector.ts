// Reads a response body that may be too large for memory (SEC-4): up to `aboveBytes` it is kept in memory like any
// body; past that, everything so far and everything after goes to a file in the store folder, hashed on the way, and
// the file is named by its sha256 once the body ends. The frame then carries no bytes (`base64` empty), only the
// reference, and a text the app can still decode: the JSON with its long strings cut out (reduceJson.ts), or, for a
// body that is not JSON or stays large even so, its first bytes.

import { createHash, type Hash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { BodyBytes } from '../../../shared/wire/frame';
import { toBodyBytes } from '../bodyBytes';
import { JsonReducer } from './reduceJson';

export interface SpillOptions {
  /** The store folder: a recording's blob folder, so the journal finds the bytes, or a folder of the run's own. */
  dir: string;
  /** Bodies up to this stay in memory. */
  aboveBytes: number;
  /** Strings longer than this (in bytes, as sent) are cut out of the decodable text. */
  stringBytes?: number;
  /** A reduced text longer than this is not kept; the frame shows the body's first bytes instead. */
  reducedMaxBytes?: number;
}

/** Answers up to this stay in memory; a larger one is read to disk (a file part of a few MB stays inline). */
export const SPILL_ABOVE_BYTES = 8 * 1024 * 1024;

/** The first bytes shown for a stored body that has no reduced text. */
export const STORED_HEAD_BYTES = 64 * 1024;
const READ_BYTES = 1024 * 1024;

export class SpillingCollector {
  private chunks: Buffer[] = [];
  private kept = 0;
  seen = 0;
  private fd: number | undefined;
  private temp = '';
  // Made, and fed, only once the body goes to disk: a body kept in memory needs neither (most answers are small).
  private hash: Hash | undefined;
  private utf8: InstanceType<typeof TextDecoder> | undefined;
  private utf8Valid = true;
  /** The disk error that stopped the spill; push() then says stop and toBody() throws it. */
  private failure: Error | undefined;

  constructor(
    readonly limit: number,
    private readonly options: SpillOptions,
  ) {}

  /** Returns false once the cap has been passed, or when the disk refused the bytes. */
  push(chunk: Buffer): boolean {
    if (this.failure) return false;
    try {
      return this.take(chunk);
    } catch (error) {
      this.failure = error as Error;
      return false;
    }
  }

  private take(chunk: Buffer): boolean {
    this.seen += chunk.byteLength;
    const room = this.limit - this.kept;
    if (room > 0) {
      const part = chunk.byteLength <= room ? chunk : chunk.subarray(0, room);
      this.kept += part.byteLength;
      if (this.fd !== undefined) {
        this.hash!.update(part);
        this.checkUtf8(part, true);
        writeSync(this.fd, part);
      } else {
        this.chunks.push(part);
        if (this.kept > this.options.aboveBytes) this.spill();
      }
    }
    return this.seen <= this.limit;
  }

  get overflowed(): boolean {
    return this.seen > this.limit;
  }

  /** Whether the body went to disk. */
  get spilled(): boolean {
    return this.fd !== undefined;
  }

  toBody(): BodyBytes {
    if (this.failure) {
      if (this.fd !== undefined) closeSync(this.fd);
      rmSync(this.temp, { force: true });
      throw this.failure;
    }
    const truncated = this.overflowed ? { limit: this.limit, seen: this.seen } : undefined;
    if (this.fd === undefined) return toBodyBytes(Buffer.concat(this.chunks, this.kept), truncated);
    closeSync(this.fd);
    this.checkUtf8(Buffer.alloc(0), false);
    const sha256 = this.hash!.digest('hex');
    const file = path.join(this.options.dir, sha256);
    // Named by content: a file already there holds the same bytes.
    if (existsSync(file)) rmSync(this.temp, { force: true });
    else renameSync(this.temp, file);
    const reduced = reduceStored(file, sha256, this.options);
    const body: BodyBytes = {
      base64: '',
      text: reduced?.text ?? headText(file),
      size: this.kept,
      utf8Valid: this.utf8Valid,
      stored: { sha256, text: reduced ? 'reduced' : 'head', strings: reduced?.strings ?? 0 },
    };
    if (truncated) body.truncated = truncated;
    return body;
  }

  private spill(): void {
    mkdirSync(this.options.dir, { recursive: true, mode: 0o700 });
    this.temp = path.join(this.options.dir, `.spill-${process.pid}-${Math.random().toString(36).slice(2)}`);
    this.fd = openSync(this.temp, 'w', 0o600);
    this.hash = createHash('sha256');
    this.utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    for (const chunk of this.chunks) {
      this.hash.update(chunk);
      this.checkUtf8(chunk, true);
      writeSync(this.fd, chunk);
    }
    this.chunks = [];
  }

  private checkUtf8(bytes: Buffer, stream: boolean): void {
    if (!this.utf8Valid || !this.utf8) return;
    try {
      this.utf8.decode(bytes, { stream });
    } catch {
      this.utf8Valid = false;
    }
  }
}

/** The stored JSON with its long strings cut out, or undefined when the result is not JSON or still too large. */
function reduceStored(
  file: string,
  sha256: string,
  options: SpillOptions,
): { text: string; strings: number } | undefined {
  const reducer = new JsonReducer(sha256, options.stringBytes ?? 256 * 1024);
  const maxBytes = options.reducedMaxBytes ?? 4 * 1024 * 1024;
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(READ_BYTES);
    for (;;) {
      const read = readSync(fd, buffer, 0, READ_BYTES, null);
      if (read === 0) break;
      reducer.push(buffer.subarray(0, read));
      if (reducer.size > maxBytes) return undefined;
    }
  } finally {
    closeSync(fd);
  }
  const text = reducer.end();
  try {
    JSON.parse(text);
  } catch {
    return undefined;
  }
  return { text, strings: reducer.cut };
}

function headText(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(STORED_HEAD_BYTES);
    const read = readSync(fd, buffer, 0, STORED_HEAD_BYTES, 0);
    return new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(buffer.subarray(0, read));
  } finally {
    closeSync(fd);
  }
}
