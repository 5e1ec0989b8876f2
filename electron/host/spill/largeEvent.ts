// One SSE block larger than the per-event cap, written to the store folder as it arrives (FRM-8, SEC-4) instead of
// being dropped: hashed on the way and named by its sha256 once its blank line is read, as large bodies are
// (spillCollector.ts), so the journal and the window's Load find it the same way. Only its first bytes stay in memory.

import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** The first bytes of a stored event kept in its frame: enough to see what it is and read its `event` field. */
export const LARGE_EVENT_HEAD_BYTES = 4 * 1024;

export interface StoredEvent {
  sha256: string;
  size: number;
  /** The first bytes, decoded as UTF-8 (a character cut at the end shows as U+FFFD). */
  head: string;
  /** The block's `event` field when its first bytes name one, else `message` (the SSE default). */
  type: string;
}

export class LargeEventSpill {
  private readonly fd: number;
  private readonly temp: string;
  private readonly hash = createHash('sha256');
  private size = 0;
  private readonly head: Buffer[] = [];
  private headBytes = 0;

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.temp = path.join(dir, `.event-${process.pid}-${Math.random().toString(36).slice(2)}`);
    this.fd = openSync(this.temp, 'w', 0o600);
  }

  write(bytes: Buffer): void {
    if (bytes.byteLength === 0) return;
    writeSync(this.fd, bytes);
    this.hash.update(bytes);
    this.size += bytes.byteLength;
    if (this.headBytes < LARGE_EVENT_HEAD_BYTES) {
      const part = bytes.subarray(0, LARGE_EVENT_HEAD_BYTES - this.headBytes);
      this.head.push(Buffer.from(part));
      this.headBytes += part.byteLength;
    }
  }

  /** Closes the file and names it by its content; a file already there holds the same bytes. */
  finish(): StoredEvent {
    closeSync(this.fd);
    const sha256 = this.hash.digest('hex');
    const file = path.join(this.dir, sha256);
    if (existsSync(file)) rmSync(this.temp, { force: true });
    else renameSync(this.temp, file);
    const head = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(Buffer.concat(this.head));
    return { sha256, size: this.size, head, type: eventType(head) };
  }

  /** Drops what was written: the stream ended inside the block, which SSE then never dispatches. */
  abandon(): void {
    try {
      closeSync(this.fd);
    } finally {
      rmSync(this.temp, { force: true });
    }
  }
}

/** The last `event` field among the block's complete first lines (the one SSE would use), or `message`. */
function eventType(head: string): string {
  const lines = head.split(/\r\n|\r|\n/);
  lines.pop(); // The last line may be cut.
  let type = '';
  for (const line of lines) {
    if (line === '') break;
    if (line === 'event') type = '';
    else if (line.startsWith('event:')) type = line.slice(line.startsWith('event: ') ? 7 : 6);
  }
  return type === '' ? 'message' : type;
}
