// Finds where everything is in a session file without holding it (issue 9: a million-event session opens with its
// index on disk, not everything in memory). One pass over the bytes records the byte span of each element of
// `frames`, of each value of the `blobs` table, and of every other top-level member; nothing is parsed but those
// other members (title, agents, redactions: small). JSON's structural characters are ASCII and never occur inside a
// UTF-8 multi-byte sequence, so the bytes can be scanned as they are. Inside strings the scan jumps from quote to
// quote with indexOf (memchr) and looks back for an escaping backslash, which is where most of a file's bytes are.

import { createReadStream } from 'node:fs';
import { SessionFileError } from '../../../shared/session/migrations';

export interface SessionScan {
  /** Byte span [start, end) of each frame (an object) in the `frames` array. */
  frameStarts: Float64Array;
  frameEnds: Float64Array;
  frameCount: number;
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

/** A growable pair of span arrays: a million frames cost 16 MB here rather than a million small arrays. */
class Spans {
  starts = new Float64Array(1024);
  ends = new Float64Array(1024);
  count = 0;

  push(start: number, end: number): void {
    if (this.count === this.starts.length) {
      const starts = new Float64Array(this.count * 2);
      const ends = new Float64Array(this.count * 2);
      starts.set(this.starts);
      ends.set(this.ends);
      this.starts = starts;
      this.ends = ends;
    }
    this.starts[this.count] = start;
    this.ends[this.count] = end;
    this.count++;
  }
}

export async function scanSessionFile(
  file: string,
  options: { maxFrames?: number; chunkBytes?: number } = {},
): Promise<SessionScan> {
  const frames = new Spans();
  const blobs = new Map<string, [number, number]>();
  const members = new Map<string, [number, number]>();
  const fail = (at: number, why: string): never => {
    throw new SessionFileError(`The session file is damaged at byte ${at}: ${why}. Nothing was opened.`);
  };

  let depth = 0;
  let inString = false;
  let stringStart = 0;
  /** Backslashes that ended the previous chunk inside a string (they may escape a quote at this chunk's start). */
  let trailingBackslashes = 0;
  /** Bytes of a key being read that began in an earlier chunk. */
  let keyCarry: Buffer[] = [];
  let keyCarryBytes = 0;
  let capturing = false;

  // Top level: which member is open, and where its value began.
  let expectKey = true;
  let memberName: string | undefined;
  // Widened on purpose: endString() changes it, which the compiler's narrowing does not see.
  let region = 'other' as Region;
  let valueStart = -1;
  // Inside `frames` (depth 2) and `blobs` (depth 2).
  let elementStart = -1;
  let blobKey: string | undefined;
  let blobExpectKey = true;
  let topClosed = false;
  let base = 0;

  const endString = (end: number, chunk: Buffer, chunkBase: number) => {
    // `end` is the absolute position of the closing quote.
    if (!capturing) return;
    capturing = false;
    let bytes: Buffer;
    if (stringStart >= chunkBase) bytes = chunk.subarray(stringStart - chunkBase, end - chunkBase + 1);
    else bytes = Buffer.concat([...keyCarry, chunk.subarray(0, end - chunkBase + 1)]);
    keyCarry = [];
    keyCarryBytes = 0;
    let key: string;
    try {
      key = JSON.parse(bytes.toString('utf8')) as string;
    } catch {
      return fail(stringStart, 'a member name is not a valid string');
    }
    if (depth === 1) {
      memberName = key;
      region = key === 'frames' ? 'frames' : key === 'blobs' ? 'blobs' : 'other';
    } else {
      blobKey = key;
    }
  };

  for await (const piece of createReadStream(file, { highWaterMark: options.chunkBytes ?? 1024 * 1024 })) {
    const chunk = piece as Buffer;
    const chunkBase = base;
    let i = 0;
    while (i < chunk.length) {
      if (inString) {
        // Most strings are short: a few bytes looked at here cost less than a call to indexOf, which takes the rest.
        let quote = -1;
        const near = Math.min(chunk.length, i + NEAR_BYTES);
        for (let k = i; k < near; k++) {
          if (chunk[k] === QUOTE) {
            quote = k;
            break;
          }
        }
        if (quote === -1 && near < chunk.length) quote = chunk.indexOf(QUOTE, near);
        if (quote === -1) {
          let run = 0;
          for (let j = chunk.length - 1; j >= i && chunk[j] === BACKSLASH; j--) run++;
          trailingBackslashes = run === chunk.length - i ? trailingBackslashes + run : run;
          break;
        }
        let run = 0;
        let j = quote - 1;
        for (; j >= i && chunk[j] === BACKSLASH; j--) run++;
        if (j < i && i === 0) run += trailingBackslashes;
        trailingBackslashes = 0;
        if (run % 2 === 1) {
          i = quote + 1;
          continue;
        }
        inString = false;
        i = quote + 1;
        const end = chunkBase + quote;
        if (depth === 1 || (region === 'blobs' && depth === 2 && blobExpectKey))
          endString(end, chunk, chunkBase);
        if (region === 'blobs' && depth === 2) {
          if (blobExpectKey) blobExpectKey = false;
          else {
            if (blobKey === undefined) fail(stringStart, 'a blob has no hash');
            blobs.set(blobKey!, [stringStart, end + 1]);
            blobKey = undefined;
          }
        }
        continue;
      }
      const c = chunk[i]!;
      const at = chunkBase + i;
      i++;
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
      if (topClosed) fail(at, 'there is more after the end of the document');
      if (depth === 0) {
        if (c !== 0x7b) fail(at, 'a session file is one JSON object');
        depth = 1;
        continue;
      }
      if (depth === 1) {
        if (expectKey) {
          if (c === 0x7d && memberName === undefined) {
            depth = 0;
            topClosed = true;
            continue;
          }
          if (c !== QUOTE) fail(at, 'expected a member name');
          inString = true;
          stringStart = at;
          capturing = true;
          expectKey = false;
          continue;
        }
        if (c === 0x3a && valueStart === -1) {
          valueStart = -2; // the value starts at the next non-space byte
          continue;
        }
        if (valueStart === -2) {
          valueStart = at;
          if (region === 'frames' && c !== 0x5b) fail(at, '"frames" must be an array');
          if (region === 'blobs' && c !== 0x7b) fail(at, '"blobs" must be an object');
        }
        if (c === 0x2c || c === 0x7d) {
          if (memberName === undefined || valueStart < 0) fail(at, 'a member has no value');
          if (region === 'other') members.set(memberName!, [valueStart, at]);
          memberName = undefined;
          region = 'other';
          valueStart = -1;
          expectKey = true;
          if (c === 0x7d) {
            depth = 0;
            topClosed = true;
          }
          continue;
        }
      }
      // Values: containers change the depth; frames and blob values are recorded where they start and end.
      if (c === QUOTE) {
        inString = true;
        stringStart = at;
        if (region === 'frames' && depth === 2) fail(at, 'each frame must be an object');
        // A blob's hash is read as it ends; its value only has its span recorded.
        capturing = region === 'blobs' && depth === 2 && blobExpectKey;
        continue;
      }
      if (c === 0x7b || c === 0x5b) {
        if (region === 'frames' && depth === 2) {
          if (c !== 0x7b) fail(at, 'each frame must be an object');
          elementStart = at;
        }
        if (region === 'blobs' && depth === 2) fail(at, 'a blob must be a base64 string');
        depth++;
        continue;
      }
      if (c === 0x7d || c === 0x5d) {
        depth--;
        if (depth < 1) fail(at, 'a bracket closes that was never opened');
        if (region === 'frames' && depth === 2) {
          frames.push(elementStart, at + 1);
          if (options.maxFrames !== undefined && frames.count > options.maxFrames) {
            throw new SessionFileError(`The session holds more than ${options.maxFrames} frames.`);
          }
        }
        continue;
      }
      if (region === 'frames' && depth === 2 && c !== 0x2c) fail(at, 'each frame must be an object');
      if (region === 'blobs' && depth === 2) {
        if (c === 0x3a) continue;
        if (c === 0x2c) {
          blobExpectKey = true;
          continue;
        }
        fail(at, 'a blob must be a base64 string');
      }
    }
    if (inString && capturing) {
      // A name that goes on in the next chunk: its bytes so far, from the opening quote.
      const from = Math.max(0, stringStart - chunkBase);
      keyCarry.push(chunk.subarray(from));
      keyCarryBytes += chunk.length - from;
      if (keyCarryBytes > MAX_KEY_BYTES) fail(stringStart, 'a member name is implausibly long');
    }
    base += chunk.length;
  }
  if (!topClosed) fail(base, 'the file ends before the document does, so it is truncated');
  return {
    frameStarts: frames.starts.subarray(0, frames.count),
    frameEnds: frames.ends.subarray(0, frames.count),
    frameCount: frames.count,
    blobs,
    members,
    bytes: base,
  };
}
