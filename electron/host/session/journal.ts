// The recording journal (issue 7, SES-1): every frame the host publishes, appended as one JSON line to a file the
// host alone writes, with the agents (cards and settings) that produced them. Lines are written in order and synced
// to disk at least once a second, and at once when a frame says a task reached a terminal state, so a crash loses at
// most a second of traffic. Bodies over the blob threshold go to files named by their sha256 in a folder beside the
// journal rather than into the line. Reading keeps every complete line; a torn last line (the crash happened
// mid-write) is dropped and reported, never guessed at.
//
// Line kinds: one `journal` header first, then `agent` lines, `redactions` lines and frame lines (`http`, `sse`,
// `webhook`, and `sse-run` for runs of stream events) in the order they happened. An http frame appears once per
// revision; readers keep the newest. Stream events are written once read and analysed, a chunk at a time. Journals
// of earlier versions also have `sse-analysis` lines, which add to the stream frames before them what their
// analysis learnt (sseAnalysis.ts); they are read, no longer written.
//
// This module decides what each frame becomes; journalQueue.ts keeps the lines and writes them in order, and
// lineReader.ts cuts the file back into lines.

import { closeSync, openSync, readSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Frame, SseFrame } from '../../../shared/wire/frame';
import type { RedactionItem, SessionAgent } from '../../../shared/session/types';
import { blobReader, externalizeFrame, internalizeFrame } from './blobs';
import { compactFrame, expandFrame, journalLine } from './compactFrame';
import { JournalQueue, type CapturedBytes } from './journalQueue';
import { readLines, type LineSink } from './lineReader';
import { expandRun, plainEvent, RUN_CLEAN, RUN_KIND, RUN_PLAIN, runLineOf } from './sseRuns';
import { ANALYSIS_KIND, analysisLineOf, applyAnalysis } from './sseAnalysis';
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
}

export interface JournalWriter {
  readonly file: string;
  append(frame: Frame): void;
  /**
   * Stream frames of one chunk as the stream recorder built them, read and analysed, with what its reader said of
   * each (`marks`: RUN_PLAIN, RUN_CLEAN in sseRuns.ts): plain ones redaction leaves as they are go into runs of the
   * chunk's bytes (copied before it returns), each other frame is a line of its own.
   */
  appendStream(frames: readonly SseFrame[], marks: Uint8Array, bytes?: CapturedBytes): void;
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
  const header: JournalHeader | undefined = options.header && {
    kind: 'journal',
    format: JOURNAL_FORMAT,
    version: 1,
    ...options.header,
  };
  const queue = new JournalQueue(file, {
    blobDir: options.blobDir ?? blobDirOf(file),
    streamFile: streamFileOf(file),
    ...(header ? { headerLine: JSON.stringify(header) } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
  });
  let closed = false;
  const timer = setInterval(
    () => void queue.flush().catch(() => undefined),
    options.syncMs ?? JOURNAL_SYNC_MS,
  );
  timer.unref();
  const lines = new FrameLines(queue, options);
  const guard = () => {
    if (closed) throw new Error('The journal is closed.');
  };
  const flushSoon = (now: boolean) => {
    if (now || queue.bytes >= FLUSH_AT_BYTES) void queue.flush().catch(() => undefined);
  };

  return {
    file,
    append(frame) {
      guard();
      if (frame.kind === 'sse' && runnable(frame, options)) queue.addToRun(frame);
      else lines.write(frame);
      flushSoon(endsTask(frame));
    },
    appendStream(frames, marks, bytes) {
      guard();
      const runnable = options.transform === undefined ? RUN_PLAIN : RUN_PLAIN | RUN_CLEAN;
      let ends = false;
      for (let i = 0; i < frames.length; i++) {
        const frame = frames[i]!;
        if ((marks[i]! & runnable) === runnable) queue.addToRun(frame, bytes);
        else lines.write(frame);
        if (!ends && endsTask(frame)) ends = true;
      }
      // The chunk's bytes are the caller's again once this returns.
      queue.endSpan();
      flushSoon(ends);
    },
    appendAgent(agent) {
      guard();
      queue.endRun();
      queue.push(`${JSON.stringify({ kind: 'agent', agent })}\n`);
    },
    flush: queue.flush,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await queue.flush();
      await queue.close();
    },
  };
}

/** A stream event written into a run without a transform pass (see `JournalOptions.untransformed`). */
function runnable(frame: SseFrame, options: JournalOptions): boolean {
  return (options.transform === undefined || options.untransformed?.(frame) === true) && plainEvent(frame);
}

/**
 * Frames as lines of their own: transformed (redacted) first, with what the transform removed as a
 * `redactions` line, and large bodies moved to blobs. Each ends the open run, as it comes after the run's frames.
 */
class FrameLines {
  constructor(
    private readonly queue: JournalQueue,
    private readonly options: JournalOptions,
  ) {}

  write(frame: Frame): void {
    this.queue.endRun();
    const changed = this.options.transform?.(frame);
    if (changed) this.pushRedactions(changed.items);
    const stored = externalizeFrame(changed?.frame ?? frame, this.queue.sink);
    const untouched = !changed || changed.items.length === 0;
    this.queue.push(`${journalLine(stored, untouched) ?? serialize(compactFrame(stored, untouched))}\n`);
  }

  private pushRedactions(items: RedactionItem[]): void {
    if (items.length > 0) this.queue.push(`${JSON.stringify({ kind: 'redactions', items })}\n`);
  }
}

interface StreamReader {
  read(at: number, length: number): Buffer;
  close(): void;
}

/** Reads spans of a journal's stream file, opened on first use; a span past its end reads short. */
function streamReader(file: string): StreamReader {
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

/**
 * One JSON line for a frame. JSON nested deeper than the stack allows (a hostile event) cannot be stringified; its
 * parsed form is dropped, as it can be rebuilt from the raw text, and the frame is kept.
 */
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
  const streams = streamReader(options.streamFile ?? streamFileOf(file));
  const records = new JournalRecords(streams, options.maxFrames);
  let tornTail: { bytes: number } | undefined;
  try {
    tornTail = await readLines(file, MAX_LINE_CHARS, records);
  } finally {
    streams.close();
  }
  return { ...(await records.restore(blobDir)), ...(tornTail ? { tornTail } : {}) };
}

/** A journal's records as its lines come, numbered from 1 (blank ones count); large bodies are restored last. */
class JournalRecords implements LineSink {
  private header: JournalHeader | undefined;
  private readonly frames: Frame[] = [];
  private readonly agents = new Map<string, SessionAgent>();
  private readonly redactions = new Map<string, RedactionItem>();
  private readonly unreadable: number[] = [];
  private lineNumber = 0;
  /** Blob hashes named by frames, read once every line is in. */
  private readonly pendingBlobs: string[] = [];
  // Where each stream frame is in `frames`, by exchange and seq, for the analysis lines that follow them.
  private readonly streamFrames = new Map<string, number[]>();

  constructor(
    private readonly streams: StreamReader,
    private readonly maxFrames: number | undefined,
  ) {}

  line(text: string): void {
    this.lineNumber++;
    if (text === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.unreadable.push(this.lineNumber);
      return;
    }
    // A line too deep to send on or save again is as unreadable as one that is not JSON.
    if (nestedDeeperThan(value, MAX_FRAME_DEPTH) || !this.take(value, text))
      this.unreadable.push(this.lineNumber);
  }

  overlong(): void {
    this.lineNumber++;
    this.unreadable.push(this.lineNumber);
  }

  /** Every record read, with the bodies their frames keep in blob files put back. */
  async restore(blobDir: string): Promise<Omit<JournalRead, 'tornTail'>> {
    const blobCache = new Map<string, Buffer | undefined>();
    for (const hash of this.pendingBlobs) {
      if (blobCache.has(hash)) continue;
      blobCache.set(hash, await readFile(path.join(blobDir, hash)).catch(() => undefined));
    }
    const reader = blobReader((hash: string) => blobCache.get(hash));
    const missing = new Set<string>();
    const frames =
      this.pendingBlobs.length > 0
        ? this.frames.map((f) => internalizeFrame(f, reader, missing))
        : this.frames;
    return {
      ...(this.header ? { header: this.header } : {}),
      frames,
      agents: [...this.agents.values()],
      redactions: [...this.redactions.values()],
      unreadable: this.unreadable,
      missingBlobs: [...missing],
    };
  }

  /** Takes one parsed line; false when it is not a journal record. */
  private take(value: unknown, text: string): boolean {
    const kind = typeof value === 'object' && value !== null ? (value as { kind?: unknown }).kind : undefined;
    if (kind === 'journal' && this.lineNumber === 1) this.header = headerOf(value as Record<string, unknown>);
    else if (kind === 'agent' && isAgent((value as { agent?: unknown }).agent)) {
      const agent = (value as { agent: SessionAgent }).agent;
      this.agents.set(agent.id, agent);
    } else if (kind === 'redactions' && Array.isArray((value as { items?: unknown }).items)) {
      for (const item of (value as { items: RedactionItem[] }).items) {
        this.redactions.set(`${item.frameId}\u0000${item.where}\u0000${item.name}\u0000${item.kind}`, item);
      }
    } else if (kind === RUN_KIND) return this.takeRun(value as Record<string, unknown>);
    else if (kind === ANALYSIS_KIND) {
      const analysis = analysisLineOf(value as Record<string, unknown>);
      return analysis !== undefined && applyAnalysis(analysis, this.frameAt(analysis.exchangeId));
    } else if (typeof kind === 'string' && FRAME_KINDS.has(kind)) {
      const frame = expandFrame(value as Frame, text);
      this.push(frame);
      this.pendingBlobs.push(...blobRefs(frame));
    } else return false;
    return true;
  }

  /** An `sse-run` line: its frames, rebuilt from their bytes in the stream file. */
  private takeRun(value: Record<string, unknown>): boolean {
    const run = runLineOf(value);
    const expanded =
      run && run.bytes <= MAX_LINE_CHARS ? expandRun(run, this.streams.read(run.at, run.bytes)) : undefined;
    if (!expanded) return false;
    for (const frame of expanded) this.push(frame);
    return true;
  }

  private push(frame: Frame): void {
    if (frame.kind === 'sse') {
      let places = this.streamFrames.get(frame.exchangeId);
      if (!places) this.streamFrames.set(frame.exchangeId, (places = []));
      if (Number.isInteger(frame.seq) && frame.seq >= 0) places[frame.seq] = this.frames.length;
    }
    this.frames.push(frame);
    if (this.maxFrames !== undefined && this.frames.length > this.maxFrames) {
      throw new Error(`The journal has more than ${this.maxFrames} frames.`);
    }
  }

  /** Finds the stream frames an analysis line names, by seq within its exchange. */
  private frameAt(exchangeId: string): (seq: number) => SseFrame | undefined {
    return (seq) => {
      const at = this.streamFrames.get(exchangeId)?.[seq];
      const frame = at === undefined ? undefined : this.frames[at];
      return frame?.kind === 'sse' ? frame : undefined;
    };
  }
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
