// The index of a session file kept under `<data folder>/index/` (issue 27: a session opened again shows its rows
// without scanning it). One file read in one go: a JSON header line (what it indexes, the blob and member spans),
// padded so the frame starts that follow are 8-byte aligned and are used in place as float64s, not copied. It is
// used only when the session file has the same path, size and modification time and the same first and last 64 KiB
// (a hash of them), so a file rewritten in place within the same second, keeping its size, is scanned again.

import { createHash } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../atomicFile';
import type { SessionScan } from './sessionScan';

const INDEX_VERSION = 2;
/** Bytes at each end of the session file that the index names by hash. */
const PROBE_BYTES = 64 * 1024;

interface IndexHeader {
  version: number;
  file: string;
  size: number;
  mtimeMs: number;
  /** sha256 of the file's first and last PROBE_BYTES. */
  probe: string;
  frameCount: number;
  framesEnd: number;
  blobs: Array<[string, number, number]>;
  members: Array<[string, number, number]>;
}

/** What identifies the indexed file: the index is used only while all of it is unchanged. */
export interface FileIdentity {
  size: number;
  mtimeMs: number;
}

export function keptIndexPath(indexDir: string, file: string): string {
  return path.join(
    indexDir,
    `${createHash('sha256').update(path.resolve(file)).digest('hex').slice(0, 32)}.idx`,
  );
}

/** sha256 of the file's head and tail: cheap (128 KiB read), and it changes when either end is rewritten. */
export async function fileProbe(file: string, size: number): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const hash = createHash('sha256');
    const headBytes = Math.min(size, PROBE_BYTES);
    const head = Buffer.alloc(headBytes);
    await handle.read(head, 0, headBytes, 0);
    hash.update(head);
    const tailStart = Math.max(headBytes, size - PROBE_BYTES);
    const tail = Buffer.alloc(size - tailStart);
    await handle.read(tail, 0, tail.length, tailStart);
    hash.update(tail);
    return hash.digest('hex');
  } finally {
    await handle.close();
  }
}

export async function writeKeptIndex(
  indexDir: string,
  file: string,
  identity: FileIdentity,
  scan: SessionScan,
): Promise<void> {
  await mkdir(indexDir, { recursive: true, mode: 0o700 });
  const header: IndexHeader = {
    version: INDEX_VERSION,
    file: path.resolve(file),
    size: identity.size,
    mtimeMs: identity.mtimeMs,
    probe: await fileProbe(file, identity.size),
    frameCount: scan.frameCount,
    framesEnd: scan.framesEnd,
    blobs: [...scan.blobs].map(([hash, [start, end]]) => [hash, start, end]),
    members: [...scan.members].map(([name, [start, end]]) => [name, start, end]),
  };
  const json = JSON.stringify(header);
  // Spaces before the newline bring the starts to an 8-byte boundary.
  const line = `${json}${' '.repeat((8 - ((Buffer.byteLength(json) + 1) % 8)) % 8)}\n`;
  const starts = scan.frameStarts;
  await writeFileAtomic(keptIndexPath(indexDir, file), [
    line,
    Buffer.from(starts.buffer, starts.byteOffset, starts.byteLength),
  ]);
}

/** The kept index of `file`, or undefined when there is none or it does not describe the file as it is now. */
export async function readKeptIndex(
  indexDir: string,
  file: string,
  identity: FileIdentity,
): Promise<SessionScan | undefined> {
  const bytes = await readFile(keptIndexPath(indexDir, file)).catch(() => undefined);
  if (!bytes) return undefined;
  const newline = bytes.indexOf(0x0a);
  if (newline === -1) return undefined;
  let header: IndexHeader;
  try {
    header = JSON.parse(bytes.toString('utf8', 0, newline)) as IndexHeader;
  } catch {
    return undefined;
  }
  const fits =
    header.version === INDEX_VERSION &&
    header.file === path.resolve(file) &&
    header.size === identity.size &&
    header.mtimeMs === identity.mtimeMs &&
    Number.isSafeInteger(header.frameCount) &&
    bytes.length - newline - 1 === header.frameCount * 8;
  if (!fits || header.probe !== (await fileProbe(file, identity.size))) return undefined;
  const at = bytes.byteOffset + newline + 1;
  // Used in place when aligned (a file read whole is its own allocation), copied otherwise.
  const starts =
    at % 8 === 0
      ? new Float64Array(bytes.buffer, at, header.frameCount)
      : new Float64Array(new Uint8Array(bytes.subarray(newline + 1)).buffer);
  return {
    frameStarts: starts,
    frameCount: header.frameCount,
    framesEnd: header.framesEnd,
    blobs: new Map(header.blobs.map(([hash, start, end]) => [hash, [start, end]])),
    members: new Map(header.members.map(([name, start, end]) => [name, [start, end]])),
    bytes: identity.size,
  };
}
