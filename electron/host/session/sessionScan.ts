// Finds where everything is in a session file without holding it (issue 9: a million-event session opens with its
// index on disk, not everything in memory). One pass over the bytes records the byte span of each element of
// `frames`, of each value of the `blobs` table, and of every other top-level member; nothing is parsed but those
// other members (title, agents, redactions: small). JSON's structural characters are ASCII and never occur inside a
// UTF-8 multi-byte sequence, so the bytes can be scanned as they are. Inside strings the scan jumps from quote to
// quote with indexOf (memchr) and looks back for an escaping backslash, which is where most of a file's bytes are.

import { createReadStream } from 'node:fs';
import { SessionFileError } from '../../../shared/session/migrations';
import { throwIfCancelled } from '../operationAborts';

export interface SessionScan {
  /**
   * Where each frame (an object in the `frames` array) starts. Only starts are kept (8 bytes a frame: 80 MB for ten
   * million): a frame ends at the last `}` before the next one starts (endOfFrame), the last one at `framesEnd`.
   */
  frameStarts: Float64Array;
  frameCount: number;
  /** Where the last frame ends (0 when there is none). */
  framesEnd: number;
  /** Blob hash → byte span of its value, the quotes included. */
  blobs: Map<string, [number, number]>;
  /** Every other top-level member: name → byte span of its value. */
  members: Map<string, [number, number]>;
  bytes: number;
}

const QUOTE = 0x22;
/** Bytes of a string looked at one by one before indexOf is asked for its closing quote. */
const NEAR_BYTES = 32;
const BACKSLASH = 0x5c;
const MAX_KEY_BYTES = 1024;

type Region = 'other' | 'frames' | 'blobs';

/** A growable array of frame starts: a million frames cost 8 MB here rather than a million small arrays. */
class Starts {
  starts = new Float64Array(1024);
  count = 0;
  lastEnd = 0;

  push(start: number, end: number): void {
    if (this.count === this.starts.length) {
      const starts = new Float64Array(this.count * 2);
      starts.set(this.starts);
      this.starts = starts;
    }
    this.starts[this.count] = start;
    this.lastEnd = end;
    this.count++;
  }
}

/**
 * Where the frame whose bytes run up to `limit` (the next frame's start) ends: just after the last `}` before it.
 * Between two frames there are only commas and white space, so the first `}` looking back is the frame's own.
 */
export function endOfFrame(bytes: Uint8Array, limit: number, from = 0): number {
  for (let k = limit - 1; k >= from; k--) if (bytes[k] === 0x7d) return k + 1;
  return from;
}

export interface ScanOptions {
  maxFrames?: number;
  chunkBytes?: number;
  /** Checked between chunks, so a cancelled open stops mid-file rather than after reading it all (UX-5). */
  signal?: AbortSignal;
  /** Told the bytes read so far after each chunk. */
  onBytes?: (bytes: number) => void;
}

/** Scans the whole file, then answers its index: the straightforward way, which the progressive index must match. */
export async function scanSessionFile(file: string, options: ScanOptions = {}): Promise<SessionScan> {
  const scanner = new SessionScanner(options.maxFrames);
  let read = 0;
  // Leaving the loop by a throw destroys the stream, so a cancelled scan closes the file at once.
  for await (const piece of createReadStream(file, { highWaterMark: options.chunkBytes ?? 1024 * 1024 })) {
    throwIfCancelled(options.signal, 'the session was not opened');
    read += (piece as Buffer).length;
    scanner.feed(piece as Buffer);
    options.onBytes?.(read);
  }
  return scanner.finish();
}

/**
 * The scanner's state between chunks: where it is in the document, and what it has found so far. What it has found
 * may be read between chunks (frameCount, frameStarts, lastEnd): the progressive index shows the first rows from it
 * while the rest of the file is scanned (progressiveIndex.ts).
 */
export class SessionScanner {
  readonly frames = new Starts();
  readonly blobs = new Map<string, [number, number]>();
  readonly members = new Map<string, [number, number]>();
  /** Bytes fed so far: the absolute position of the next chunk's first byte. */
  private base = 0;
  private topClosed = false;
  private framesDone = false;

  private depth = 0;
  private inString = false;
  private stringStart = 0;
  /** Backslashes that ended the previous chunk inside a string (they may escape a quote at this chunk's start). */
  private trailingBackslashes = 0;
  /** Bytes of a key being read that began in an earlier chunk. */
  private keyCarry: Buffer[] = [];
  private keyCarryBytes = 0;
  private capturing = false;

  // Top level: which member is open, and where its value began.
  private expectKey = true;
  private memberName: string | undefined;
  private region: Region = 'other';
  private valueStart = -1;
  // Inside `frames` (depth 2) and `blobs` (depth 2).
  private elementStart = -1;
  private blobKey: string | undefined;
  private blobExpectKey = true;

  constructor(private readonly maxFrames: number | undefined) {}

  get frameCount(): number {
    return this.frames.count;
  }

  /** The starts found so far: a view that a later chunk may replace with a larger array, so ask again after one. */
  get frameStarts(): Float64Array {
    return this.frames.starts.subarray(0, this.frames.count);
  }

  get framesEnd(): number {
    return this.frames.lastEnd;
  }

  get bytesFed(): number {
    return this.base;
  }

  /** Whether the scan has gone past the end of the `frames` array (so no member after it has been missed). */
  get framesClosed(): boolean {
    return this.framesDone;
  }

  feed(chunk: Buffer): void {
    const chunkBase = this.base;
    let i = 0;
    while (i < chunk.length) {
      if (this.inString) {
        // Inline on purpose: as a method it made V8 scan a pretty-printed file nearly twice as slowly.
        const quote = nextQuote(chunk, i);
        if (quote === -1) {
          const run = backslashesBefore(chunk, chunk.length, i);
          this.trailingBackslashes = run === chunk.length - i ? this.trailingBackslashes + run : run;
          break;
        }
        let run = backslashesBefore(chunk, quote, i);
        if (run === quote && i === 0) run += this.trailingBackslashes;
        this.trailingBackslashes = 0;
        i = quote + 1;
        if (run % 2 === 1) continue;
        this.inString = false;
        this.stringEnded(chunkBase + quote, chunk, chunkBase);
        continue;
      }
      const c = chunk[i]!;
      const at = chunkBase + i;
      i++;
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
      if (this.topClosed) damaged(at, 'there is more after the end of the document');
      if (this.depth === 0) {
        if (c !== 0x7b) damaged(at, 'a session file is one JSON object');
        this.depth = 1;
        continue;
      }
      if (this.depth === 1 && this.topLevelByte(c, at)) continue;
      this.valueByte(c, at);
    }
    if (this.inString && this.capturing) this.carryKey(chunk, chunkBase);
    this.base += chunk.length;
  }

  finish(): SessionScan {
    if (!this.topClosed) damaged(this.base, 'the file ends before the document does, so it is truncated');
    const { frames } = this;
    return {
      frameStarts: frames.starts.subarray(0, frames.count),
      frameCount: frames.count,
      framesEnd: frames.lastEnd,
      blobs: this.blobs,
      members: this.members,
      bytes: this.base,
    };
  }

  /** A string closed at absolute position `end`: a member name or blob hash is read, a blob's span recorded. */
  private stringEnded(end: number, chunk: Buffer, chunkBase: number): void {
    const inBlobs = this.region === 'blobs' && this.depth === 2;
    if (this.depth === 1 || (inBlobs && this.blobExpectKey)) this.readKey(end, chunk, chunkBase);
    if (!inBlobs) return;
    if (this.blobExpectKey) this.blobExpectKey = false;
    else {
      if (this.blobKey === undefined) damaged(this.stringStart, 'a blob has no hash');
      this.blobs.set(this.blobKey!, [this.stringStart, end + 1]);
      this.blobKey = undefined;
    }
  }

  /** Parses the name whose closing quote is at absolute position `end`, from its bytes in this and earlier chunks. */
  private readKey(end: number, chunk: Buffer, chunkBase: number): void {
    if (!this.capturing) return;
    this.capturing = false;
    let bytes: Buffer;
    if (this.stringStart >= chunkBase)
      bytes = chunk.subarray(this.stringStart - chunkBase, end - chunkBase + 1);
    else bytes = Buffer.concat([...this.keyCarry, chunk.subarray(0, end - chunkBase + 1)]);
    this.keyCarry = [];
    this.keyCarryBytes = 0;
    let key: string;
    try {
      key = JSON.parse(bytes.toString('utf8')) as string;
    } catch {
      return damaged(this.stringStart, 'a member name is not a valid string');
    }
    if (this.depth === 1) {
      this.memberName = key;
      this.region = key === 'frames' ? 'frames' : key === 'blobs' ? 'blobs' : 'other';
    } else {
      this.blobKey = key;
    }
  }

  /**
   * A name that goes on in the next chunk: keeps its bytes so far, from the opening quote. Copied (a few bytes, at
   * most MAX_KEY_BYTES), so that no chunk is kept: the progressive index reads every chunk into the same buffer.
   */
  private carryKey(chunk: Buffer, chunkBase: number): void {
    const from = Math.max(0, this.stringStart - chunkBase);
    this.keyCarry.push(Buffer.from(chunk.subarray(from)));
    this.keyCarryBytes += chunk.length - from;
    if (this.keyCarryBytes > MAX_KEY_BYTES) damaged(this.stringStart, 'a member name is implausibly long');
  }

  /**
   * A byte between the top level's members: names, colons, commas and the closing brace. Returns false for a
   * byte of a member's value, which valueByte then takes.
   */
  private topLevelByte(c: number, at: number): boolean {
    if (this.expectKey) {
      if (c === 0x7d && this.memberName === undefined) {
        this.depth = 0;
        this.topClosed = true;
        return true;
      }
      if (c !== QUOTE) damaged(at, 'expected a member name');
      this.inString = true;
      this.stringStart = at;
      this.capturing = true;
      this.expectKey = false;
      return true;
    }
    if (c === 0x3a && this.valueStart === -1) {
      this.valueStart = -2; // the value starts at the next non-space byte
      return true;
    }
    if (this.valueStart === -2) {
      this.valueStart = at;
      if (this.region === 'frames' && c !== 0x5b) damaged(at, '"frames" must be an array');
      if (this.region === 'blobs' && c !== 0x7b) damaged(at, '"blobs" must be an object');
    }
    if (c !== 0x2c && c !== 0x7d) return false;
    if (this.memberName === undefined || this.valueStart < 0) damaged(at, 'a member has no value');
    if (this.region === 'other') this.members.set(this.memberName!, [this.valueStart, at]);
    if (this.region === 'frames') this.framesDone = true;
    this.memberName = undefined;
    this.region = 'other';
    this.valueStart = -1;
    this.expectKey = true;
    if (c === 0x7d) {
      this.depth = 0;
      this.topClosed = true;
    }
    return true;
  }

  /** A byte of a value outside strings: containers change the depth; frames are recorded where they start and end. */
  private valueByte(c: number, at: number): void {
    const inFrames = this.region === 'frames' && this.depth === 2;
    const inBlobs = this.region === 'blobs' && this.depth === 2;
    if (c === QUOTE) {
      this.inString = true;
      this.stringStart = at;
      if (inFrames) damaged(at, 'each frame must be an object');
      // A blob's hash is read as it ends; its value only has its span recorded.
      this.capturing = inBlobs && this.blobExpectKey;
      return;
    }
    if (c === 0x7b || c === 0x5b) {
      if (inFrames) {
        if (c !== 0x7b) damaged(at, 'each frame must be an object');
        this.elementStart = at;
      }
      if (inBlobs) damaged(at, 'a blob must be a base64 string');
      this.depth++;
      return;
    }
    if (c === 0x7d || c === 0x5d) {
      this.depth--;
      if (this.depth < 1) damaged(at, 'a bracket closes that was never opened');
      if (this.region === 'frames' && this.depth === 2) this.frameEnded(at);
      return;
    }
    if (inFrames && c !== 0x2c) damaged(at, 'each frame must be an object');
    if (inBlobs) {
      if (c === 0x3a) return;
      if (c === 0x2c) {
        this.blobExpectKey = true;
        return;
      }
      damaged(at, 'a blob must be a base64 string');
    }
  }

  private frameEnded(at: number): void {
    this.frames.push(this.elementStart, at + 1);
    if (this.maxFrames !== undefined && this.frames.count > this.maxFrames) {
      throw new SessionFileError(`The session holds more than ${this.maxFrames} frames.`);
    }
  }
}

/** Where the next quote is from `from` on, escaped or not; -1 when the chunk has none. */
function nextQuote(chunk: Buffer, from: number): number {
  // Most strings are short: a few bytes looked at here cost less than a call to indexOf, which takes the rest.
  const near = Math.min(chunk.length, from + NEAR_BYTES);
  for (let k = from; k < near; k++) if (chunk[k] === QUOTE) return k;
  return near < chunk.length ? chunk.indexOf(QUOTE, near) : -1;
}

/** How many backslashes come right before `end`, looking no further back than `from`. */
function backslashesBefore(chunk: Buffer, end: number, from: number): number {
  let run = 0;
  for (let j = end - 1; j >= from && chunk[j] === BACKSLASH; j--) run++;
  return run;
}

function damaged(at: number, why: string): never {
  throw new SessionFileError(`The session file is damaged at byte ${at}: ${why}. Nothing was opened.`);
}
