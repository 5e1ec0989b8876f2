// A session file opened by its index rather than read whole (issue 9: a million-event session opens and scrolls
// with its index on disk, not everything in memory). sessionScan.ts finds the byte span of every frame once; the
// spans are kept in a file under `<data folder>/index/`, found again by the session file's path, size and time,
// so opening the same file twice scans it once. Frames are read from the file a page at a time, checked against the
// frame schema and given back their blobs, exactly as a file read whole would give them.

import { createHash } from 'node:crypto';
import { mkdir, open, readFile, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { loadSessionValue, SessionFileError } from '../../../shared/session/migrations';
import { frameSchema } from '../../../shared/session/frameSchema';
import { SESSION_MAX_FRAMES } from '../../../shared/session/sessionFile';
import type { RedactionItem, SessionAgent } from '../../../shared/session/types';
import { cleanAgents } from '../../../shared/session/sessionAgents';
import type { Frame } from '../../../shared/wire/frame';
import { writeFileAtomic } from '../atomicFile';
import { blobReader, internalizeFrame } from './blobs';
import { scanSessionFile, type ScanOptions, type SessionScan } from './sessionScan';
import { MAX_FRAME_DEPTH, nestedDeeperThan } from '../../../shared/wire/jsonDepth';

/** Frames read on demand: an indexed file, or frames already in memory (a large journal, a dropped file). */
export interface FrameSource {
  readonly count: number;
  read(from: number, count: number): Promise<Frame[]>;
  close(): Promise<void>;
}

export interface IndexedSession {
  title: string;
  agents: SessionAgent[];
  redactions: RedactionItem[];
  notices: string[];
  appVersion?: string;
  savedAt?: string;
  migratedFrom?: number;
  startedAt?: number;
  endedAt?: number;
  frames: FrameSource;
}

const INDEX_VERSION = 1;
const sha256Hex = /^[0-9a-f]{64}$/;

export function memoryFrames(frames: readonly Frame[]): FrameSource {
  return {
    count: frames.length,
    read: async (from, count) => frames.slice(from, from + count),
    close: async () => undefined,
  };
}

/** Opens a session file by its index (built now, or found under `indexDir` from an earlier open). */
export async function openIndexedSession(
  file: string,
  indexDir?: string,
  options: {
    maxReadBytes?: number;
    signal?: AbortSignal;
    onBytes?: (bytes: number, total: number) => void;
  } = {},
): Promise<IndexedSession> {
  const info = await stat(file);
  const scan = await cachedScan(file, info.size, info.mtimeMs, indexDir, {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onBytes ? { onBytes: (bytes) => options.onBytes!(bytes, info.size) } : {}),
  });
  const handle = await open(file, 'r');
  try {
    const maxReadBytes = options.maxReadBytes ?? MAX_READ_BYTES;
    const read = bytesReader(handle, maxReadBytes);
    const head = await readHead(read, scan);
    const source = fileFrames(read, () => handle.close(), scan, Math.min(READ_RUN_BYTES, maxReadBytes));
    const first = scan.frameCount > 0 ? (await source.read(0, 1))[0] : undefined;
    const last = scan.frameCount > 1 ? (await source.read(scan.frameCount - 1, 1))[0] : first;
    const agents = cleanAgents(head.file.agents);
    const notices = [...agents.notices];
    if (head.migratedFrom !== undefined)
      notices.push(
        `This file was saved in session format ${head.migratedFrom}; it was read as the current one.`,
      );
    if (head.file.redactions.length > 0)
      notices.push(`${head.file.redactions.length} secret values were redacted when this session was saved.`);
    return {
      title: head.file.title,
      agents: agents.agents,
      redactions: head.file.redactions,
      notices,
      appVersion: head.file.appVersion,
      savedAt: head.file.savedAt,
      ...(head.migratedFrom !== undefined ? { migratedFrom: head.migratedFrom } : {}),
      ...(first ? { startedAt: first.timing.start } : {}),
      ...(last ? { endedAt: last.timing.start } : {}),
      frames: source,
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** The top-level members other than frames and blobs, parsed, migrated and checked like a whole file's. */
async function readHead(read: ReadBytes, scan: SessionScan) {
  const value: Record<string, unknown> = {};
  for (const [name, [start, end]] of scan.members) {
    const text = (await read(start, end, `its "${name}"`)).toString('utf8');
    try {
      value[name] = JSON.parse(text) as unknown;
    } catch {
      throw new SessionFileError(`The session file is damaged: its "${name}" is not valid JSON.`);
    }
  }
  for (const hash of scan.blobs.keys()) {
    if (!sha256Hex.test(hash))
      throw new SessionFileError('The session file is damaged: a blob key is not a sha256.');
  }
  return loadSessionValue({ ...value, frames: [], blobs: {} });
}

function fileFrames(
  read: ReadBytes,
  close: () => Promise<void>,
  scan: SessionScan,
  runBytes: number,
): FrameSource {
  const blobSource = async (hash: string): Promise<Buffer | undefined> => {
    const span = scan.blobs.get(hash);
    if (!span) return undefined;
    const text = (await read(span[0], span[1], `blob ${hash.slice(0, 12)}`)).toString('utf8');
    return Buffer.from(JSON.parse(text) as string, 'base64');
  };
  return {
    count: scan.frameCount,
    async read(from, count) {
      const first = Math.max(0, from);
      const last = Math.min(scan.frameCount, first + count);
      if (last <= first) return [];
      const frames: Frame[] = [];
      // Read in runs of at most `runBytes`, so a page of unusually large frames is not one huge buffer.
      for (let runStart = first; runStart < last;) {
        let runEnd = runStart + 1;
        while (runEnd < last && scan.frameEnds[runEnd]! - scan.frameStarts[runStart]! <= runBytes) runEnd++;
        const base = scan.frameStarts[runStart]!;
        const bytes = await read(base, scan.frameEnds[runEnd - 1]!, `frame ${runStart}`);
        for (let i = runStart; i < runEnd; i++) {
          frames.push(
            checkedFrame(bytes.toString('utf8', scan.frameStarts[i]! - base, scan.frameEnds[i]! - base), i),
          );
        }
        runStart = runEnd;
      }
      // Bodies in the blob table are put back, each blob read once per page.
      const wanted = new Map<string, Buffer | undefined>();
      for (const frame of frames) for (const hash of blobHashes(frame)) wanted.set(hash, undefined);
      for (const hash of wanted.keys()) wanted.set(hash, await blobSource(hash));
      if (wanted.size === 0) return frames;
      const reader = blobReader((hash) => wanted.get(hash));
      const missing = new Set<string>();
      return frames.map((frame) => internalizeFrame(frame, reader, missing));
    },
    close,
  };
}

/** Frames read from the file at once: a page is read in runs of about this many bytes. */
const READ_RUN_BYTES = 32 * 1024 * 1024;

function checkedFrame(text: string, index: number): Frame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SessionFileError(`The session file is damaged: frame ${index} is not valid JSON.`);
  }
  if (nestedDeeperThan(value, MAX_FRAME_DEPTH)) {
    throw new SessionFileError(
      `The session file is damaged: frame ${index} nests more than ${MAX_FRAME_DEPTH} levels deep.`,
    );
  }
  const checked = frameSchema.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new SessionFileError(
      `The session file is damaged: frame ${index} has the wrong shape (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown'}).`,
    );
  }
  return value as Frame;
}

function blobHashes(frame: Frame): string[] {
  const refs = [
    frame.kind === 'sse' ? frame : undefined,
    frame.kind === 'sse' ? undefined : frame.request.body,
    frame.kind === 'http' ? frame.response?.body : frame.kind === 'webhook' ? frame.response.body : undefined,
  ];
  const out: string[] = [];
  for (const ref of refs) {
    const blob = (ref as { blob?: unknown } | undefined)?.blob;
    if (typeof blob === 'string') out.push(blob);
  }
  return out;
}

/**
 * The most read from the file at once: one member of the head, one blob, or one page of frames. A hostile file (or
 * index) could otherwise name a span of gigabytes and have the host try to hold it.
 */
export const MAX_READ_BYTES = 256 * 1024 * 1024;

type ReadBytes = (start: number, end: number, what: string) => Promise<Buffer>;

/** Reads spans of the file, refusing spans that do not fit it or are larger than `maxBytes`. */
function bytesReader(handle: FileHandle, maxBytes: number): ReadBytes {
  return async (start, end, what) => {
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
      throw new SessionFileError('The session index does not fit the file; open the file again.');
    }
    if (end - start > maxBytes) {
      throw new SessionFileError(
        `The session file is damaged or hostile: ${what} is ${Math.ceil((end - start) / 1024 / 1024)} MiB, more than Switchboard reads at once.`,
      );
    }
    const buffer = Buffer.alloc(end - start);
    let at = 0;
    while (at < buffer.length) {
      const { bytesRead } = await handle.read(buffer, at, buffer.length - at, start + at);
      if (bytesRead === 0)
        throw new SessionFileError('The session file changed while it was open; open it again.');
      at += bytesRead;
    }
    return buffer;
  };
}

// The index file: one JSON line (what it indexes, the blob and member spans), then the frame spans as float64s.

interface IndexHeader {
  version: number;
  file: string;
  size: number;
  mtimeMs: number;
  frameCount: number;
  blobs: Array<[string, number, number]>;
  members: Array<[string, number, number]>;
}

function indexPath(indexDir: string, file: string): string {
  return path.join(
    indexDir,
    `${createHash('sha256').update(path.resolve(file)).digest('hex').slice(0, 32)}.idx`,
  );
}

async function cachedScan(
  file: string,
  size: number,
  mtimeMs: number,
  indexDir: string | undefined,
  watch: Pick<ScanOptions, 'signal' | 'onBytes'>,
): Promise<SessionScan> {
  if (indexDir) {
    const cached = await readIndex(indexPath(indexDir, file), file, size, mtimeMs);
    if (cached) return cached;
  }
  const scan = await scanSessionFile(file, { maxFrames: SESSION_MAX_FRAMES, ...watch });
  if (indexDir) await writeIndex(indexDir, file, size, mtimeMs, scan).catch(() => undefined);
  return scan;
}

async function writeIndex(indexDir: string, file: string, size: number, mtimeMs: number, scan: SessionScan) {
  await mkdir(indexDir, { recursive: true, mode: 0o700 });
  const header: IndexHeader = {
    version: INDEX_VERSION,
    file: path.resolve(file),
    size,
    mtimeMs,
    frameCount: scan.frameCount,
    blobs: [...scan.blobs].map(([hash, [start, end]]) => [hash, start, end]),
    members: [...scan.members].map(([name, [start, end]]) => [name, start, end]),
  };
  const spans = new Float64Array(scan.frameCount * 2);
  spans.set(scan.frameStarts, 0);
  spans.set(scan.frameEnds, scan.frameCount);
  await writeFileAtomic(indexPath(indexDir, file), [
    `${JSON.stringify(header)}\n`,
    Buffer.from(spans.buffer, spans.byteOffset, spans.byteLength),
  ]);
}

async function readIndex(
  where: string,
  file: string,
  size: number,
  mtimeMs: number,
): Promise<SessionScan | undefined> {
  const bytes = await readFile(where).catch(() => undefined);
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
    header.size === size &&
    header.mtimeMs === mtimeMs &&
    bytes.length - newline - 1 === header.frameCount * 16;
  if (!fits) return undefined;
  // Copied out so the float64 view is aligned whatever the header's length.
  const spans = new Float64Array(header.frameCount * 2);
  new Uint8Array(spans.buffer).set(bytes.subarray(newline + 1));
  return {
    frameStarts: spans.subarray(0, header.frameCount),
    frameEnds: spans.subarray(header.frameCount),
    frameCount: header.frameCount,
    blobs: new Map(header.blobs.map(([hash, start, end]) => [hash, [start, end]])),
    members: new Map(header.members.map(([name, start, end]) => [name, [start, end]])),
    bytes: size,
  };
}
