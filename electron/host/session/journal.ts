// The recording journal (issue 7, SES-1): every frame the host publishes, appended as one JSON line to a file the
// host alone writes, with the agents (cards and settings) that produced them. Lines are written in order and synced
// to disk at least once a second, and at once when a frame says a task reached a terminal state, so a crash loses at
// most a second of traffic. Bodies over the blob threshold go to files named by their sha256 in a folder beside the
// journal rather than into the line. Reading keeps every complete line; a torn last line (the crash happened
// mid-write) is dropped and reported, never guessed at.
//
// Line kinds: one `journal` header first, then `agent` lines, `redactions` lines and frame lines (`http`, `sse`,
// `webhook`, and `sse-run` for runs of stream events) in the order they happened. An http frame appears once per
// revision; readers keep the newest. Stream events are written as they are read, and an `sse-analysis` line adds
// what their analysis learnt once it is done (sseAnalysis.ts).

import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { mkdir, open, readFile, rename, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { Frame, SseFrame } from '../../../shared/wire/frame';
import type { RedactionItem, SessionAgent } from '../../../shared/session/types';
import { blobReader, externalizeFrame, internalizeFrame } from './blobs';
import { compactFrame, expandFrame, journalLine } from './compactFrame';
import { LineBuffer } from './lineBuffer';
import { expandRun, plainBlock, plainEvent, RUN_KIND, runLineOf, SseRun } from './sseRuns';
import { ANALYSIS_KIND, analysisLine, analysisLineOf, applyAnalysis, type Redaction } from './sseAnalysis';
import { MAX_FRAME_DEPTH, nestedDeeperThan } from '../../../shared/wire/jsonDepth';
import { isTerminalState } from '../../../shared/a2a/model';

export const JOURNAL_SYNC_MS = 1000;
/** Queued bytes that are written without waiting for the timer, so a fast stream never piles up in memory. */
const FLUSH_AT_BYTES = 4 * 1024 * 1024;
/** A line longer than this is not a frame Switchboard wrote (large bodies go to blobs): it is skipped, not held. */
const MAX_LINE_CHARS = 64 * 1024 * 1024;
export const JOURNAL_FORMAT = 'switchboard-journal';
export const JOURNAL_EXTENSION = '.ndjson';
const FRAME_KINDS = new Set(['http', 'sse', 'webhook']);

export interface JournalHeader {
  kind: 'journal';
  format: typeof JOURNAL_FORMAT;
  version: 1;
  appVersion: string;
  /** Epoch ms. */
  startedAt: number;
}

export interface JournalOptions {
  syncMs?: number;
  /** Folder for blob files; `<journal>.blobs` beside the journal when absent. */
  blobDir?: string;
  /** Written as the first line when the file is new. */
  header?: Omit<JournalHeader, 'kind' | 'format' | 'version'>;
  /**
   * Applied to each frame before it is written (redaction: no secret reaches the disk). What it removed is written
   * too, as a `redactions` line (never the values), so a later export can still show the user what was taken out.
   */
  transform?: (frame: Frame) => { frame: Frame; items: RedactionItem[] };
  /** A write or sync failed (the lines are kept and tried again on the next flush). */
  onError?: (error: Error) => void;
  /**
   * Stream events `transform` is sure to leave as they are (redaction's `redactionLeaves`): those of them that are
   * plain are written as runs of bytes (sseRuns.ts) without a transform pass. Without it, only a journal with no
   * transform writes runs.
   */
  untransformed?: (frame: SseFrame) => boolean;
  /**
   * True when `transform` is sure to leave every stream event whose bytes lie within `latin1` (bytes read as Latin-1)
   * as it is, as far as their text goes (redaction's `bytesLeave`): asked once of a captured chunk, and of each
   * event only when it says no.
   */
  untransformedBytes?: (latin1: string) => boolean;
}

/** A captured chunk's bytes, which start at `offset` in the stream; a frame that began before them is kept as text. */
export interface CapturedBytes {
  buffer: Buffer;
  offset: number;
}

export interface JournalWriter {
  readonly file: string;
  append(frame: Frame): void;
  /**
   * Stream frames of one chunk as they were read, before analysis (sseAnalysis.ts): plain ones as a captured run,
   * the rest as lines of their own. `appendAnalysis` follows with what analysis learnt of them.
   */
  appendCaptured(frames: readonly SseFrame[], bytes?: CapturedBytes): void;
  /** The same frames once analysed, as one `sse-analysis` line. */
  appendAnalysis(frames: readonly SseFrame[]): void;
  appendAgent(agent: SessionAgent): void;
  /** Writes and syncs what is queued. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function blobDirOf(file: string): string {
  return `${file}.blobs`;
}

/** The file beside the journal that holds the bytes of its `sse-run` lines. */
export function streamFileOf(file: string): string {
  return `${file}.streams`;
}

/** Opens (creating it and its folder when needed) and returns at once; the first flush waits for the file. */
export function createJournal(file: string, options: JournalOptions = {}): JournalWriter {
  const blobDir = options.blobDir ?? blobDirOf(file);
  const openFile = async (): Promise<FileHandle> => {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const handle = await open(file, 'a', 0o600);
    if (options.header && (await handle.stat()).size === 0) {
      const header: JournalHeader = {
        kind: 'journal',
        format: JOURNAL_FORMAT,
        version: 1,
        ...options.header,
      };
      await handle.appendFile(`${JSON.stringify(header)}\n`);
    }
    return handle;
  };
  let opened: Promise<FileHandle> = openFile();
  // A journal that cannot be opened must not take the host down; flushes report the failure (and open again).
  opened.catch(() => undefined);
  const queued = new LineBuffer();
  const streamFile = streamFileOf(file);
  // Bytes of runs waiting to be written, and where the next run starts in the stream file (appended in order, so
  // positions are known when the line is made, before anything is written).
  const streamBytes = new LineBuffer();
  let streamSize = sizeOf(streamFile);
  let streamHandle: FileHandle | undefined;
  let run: SseRun | undefined;
  let blobs = new Map<string, Buffer>();
  const written = new Set<string>();
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  // The open run's bytes when they are a span of a captured chunk: queued whole when the run ends, one copy.
  let span: { buffer: Buffer; start: number; end: number } | undefined;
  const endSpan = () => {
    if (!span) return;
    streamBytes.pushBytes(span.buffer.subarray(span.start, span.end));
    span = undefined;
  };
  const endRun = () => {
    if (!run) return;
    endSpan();
    queued.push(run.line());
    run = undefined;
  };
  // Frames a transform changed when they were captured: their analysis is redacted as well (a secret in the data is
  // one in the JSON too). Any other frame's analysis needs it only for findings, which may quote a value.
  const redactedAtCapture = new WeakSet<SseFrame>();
  // A write asked for and not yet started: it takes everything queued when it starts, so asking again until then
  // gets the same write (a fast stream asks with every line once 4 MiB wait).
  let waiting: Promise<void> | undefined;
  const flush = () => {
    if (waiting) return waiting;
    // Chained, so lines reach the file in the order they were appended even when flushes overlap; blobs are on
    // disk before the lines that name them. What is queued is taken when the write starts, not when it is asked
    // for: a write that failed puts its lines back at the front, and the next one takes them with everything after,
    // so lines, and the stream bytes their runs point at, never overtake each other.
    const attempt = writing.then(async () => {
      waiting = undefined;
      endRun();
      const lines = queued.take();
      const runBytes = streamBytes.take();
      const pendingBlobs = blobs;
      blobs = new Map();
      let handle: FileHandle | undefined;
      let sizeBefore = -1;
      let streamBefore = -1;
      try {
        if (pendingBlobs.size > 0) {
          await mkdir(blobDir, { recursive: true, mode: 0o700 });
          for (const [hash, bytes] of pendingBlobs) await writeBlob(path.join(blobDir, hash), bytes);
        }
        handle = await opened.catch(() => {
          // The last open failed (a folder that was not there, a full disk): try again now.
          opened = openFile();
          return opened;
        });
        if (runBytes.length > 0) {
          streamHandle ??= await open(streamFile, 'a', 0o600);
          streamBefore = (await streamHandle.stat()).size;
          for (const block of runBytes) await writeAll(streamHandle, block);
          // The bytes are on disk before the lines that point at them.
          await streamHandle.sync();
        }
        sizeBefore = (await handle.stat()).size;
        for (const block of lines) await writeAll(handle, block);
        await handle.sync();
      } catch (error) {
        // Half a batch must not stay: the retry would glue its torn line to the next one.
        if (handle && sizeBefore >= 0) await handle.truncate(sizeBefore).catch(() => undefined);
        if (streamHandle && streamBefore >= 0)
          await streamHandle.truncate(streamBefore).catch(() => undefined);
        streamBytes.putBack(runBytes);
        // Kept for the next attempt (a full disk may empty), ahead of what came since, and reported.
        queued.putBack(lines);
        for (const [hash, bytes] of pendingBlobs) if (!blobs.has(hash)) blobs.set(hash, bytes);
        options.onError?.(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
    });
    // The chain goes on after a failure, so one bad write does not stop every later one.
    writing = attempt.catch(() => undefined);
    waiting = attempt;
    return attempt;
  };
  const timer = setInterval(() => void flush().catch(() => undefined), options.syncMs ?? JOURNAL_SYNC_MS);
  timer.unref();
  const sink = (hash: string, bytes: Buffer) => {
    if (written.has(hash)) return;
    written.add(hash);
    blobs.set(hash, bytes);
  };
  const runnable = (frame: SseFrame) =>
    (options.transform === undefined || options.untransformed?.(frame) === true) && plainEvent(frame);
  const capturable = (frame: SseFrame, clean: boolean) =>
    plainBlock(frame) &&
    (options.transform === undefined || clean || options.untransformed?.(frame) === true);
  const redaction: Redaction | undefined = options.transform && {
    transform: options.transform,
    leaves: (frame) => (frame.findings?.length ?? 0) === 0 && !redactedAtCapture.has(frame),
  };
  const guard = () => {
    if (closed) throw new Error('The journal is closed.');
  };
  const flushSoon = (now: boolean) => {
    if (now || queued.bytes + streamBytes.bytes >= FLUSH_AT_BYTES) void flush().catch(() => undefined);
  };
  const addToRun = (frame: SseFrame, captured: boolean, bytes?: CapturedBytes) => {
    if (!run?.continues(frame)) {
      endRun();
      run = new SseRun(frame, streamSize, captured);
    }
    run.add(frame);
    streamSize += frame.offset.end - frame.offset.start;
    const start = bytes ? frame.offset.start - bytes.offset : -1;
    const end = bytes ? frame.offset.end - bytes.offset : -1;
    if (bytes && start >= 0 && end <= bytes.buffer.length) {
      if (span?.buffer === bytes.buffer && span.end === start) span.end = end;
      else {
        endSpan();
        span = { buffer: bytes.buffer, start, end };
      }
      return;
    }
    endSpan();
    streamBytes.push(frame.raw);
  };
  const pushRedactions = (items: RedactionItem[]) => {
    if (items.length > 0) queued.push(`${JSON.stringify({ kind: 'redactions', items })}\n`);
  };
  const writeLine = (frame: Frame) => {
    endRun();
    const changed = options.transform?.(frame);
    if (changed) pushRedactions(changed.items);
    if (changed && changed.frame !== frame && frame.kind === 'sse') redactedAtCapture.add(frame);
    const stored = externalizeFrame(changed?.frame ?? frame, sink);
    const untouched = !changed || changed.items.length === 0;
    queued.push(`${journalLine(stored, untouched) ?? serialize(compactFrame(stored, untouched))}\n`);
  };

  return {
    file,
    append(frame) {
      guard();
      if (frame.kind === 'sse' && runnable(frame)) addToRun(frame, false);
      else writeLine(frame);
      flushSoon(endsTask(frame));
    },
    appendCaptured(frames, bytes) {
      guard();
      const clean =
        bytes !== undefined && options.untransformedBytes?.(bytes.buffer.toString('latin1')) === true;
      for (const frame of frames) {
        // The chunk's test says nothing of a frame that began before the chunk.
        const within = clean && frame.offset.start >= bytes.offset;
        if (capturable(frame, within)) addToRun(frame, true, bytes);
        else writeLine(frame);
      }
      flushSoon(false);
    },
    appendAnalysis(frames) {
      guard();
      // After the frames it names, which may still be in the open run.
      endRun();
      const analysis = analysisLine(frames, redaction);
      if (!analysis) return;
      pushRedactions(analysis.items);
      queued.push(analysis.line);
      flushSoon(frames.some(endsTask));
    },
    appendAgent(agent) {
      guard();
      endRun();
      queued.push(`${JSON.stringify({ kind: 'agent', agent })}\n`);
    },
    flush,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await flush();
      await (await opened).close();
      await streamHandle?.close();
    },
  };
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** Reads spans of a journal's stream file, opened on first use; a span past its end reads short. */
function streamReader(file: string): { read(at: number, length: number): Buffer; close(): void } {
  let fd: number | undefined | null;
  return {
    read(at, length) {
      if (fd === undefined) {
        try {
          fd = openSync(file, 'r');
        } catch {
          fd = null;
        }
      }
      if (fd === null) return Buffer.alloc(0);
      const bytes = Buffer.alloc(length);
      let got = 0;
      while (got < length) {
        const n = readSync(fd, bytes, got, length - got, at + got);
        if (n === 0) break;
        got += n;
      }
      return bytes.subarray(0, got);
    },
    close() {
      if (typeof fd === 'number') closeSync(fd);
    },
  };
}

/** Opens the journal and waits until it is ready to write (tests and tools; the host uses createJournal). */
export async function openJournal(
  file: string,
  options: JournalOptions | number = {},
): Promise<JournalWriter> {
  const journal = createJournal(file, typeof options === 'number' ? { syncMs: options } : options);
  await journal.flush();
  return journal;
}

async function writeBlob(file: string, bytes: Buffer): Promise<void> {
  // Named by content: a blob that is already there has the same bytes, because blobs only appear by rename once
  // whole (a write cut short leaves a temporary file, never a short blob under the real name).
  if (
    await stat(file).then(
      () => true,
      () => false,
    )
  )
    return;
  const temp = `${file}.${process.pid}.tmp`;
  const blob = await open(temp, 'w', 0o600);
  try {
    await blob.writeFile(bytes);
    await blob.sync();
  } finally {
    await blob.close();
  }
  await rename(temp, file);
}

/**
 * One JSON line for a frame. JSON nested deeper than the stack allows (a hostile event) cannot be stringified; its
 * parsed form is dropped, as it can be rebuilt from the raw text, and the frame is kept.
 */
/**
 * Writes the whole buffer at the end of the file (opened for appending). One write per batch rather than
 * appendFile's 512 KiB pieces: each piece waits for a turn of an event loop that a fast stream keeps busy.
 */
async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  for (let at = 0; at < bytes.length;) {
    const { bytesWritten } = await handle.write(bytes, at, bytes.length - at);
    at += bytesWritten;
  }
}

function serialize(frame: Frame): string {
  try {
    return JSON.stringify(frame);
  } catch {
    const { json: _json, ...rest } = frame as Frame & { json?: unknown };
    return JSON.stringify(rest);
  }
}

/** Written at once: a task reached a terminal state, or an exchange finished (its answer may be the final task). */
function endsTask(frame: Frame): boolean {
  if (frame.kind === 'http') return frame.state === 'done' || frame.rev === undefined;
  const state = frame.a2a?.state;
  return isTerminalState(state);
}

export interface JournalRead {
  header?: JournalHeader;
  /** Every frame line in order (an http frame once per revision). */
  frames: Frame[];
  /** The newest line for each agent id, in order of first appearance. */
  agents: SessionAgent[];
  /** What redaction removed before frames were written (each value once, though revisions repeat it). */
  redactions: RedactionItem[];
  /** Set when the last line was cut short (a crash mid-write): it is left out. */
  tornTail?: { bytes: number };
  /** Complete lines that are not journal records: left out, counted, with their line numbers. */
  unreadable: number[];
  /** Blob hashes named by frames whose files are missing. */
  missingBlobs: string[];
}

export interface JournalReadOptions {
  blobDir?: string;
  /** The file holding the bytes of `sse-run` lines; `<journal>.streams` beside it when absent. */
  streamFile?: string;
  /** Stops with an error once this many frames were read (the file is untrusted when opened by a user). */
  maxFrames?: number;
}

/** Reads a journal line by line (it can be larger than one string may be). */
export async function readJournal(file: string, options: JournalReadOptions = {}): Promise<JournalRead> {
  const blobDir = options.blobDir ?? blobDirOf(file);
  const frames: Frame[] = [];
  const agents = new Map<string, SessionAgent>();
  const redactions = new Map<string, RedactionItem>();
  const unreadable: number[] = [];
  const missing = new Set<string>();
  const blobCache = new Map<string, Buffer | undefined>();
  let header: JournalHeader | undefined;
  let lineNumber = 0;
  const reader = blobReader((hash: string) => blobCache.get(hash));
  const streams = streamReader(options.streamFile ?? streamFileOf(file));
  const pendingBlobs: string[] = [];
  // Where each stream frame is in `frames`, by exchange and seq, for the analysis lines that follow them.
  const streamFrames = new Map<string, number[]>();
  const push = (frame: Frame) => {
    if (frame.kind === 'sse') {
      let places = streamFrames.get(frame.exchangeId);
      if (!places) streamFrames.set(frame.exchangeId, (places = []));
      if (Number.isInteger(frame.seq) && frame.seq >= 0) places[frame.seq] = frames.length;
    }
    frames.push(frame);
    if (options.maxFrames !== undefined && frames.length > options.maxFrames) {
      throw new Error(`The journal has more than ${options.maxFrames} frames.`);
    }
  };
  const frameAt = (exchangeId: string) => (seq: number) => {
    const at = streamFrames.get(exchangeId)?.[seq];
    const frame = at === undefined ? undefined : frames[at];
    return frame?.kind === 'sse' ? frame : undefined;
  };

  const take = (line: string) => {
    lineNumber++;
    if (line === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      unreadable.push(lineNumber);
      return;
    }
    // A line too deep to send on or save again is as unreadable as one that is not JSON.
    if (nestedDeeperThan(value, MAX_FRAME_DEPTH)) {
      unreadable.push(lineNumber);
      return;
    }
    const kind = typeof value === 'object' && value !== null ? (value as { kind?: unknown }).kind : undefined;
    if (kind === 'journal' && lineNumber === 1) header = headerOf(value as Record<string, unknown>);
    else if (kind === 'agent' && isAgent((value as { agent?: unknown }).agent)) {
      const agent = (value as { agent: SessionAgent }).agent;
      agents.set(agent.id, agent);
    } else if (kind === 'redactions' && Array.isArray((value as { items?: unknown }).items)) {
      for (const item of (value as { items: RedactionItem[] }).items) {
        redactions.set(`${item.frameId}\u0000${item.where}\u0000${item.name}\u0000${item.kind}`, item);
      }
    } else if (kind === RUN_KIND) {
      const run = runLineOf(value as Record<string, unknown>);
      const expanded =
        run && run.bytes <= MAX_LINE_CHARS ? expandRun(run, streams.read(run.at, run.bytes)) : undefined;
      if (!expanded) unreadable.push(lineNumber);
      else for (const frame of expanded) push(frame);
    } else if (kind === ANALYSIS_KIND) {
      const analysis = analysisLineOf(value as Record<string, unknown>);
      if (!analysis || !applyAnalysis(analysis, frameAt(analysis.exchangeId))) unreadable.push(lineNumber);
    } else if (typeof kind === 'string' && FRAME_KINDS.has(kind)) {
      const frame = expandFrame(value as Frame, line);
      push(frame);
      for (const hash of blobRefs(frame)) if (!blobCache.has(hash)) pendingBlobs.push(hash);
    } else unreadable.push(lineNumber);
  };

  const decoder = new StringDecoder('utf8');
  // The unfinished line so far, in pieces: only new text is searched for line ends, so one enormous line costs
  // linear time, and a line past the cap is skipped (counted unreadable) instead of held.
  let carry: string[] = [];
  let carryChars = 0;
  let overlong = false;
  const keep = (piece: string) => {
    if (overlong) return;
    carry.push(piece);
    carryChars += piece.length;
    if (carryChars > MAX_LINE_CHARS) {
      overlong = true;
      carry = [];
    }
  };
  const endLine = () => {
    if (overlong) {
      lineNumber++;
      unreadable.push(lineNumber);
    } else take(carry.join(''));
    carry = [];
    carryChars = 0;
    overlong = false;
  };
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
      const text = decoder.write(chunk as Buffer);
      let start = 0;
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
        keep(text.slice(start, end));
        endLine();
        start = end + 1;
      }
      keep(text.slice(start));
    }
    keep(decoder.end());
  } finally {
    streams.close();
  }
  const tail = overlong ? null : carry.join('');

  for (const hash of pendingBlobs) {
    if (blobCache.has(hash)) continue;
    blobCache.set(hash, await readFile(path.join(blobDir, hash)).catch(() => undefined));
  }
  const restored = pendingBlobs.length > 0 ? frames.map((f) => internalizeFrame(f, reader, missing)) : frames;
  return {
    ...(header ? { header } : {}),
    frames: restored,
    agents: [...agents.values()],
    redactions: [...redactions.values()],
    unreadable,
    missingBlobs: [...missing],
    ...(tail === null
      ? { tornTail: { bytes: carryChars } }
      : tail !== ''
        ? { tornTail: { bytes: Buffer.byteLength(tail, 'utf8') } }
        : {}),
  };
}

function blobRefs(frame: Frame): string[] {
  const refs: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === 'object' && value !== null) {
      const blob = (value as { blob?: unknown }).blob;
      if (typeof blob === 'string' && /^[0-9a-f]{64}$/.test(blob)) refs.push(blob);
    }
  };
  if (frame.kind === 'sse') add(frame);
  else {
    add(frame.request?.body);
    add(frame.response?.body);
  }
  return refs;
}

function isAgent(value: unknown): value is SessionAgent {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

/** The header line's fields, each only when it has its type: the file is untrusted when a user opens it. */
function headerOf(value: Record<string, unknown>): JournalHeader {
  return {
    kind: 'journal',
    format: JOURNAL_FORMAT,
    version: 1,
    appVersion: typeof value.appVersion === 'string' ? value.appVersion : '',
    startedAt: typeof value.startedAt === 'number' && Number.isFinite(value.startedAt) ? value.startedAt : 0,
  };
}
