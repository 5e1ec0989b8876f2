// Cuts the long strings out of a JSON body read from disk (SEC-4): what is left — the structure, the small values —
// is small enough to parse and decode like any answer, and each long string becomes a placeholder naming where its
// content lies in the stored body (shared/wire/storedString.ts). Works on bytes, chunk by chunk, so the body itself
// is never held whole. Anything that is not a string passes through unchanged; if the body is not JSON the output
// is not either, and the caller finds that out when it parses.

import { storedStringJson } from '../../../shared/wire/storedString';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENING_QUOTE = Buffer.from('"');

export class JsonReducer {
  private readonly out: Buffer[] = [];
  private outBytes = 0;
  private offset = 0;
  private inString = false;
  private escaped = false;
  /** Start of the current string's content in the body. */
  private contentStart = 0;
  /** The current string's content while it is still short enough to keep. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private long = false;
  /** How many strings were cut out. */
  cut = 0;

  constructor(
    private readonly sha256: string,
    private readonly minLength: number,
  ) {}

  push(chunk: Buffer): void {
    let from = 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (!this.inString) {
        if (byte === QUOTE) {
          this.emit(chunk.subarray(from, i));
          // On its own, so a long string's placeholder can take its place (endString).
          this.emit(OPENING_QUOTE);
          from = i + 1;
          this.inString = true;
          this.escaped = false;
          this.long = false;
          this.contentStart = this.offset + i + 1;
        }
        continue;
      }
      if (this.escaped) {
        this.escaped = false;
        continue;
      }
      if (byte === BACKSLASH) {
        this.escaped = true;
        continue;
      }
      if (byte === QUOTE) {
        this.content(chunk.subarray(from, i));
        this.endString(this.offset + i);
        from = i;
        this.inString = false;
      }
    }
    if (this.inString) this.content(chunk.subarray(from));
    else this.emit(chunk.subarray(from));
    this.offset += chunk.length;
  }

  /** The reduced text; a string still open at the end (a body cut short) is closed with what was kept of it. */
  end(): string {
    if (this.inString && !this.long) this.flushPending();
    return Buffer.concat(this.out, this.outBytes).toString('utf8');
  }

  /** Bytes of reduced output so far. */
  get size(): number {
    return this.outBytes;
  }

  private content(bytes: Buffer): void {
    if (this.long || bytes.length === 0) return;
    this.pending.push(Buffer.from(bytes)); // copied, as in emit()
    this.pendingBytes += bytes.length;
    if (this.pendingBytes > this.minLength) {
      this.long = true;
      this.pending = [];
      this.pendingBytes = 0;
    }
  }

  /** At the closing quote at body offset `at`: the content kept, or the placeholder; the quote follows. */
  private endString(at: number): void {
    if (!this.long) {
      this.flushPending();
      return;
    }
    this.cut++;
    const placeholder = storedStringJson({
      sha256: this.sha256,
      offset: this.contentStart,
      length: at - this.contentStart,
    });
    // The placeholder is a whole JSON string; its quotes replace the ones around the content. The last piece out
    // is the opening quote: a long string's content is never emitted.
    this.out.pop();
    this.outBytes -= 1;
    this.emit(Buffer.from(placeholder.slice(0, -1)));
  }

  private flushPending(): void {
    for (const piece of this.pending) this.emit(piece);
    this.pending = [];
    this.pendingBytes = 0;
  }

  private emit(bytes: Buffer): void {
    if (bytes.length === 0) return;
    // Copied: the caller may reuse the chunk's memory for the next read.
    this.out.push(Buffer.from(bytes));
    this.outBytes += bytes.length;
  }
}
