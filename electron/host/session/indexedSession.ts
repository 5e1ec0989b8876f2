// A session file opened by its index rather than read whole (issue 9: a million-event session opens and scrolls
// with its index on disk, not everything in memory). sessionScan.ts finds the byte span of every frame once; the
// spans are kept in a file under `<data folder>/index/`, found again by the session file's path, size and time,
// so opening the same file twice scans it once. Frames are read from the file a page at a time, checked against the
// frame schema and given back their blobs, exactly as a file read whole would give them.

import { open, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { loadSessionValue, SessionFileError } from '../../../shared/session/migrations';
import { frameSchema } from '../../../shared/session/frameSchema';
import type { RedactionItem, SessionAgent } from '../../../shared/session/types';
import { cleanAgents } from '../../../shared/session/sessionAgents';
import type { Frame } from '../../../shared/wire/frame';
import { blobReader, internalizeFrame } from './blobs';
import { endOfFrame, scanSessionFile, type ScanOptions, type SessionScan } from './sessionScan';
import { readKeptIndex, writeKeptIndex } from './keptIndex';
import { candidateFrames } from './rawPrefilter';
import { startProgressiveIndex, type IndexProgress, type ProgressiveIndex } from './progressiveIndex';
import { MAX_FRAME_DEPTH, nestedDeeperThan } from '../../../shared/wire/jsonDepth';

/** Frames read on demand: an indexed file, or frames already in memory (a large journal, a dropped file). */
export interface FrameSource {
  /** Frames known so far: all of them, unless the index is still being built. */
  readonly count: number;
  /** Waits for frames the index has not reached yet; gives fewer only past the end. */
  read(from: number, count: number): Promise<Frame[]>;
  close(): Promise<void>;
  /** While the index is being built: how far it got (the count is then an estimate), and a way to follow it. */
  indexing?(): IndexProgress | undefined;
  watchIndex?(listener: (progress: IndexProgress) => void): void;
  /** Resolves once every frame is known (at once when they already are). */
  whenIndexed?(): Promise<void>;
  /**
   * The frames from `from` on, in a window of the file's bytes, that `pattern` says must be searched
   * (rawPrefilter.ts); `to` is where the window ended (`from` at the end).
   */
  candidates?(from: number, pattern: RegExp): Promise<{ to: number; indexes: number[] }>;
}

/** The part of an index that reading frames needs: a finished scan, or the scanner of one under way. */
type FrameIndex = Pick<SessionScan, 'frameStarts' | 'frameCount' | 'framesEnd' | 'blobs' | 'members'>;

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
    /**
     * Open as soon as the first frames are found and index the rest in the background (issue 27). Only for files
     * that open in browse mode whatever their frame count, since the count is known only at the end.
     */
    progressive?: boolean;
  } = {},
): Promise<IndexedSession> {
  const info = await stat(file);
  const identity = { size: info.size, mtimeMs: info.mtimeMs };
  const kept = indexDir ? await readKeptIndex(indexDir, file, identity) : undefined;
  let index: FrameIndex;
  let building: ProgressiveIndex | undefined;
  /** The index being kept once a progressive scan is done: closing waits for it, so no write outlives the host. */
  let keeping: Promise<void> | undefined;
  if (kept) index = kept;
  else if (options.progressive) {
    building = startProgressiveIndex(file, info.size, { maxFrames: INDEX_MAX_FRAMES });
    const scan = building;
    if (indexDir)
      keeping = scan.whenDone
        .then((whole) => writeKeptIndex(indexDir, file, identity, whole))
        .catch(() => undefined);
    await scan.reach(1).catch((error: unknown) => {
      scan.stop();
      throw error;
    });
    // The version says how to read everything else: a file that keeps it after its frames (Switchboard writes it
    // first; other writers need not) is opened once the scan has found it, as a whole open would be.
    index = scan.done || !scan.scanner.members.has('schemaVersion') ? await scan.whenDone : scan.scanner;
  } else {
    const watch: Pick<ScanOptions, 'signal' | 'onBytes'> = {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onBytes ? { onBytes: (bytes) => options.onBytes!(bytes, info.size) } : {}),
    };
    const scan = await scanSessionFile(file, { maxFrames: INDEX_MAX_FRAMES, ...watch });
    if (indexDir) await writeKeptIndex(indexDir, file, identity, scan).catch(() => undefined);
    index = scan;
  }
  const handle = await open(file, 'r');
  try {
    const maxReadBytes = options.maxReadBytes ?? MAX_READ_BYTES;
    const read = bytesReader(handle, maxReadBytes);
    // A progressive open knows only the members before the frames. A file may keep its title, agents or
    // redactions after them (Switchboard writes them first; other writers need not): until the scan gets there,
    // they stand in as the file's name and empty lists, and the session-details event tells the window the rest.
    const head = await readHead(read, index, building ? provisionalHead(file) : undefined);
    const close = async () => {
      building?.stop();
      await keeping;
      await handle.close();
    };
    const runBytes = Math.min(READ_RUN_BYTES, maxReadBytes);
    const source = building
      ? growingFrames(read, close, building, runBytes)
      : fileFrames(read, close, () => index, runBytes);
    const first = index.frameCount > 0 ? (await source.read(0, 1))[0] : undefined;
    const last = !building && index.frameCount > 1 ? (await source.read(index.frameCount - 1, 1))[0] : first;
    const session: IndexedSession = {
      ...headFields(head),
      ...(first ? { startedAt: first.timing.start } : {}),
      // Unknown until the index is built: the last frame is not found yet.
      ...(last && !building ? { endedAt: last.timing.start } : {}),
      frames: source,
    };
    if (building) completeWhenIndexed(session, building, read, source);
    return session;
  } catch (error) {
    building?.stop();
    await keeping;
    await handle.close();
    throw error;
  }
}

/** What the session's head (every member but frames and blobs) says, as the session's fields. */
function headFields(head: Awaited<ReturnType<typeof readHead>>): Omit<IndexedSession, 'frames'> {
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
  };
}

/**
 * A progressive open knows only the members before the frames; once the scan is done, the members after them
 * (a file may put its title, agents or redactions last) and the last frame's time are read, so the session is the
 * one a whole open gives. whenIndexed resolves after that.
 */
function completeWhenIndexed(
  session: IndexedSession,
  building: ProgressiveIndex,
  read: ReadBytes,
  source: FrameSource,
): void {
  const completed = building.whenDone.then(async (whole) => {
    const fields = headFields(await readHead(read, whole));
    const last = whole.frameCount > 0 ? (await source.read(whole.frameCount - 1, 1))[0] : undefined;
    Object.assign(session, fields, last ? { endedAt: last.timing.start } : {});
  });
  completed.catch(() => undefined);
  session.frames = {
    ...source,
    get count() {
      return source.count;
    },
    whenIndexed: () => completed,
  };
}

/** Frames read while the index is built: each read waits until the scan has found the frames it asks for. */
function growingFrames(
  read: ReadBytes,
  close: () => Promise<void>,
  building: ProgressiveIndex,
  runBytes: number,
): FrameSource {
  let whole: SessionScan | undefined;
  void building.whenDone.then((scan) => (whole = scan)).catch(() => undefined);
  // Blobs come after the frames: a frame that names one waits for the end of the scan.
  const inner = fileFrames(
    read,
    close,
    () => whole ?? building.scanner,
    runBytes,
    async () => {
      whole = await building.whenDone;
    },
  );
  return {
    get count() {
      return building.scanner.frameCount;
    },
    async read(from, count) {
      await building.reach(from + count);
      return inner.read(from, count);
    },
    close,
    indexing: () => (building.done ? undefined : building.progress()),
    watchIndex: (listener) => building.watch(listener),
    whenIndexed: async () => {
      await building.whenDone;
    },
    async candidates(from, pattern) {
      await building.reach(from + 1);
      return inner.candidates!(from, pattern);
    },
  };
}

/** More frames than this are refused: the index costs the host 8 bytes a frame (160 MB here). */
export const INDEX_MAX_FRAMES = 20_000_000;

/** What stands in for the members a progressive open has not reached yet (the format and version must come first). */
function provisionalHead(file: string): Record<string, unknown> {
  return { title: path.basename(file), appVersion: '', savedAt: '', agents: [], redactions: [] };
}

/**
 * The top-level members other than frames and blobs, parsed, migrated and checked like a whole file's; `missing`
 * stands in for members the scan has not found (yet).
 */
async function readHead(read: ReadBytes, scan: FrameIndex, missing: Record<string, unknown> = {}) {
  const value: Record<string, unknown> = { ...missing };
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
  indexOf: () => FrameIndex,
  runBytes: number,
  blobsReady?: () => Promise<void>,
): FrameSource {
  const blobSource = async (hash: string): Promise<Buffer | undefined> => {
    const span = indexOf().blobs.get(hash);
    if (!span) return undefined;
    const text = (await read(span[0], span[1], `blob ${hash.slice(0, 12)}`)).toString('utf8');
    return Buffer.from(JSON.parse(text) as string, 'base64');
  };
  return {
    get count() {
      return indexOf().frameCount;
    },
    async read(from, count) {
      // One consistent view: a scan under way may grow (and replace) its array of starts between awaits.
      const { frameStarts: starts, frameCount: known, framesEnd } = indexOf();
      /** Where the bytes of frame j-1 stop: the next frame's start, or the end of the last one. */
      const limit = (j: number) => (j < known ? starts[j]! : framesEnd);
      const first = Math.max(0, from);
      const last = Math.min(known, first + count);
      if (last <= first) return [];
      const frames: Frame[] = [];
      // Read in runs of at most `runBytes`, so a page of unusually large frames is not one huge buffer.
      for (let runStart = first; runStart < last;) {
        let runEnd = runStart + 1;
        while (runEnd < last && limit(runEnd + 1) - starts[runStart]! <= runBytes) runEnd++;
        const base = starts[runStart]!;
        const bytes = await read(base, limit(runEnd), `frame ${runStart}`);
        for (let i = runStart; i < runEnd; i++) {
          const start = starts[i]! - base;
          const end = i + 1 === known ? framesEnd - base : endOfFrame(bytes, starts[i + 1]! - base, start);
          frames.push(checkedFrame(bytes.toString('utf8', start, end), i));
        }
        runStart = runEnd;
      }
      // Bodies in the blob table are put back, each blob read once per page.
      const wanted = new Map<string, Buffer | undefined>();
      for (const frame of frames) for (const hash of blobHashes(frame)) wanted.set(hash, undefined);
      if (wanted.size === 0) return frames;
      await blobsReady?.();
      for (const hash of wanted.keys()) wanted.set(hash, await blobSource(hash));
      const reader = blobReader((hash) => wanted.get(hash));
      const missing = new Set<string>();
      return frames.map((frame) => internalizeFrame(frame, reader, missing));
    },
    async candidates(from, pattern) {
      const { frameStarts: starts, frameCount: known, framesEnd } = indexOf();
      if (from >= known) return { to: from, indexes: [] };
      const base = starts[from]!;
      // The window: as many whole frames as fit in PREFILTER_BYTES, at least one.
      let to = from + 1;
      for (let step = 1 << 20; step > 0; step >>= 1) {
        const next = to + step;
        if (next <= known && (next < known ? starts[next]! : framesEnd) - base <= PREFILTER_BYTES) to = next;
      }
      const bytes = await read(base, to < known ? starts[to]! : framesEnd, `frame ${from}`);
      const offsets = new Float64Array(to - from);
      for (let i = from; i < to; i++) offsets[i - from] = starts[i]! - base;
      return { to, indexes: candidateFrames(bytes, offsets, pattern).map((i) => i + from) };
    },
    close,
  };
}

/** Bytes of the file matched at once by a prefiltered search. */
const PREFILTER_BYTES = 16 * 1024 * 1024;

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
