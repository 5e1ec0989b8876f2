// Turns an event stream's bytes into `sse` frames as they arrive (FRM-2): every block with its raw text, byte span
// and arrival time, the data parsed as JSON, and what the generation's decoder made of it. Nothing stops the stream
// but a cap: a non-JSON or invalid event is recorded with its findings and the next one is read (WIRE-5).
// With a `capture`, a chunk's frames are recorded the moment they are read, and what analysis learns of them follows
// (bench:ingest): the analysis never holds up the agent's socket or the record of what it sent, only the window's
// view of it, up to a bound on what waits in memory.

import { isUtf8 } from 'node:buffer';
import type { EncodedRequest, GenerationAdapter } from '../../../shared/a2a/adapter';
import type { Finding } from '../../../shared/wire/finding';
import type { FrameError, HttpFrame, SseFrame } from '../../../shared/wire/frame';
import { SseParser, type SseBlockBase, type SseEvent, type SseFinding } from '../../../shared/wire/sse';
import {
  genericAnalysis,
  inThreadAnalyser,
  type AnalysisStream,
  type StreamAnalyser,
} from './streamAnalyser';
import type { BatchAnalysis, EventSummary } from './streamAnalysis';
import { isTerminalState } from '../../../shared/a2a/model';
import { LargeEventSpill } from '../spill/largeEvent';

export interface StreamRecorderOptions {
  exchange: HttpFrame;
  /**
   * The generation that decodes the events, and the request that opened the stream. Without them the stream is not
   * A2A (any text/event-stream answer): its events are kept with their JSON and no A2A reading (FRM-2).
   */
  adapter?: GenerationAdapter;
  request?: EncodedRequest;
  maxEventBytes: number;
  maxStreamBytes: number;
  nextId: () => string;
  now: () => number;
  /** Each frame once analysed, in order, when there is no `capture`. */
  publish: (frame: SseFrame) => void;
  /** Records frames as they arrive and publishes them once analysed; `publish` is not used when it is given. */
  capture?: StreamCapture;
  /** Where events are decoded and checked; in this thread when absent. */
  analyser?: StreamAnalyser;
  /** Stream bytes read ahead of the analysis before reading pauses; MAX_PENDING_BYTES when absent. */
  maxPendingBytes?: number;
  /**
   * Where an event over `maxEventBytes` is stored whole (FRM-8), as large bodies are; without it such an event is
   * dropped with its finding.
   */
  spillDir?: string;
}

export interface StreamCapture {
  /**
   * The frames one chunk completed, as read: nothing learnt by analysis yet. `bytes` is that chunk, which starts at
   * `offset` in the stream: it holds the bytes of every frame but one that began in an earlier chunk.
   */
  raw(frames: readonly SseFrame[], bytes?: { buffer: Buffer; offset: number }): void;
  /** The same frames, in the same order, with what analysis learnt written onto them. */
  analysed(frames: readonly SseFrame[]): void;
}

export interface StreamState {
  taskId?: string;
  contextId?: string;
  /** The last task state an event carried, in the model's spelling. */
  lastState?: string;
  /** An event said the task reached a terminal state (or ≤0.3 `final`, or a lone message ended it). */
  ended: boolean;
  events: number;
}

/** The frames a chunk made, waiting for their events' analysis; `datas` are the events' data, in order. */
interface Batch {
  frames: SseFrame[];
  datas: string[];
  errors: number[];
  /** The stream bytes its frames span: what the batch holds in memory while it waits. */
  bytes: number;
}

export class StreamRecorder {
  readonly state: StreamState = { ended: false, events: 0 };
  private readonly parser: SseParser;
  private readonly findings: Finding[] = [];
  private seq = 0;
  private bytes = 0;
  private emptyBlocks = 0;
  private stop: FrameError | undefined;
  private readonly window = new ByteWindow();
  /** The chunk being read, and where it starts in the stream: the bytes of most frames a capture is handed. */
  private chunk: Buffer = Buffer.alloc(0);
  private chunkOffset = 0;
  /**
   * When the chunk being read arrived: every block it completes is stamped with it. They did arrive together, and
   * the journal keeps a run of blocks with one time as one record (journal.ts). The blocks share the object: one a
   * chunk rather than one a block is less for the collector to copy while a flood's frames wait for their analysis
   * (bench:ingest). Nothing changes it after.
   */
  private timing: { start: number } = { start: 0 };
  private readonly analysis: AnalysisStream;
  private batch: Batch = { frames: [], datas: [], errors: [], bytes: 0 };
  /** Batches sent for analysis and not yet published: frames go out in order, each with what was learnt of it. */
  private waiting: Promise<void> | undefined;
  /** Stream bytes of the batches with a worker now, and who waits for that to come down (`backlog`). */
  private pendingBytes = 0;
  private readonly maxPending: number;
  private caughtUp: (() => void) | undefined;
  /** The oversized block being stored, from `start`; bytes before `written` are in its file. */
  private large: { spill: LargeEventSpill; start: number; written: number } | undefined;

  constructor(private readonly options: StreamRecorderOptions) {
    this.parser = new SseParser({
      maxEventBytes: options.maxEventBytes,
      maxStreamBytes: options.maxStreamBytes,
      onEvent: (event) => this.onEvent(event),
      onEmptyBlock: (block) => {
        this.emptyBlocks++;
        this.batch.frames.push(this.frame(block, false));
      },
      onFinding: (finding) => this.onFinding(finding),
      onOversizedBlock: (block) => this.storeLarge(block.start, block.end),
    });
    options.exchange.stream = { bytes: 0, events: 0, emptyBlocks: 0 };
    this.maxPending = options.maxPendingBytes ?? MAX_PENDING_BYTES;
    const { adapter, request } = options;
    this.analysis =
      adapter && request
        ? (options.analyser ?? inThreadAnalyser()).open(adapter, request)
        : genericAnalysis();
  }

  /**
   * Feeds one chunk; returns an error when a cap says the stream must stop. `at` is when the chunk arrived, for a
   * reader that records it later (the recording proxy's lane); now when absent.
   */
  push(chunk: Buffer, at: number = this.options.now()): FrameError | undefined {
    this.timing = { start: at };
    this.chunkOffset = this.bytes;
    this.bytes += chunk.byteLength;
    this.window.push(chunk);
    this.chunk = chunk;
    this.parser.feed(chunk);
    // The block being stored takes this chunk's bytes before the window lets go of them.
    if (this.large) this.writeLarge(this.bytes);
    this.window.limit(this.options.maxEventBytes);
    this.send();
    return this.stop;
  }

  /**
   * A promise when so much of the stream waits for analysis that reading should pause until most of it is back;
   * undefined otherwise (always, when the analysis is done in this thread).
   */
  backlog(): Promise<void> | undefined {
    if (this.pendingBytes < this.maxPending) return undefined;
    return new Promise((resolve) => (this.caughtUp = resolve));
  }

  /**
   * Flushes the parser and writes the totals onto the exchange frame once every event is published: at once when
   * the analysis is done in this thread, after the last batch comes back from a worker.
   */
  finish(frame: HttpFrame): void | Promise<void> {
    this.timing = { start: this.options.now() };
    this.parser.end();
    // The stream ended inside the oversized block: SSE never dispatches an unfinished block, so there is no event.
    this.large?.spill.abandon();
    this.large = undefined;
    this.send();
    if (this.waiting) return this.waiting.then(() => this.totals(frame));
    this.totals(frame);
  }

  private totals(frame: HttpFrame): void {
    this.analysis.close();
    frame.stream = {
      bytes: this.bytes,
      events: this.state.events,
      emptyBlocks: this.emptyBlocks,
      ended: frame.error ? (frame.error.kind === 'aborted' ? 'closed-by-user' : 'error') : 'complete',
    };
    if (this.findings.length > 0) frame.findings = [...(frame.findings ?? []), ...this.findings];
    if (frame.a2a) {
      if (this.state.taskId !== undefined) frame.a2a.taskId = this.state.taskId;
      if (this.state.contextId !== undefined) frame.a2a.contextId = this.state.contextId;
    }
  }

  private onFinding(finding: SseFinding): void {
    if (finding.rule === 'sse.event-too-large' && this.startLarge(finding.offset ?? this.bytes)) {
      this.findings.push({
        ...finding,
        severity: 'warning',
        message: finding.message.replace(
          'its data was not kept.',
          'it was stored on disk whole and not decoded; load it from its frame.',
        ),
      });
      return;
    }
    this.findings.push(finding);
    if (finding.rule === 'sse.stream-too-large') {
      this.stop = {
        kind: 'too-large',
        label: 'Stream too large',
        message: `The stream passed the ${this.options.maxStreamBytes}-byte cap and was closed; every event before it is kept.`,
      };
    }
  }

  private onEvent(event: SseEvent): void {
    this.state.events++;
    const frame = this.frame(event, true);
    frame.event = {
      index: event.index,
      type: event.type,
      data: event.data,
      ...(event.id !== undefined ? { id: event.id } : {}),
      ...(event.retry !== undefined ? { retry: event.retry } : {}),
    };
    if (event.type === 'error') this.batch.errors.push(this.batch.datas.length);
    this.batch.datas.push(event.data);
    this.batch.frames.push(frame);
  }

  /** Starts storing the oversized block at `start`; false when there is no store or the disk refused. */
  private startLarge(start: number): boolean {
    if (this.options.spillDir === undefined) return false;
    try {
      this.large = { spill: new LargeEventSpill(this.options.spillDir), start, written: start };
      return true;
    } catch (error) {
      this.diskFailed(start, error);
      return false;
    }
  }

  /** Writes the stored block's bytes up to `to` (the window holds every byte from where it stopped). */
  private writeLarge(to: number): void {
    const large = this.large!;
    try {
      const bytes = this.window.slice(large.written, to);
      if (!bytes) throw new Error('its first bytes were no longer in memory');
      large.spill.write(bytes);
      large.written = to;
    } catch (error) {
      this.large = undefined;
      large.spill.abandon();
      this.diskFailed(large.start, error);
    }
  }

  /** The oversized block ended: its file is named and its frame joins the batch, in stream order. */
  private storeLarge(start: number, end: number): void {
    if (!this.large || this.large.start !== start) return;
    this.writeLarge(end);
    const large = this.large;
    this.large = undefined;
    if (!large) return;
    const stored = large.spill.finish();
    this.state.events++;
    const frame: SseFrame = {
      kind: 'sse',
      id: this.options.nextId(),
      exchangeId: this.options.exchange.id,
      source: this.options.exchange.source,
      timing: this.timing,
      seq: this.seq++,
      offset: { start, end },
      raw: stored.head,
      dispatched: true,
      stored: { sha256: stored.sha256, size: stored.size, type: stored.type },
    };
    this.window.release(end);
    this.batch.frames.push(frame);
  }

  private diskFailed(offset: number, error: unknown): void {
    const why = error instanceof Error ? error.message : String(error);
    this.findings.push({
      rule: 'sse.event-not-stored',
      severity: 'error',
      message: `The event at byte ${offset} could not be stored on disk (${why}); its data was not kept.`,
      offset,
    });
  }

  /** Sends the chunk's events for analysis; their frames are published once it is back, after every earlier one. */
  private send(): void {
    const batch = this.batch;
    if (batch.frames.length === 0) return;
    this.batch = { frames: [], datas: [], errors: [], bytes: 0 };
    const first = batch.frames[0]!;
    const end = batch.frames[batch.frames.length - 1]!.offset.end;
    batch.bytes = end - first.offset.start;
    this.options.capture?.raw(batch.frames, { buffer: this.chunk, offset: this.chunkOffset });
    if (batch.datas.length === 0) {
      this.after(() => this.complete(batch, undefined));
      return;
    }
    const result = this.analysis.analyse(batch.datas, batch.errors);
    if (result instanceof Promise) {
      this.pendingBytes += batch.bytes;
      const back = result.finally(() => this.returned(batch.bytes));
      this.after(() => back.then((done) => this.complete(batch, done)));
    } else this.after(() => this.complete(batch, result));
  }

  private returned(bytes: number): void {
    this.pendingBytes -= bytes;
    if (this.caughtUp && this.pendingBytes <= this.maxPending / 2) {
      const resume = this.caughtUp;
      this.caughtUp = undefined;
      resume();
    }
  }

  /** Runs `step` after every batch before it: at once when none is waiting. */
  private after(step: () => void | Promise<void>): void {
    if (!this.waiting) {
      const result = step();
      if (result instanceof Promise) this.track(result);
      return;
    }
    this.track(this.waiting.then(step));
  }

  private track(promise: Promise<void>): void {
    // A batch that failed to publish must not hold back the ones after it, nor the end of the stream.
    const current: Promise<void> = promise.then(
      () => this.settled(current),
      () => this.settled(current),
    );
    this.waiting = current;
  }

  private settled(current: Promise<void>): void {
    if (this.waiting === current) this.waiting = undefined;
  }

  /**
   * Writes what analysis learnt onto the batch's event frames and hands the batch on, in order. An
   * event whose JSON is JSON.parse of its data is marked so rather than parsed again here: whoever shows the value
   * parses it (eventJson.ts).
   */
  private complete(batch: Batch, result: BatchAnalysis | undefined): void {
    const findings = new Map(result?.findings);
    const json = new Map(result?.json);
    const notJson = new Set(result?.notJson);
    const { capture } = this.options;
    let k = 0;
    for (const frame of batch.frames) {
      if (!frame.event) {
        if (!capture) this.options.publish(frame);
        continue;
      }
      const i = k++;
      if (json.has(i)) {
        const value = json.get(i);
        if (value !== undefined) frame.json = value;
      } else if (result && !notJson.has(i)) frame.jsonFromData = true;
      const found = findings.get(i);
      if (found) frame.findings = [...found];
      const summary = result?.shapes[result.which[i]!];
      if (summary) frame.a2a = this.apply(summary);
      if (!capture) this.options.publish(frame);
    }
    capture?.analysed(batch.frames);
  }

  private frame(block: SseBlockBase, dispatched: boolean): SseFrame {
    const frame: SseFrame = {
      kind: 'sse',
      id: this.options.nextId(),
      exchangeId: this.options.exchange.id,
      source: this.options.exchange.source,
      timing: this.timing,
      seq: this.seq++,
      offset: { start: block.start, end: block.end },
      raw: block.raw,
      dispatched,
    };
    if (block.raw.includes('\uFFFD')) {
      // The text may stand for bytes that were not UTF-8; keep the bytes themselves so nothing is lost.
      const bytes = this.window.slice(block.start, block.end);
      if (bytes && !isUtf8(bytes)) frame.rawBase64 = bytes.toString('base64');
    }
    this.window.release(block.end);
    if (block.comments.length > 0) frame.comments = [...block.comments];
    return frame;
  }

  /** The frame's own copy of an event's summary, and what it says of the stream. */
  private apply(shared: EventSummary): EventSummary {
    const summary: EventSummary = { item: shared.item };
    if (shared.taskId !== undefined) summary.taskId = shared.taskId;
    if (shared.contextId !== undefined) summary.contextId = shared.contextId;
    if (shared.state !== undefined) summary.state = shared.state;
    if (shared.final !== undefined) summary.final = shared.final;
    if (summary.final) this.state.ended = true;
    // A message without a task is the whole answer (docs/protocol.md#streaming-over-sse).
    if (summary.item === 'message' && summary.taskId === undefined) this.state.ended = true;
    if (summary.state !== undefined) {
      this.state.lastState = summary.state;
      if (isTerminalState(summary.state)) this.state.ended = true;
    }
    this.state.taskId ??= summary.taskId;
    this.state.contextId ??= summary.contextId;
    return summary;
  }
}

/**
 * Stream bytes read ahead of the analysis before reading pauses, until half of it is back: this bounds what an agent
 * faster than the analysis can make the host hold. A waiting frame takes several times its bytes in memory, and one
 * that waits past a young-generation collection or two is copied by each and then promoted, where it dies only at
 * the next full collection: with 64 MiB, a 35 MB flood's frames all waited, the heap grew to about 280 MB and the
 * collector was a quarter of the host's thread (bench:ingest). 1 MiB keeps them short-lived.
 */
export const MAX_PENDING_BYTES = 1024 * 1024;

/**
 * The bytes of the block being read, so a block that is not valid UTF-8 can be kept exactly. Bytes before the last
 * block's end are released; a block longer than the event cap is dropped by the parser, so no more than the cap
 * (plus one chunk) is ever held.
 */
class ByteWindow {
  private chunks: Buffer[] = [];
  private base = 0;
  private size = 0;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.byteLength;
  }

  slice(start: number, end: number): Buffer | undefined {
    if (start < this.base || end > this.base + this.size) return undefined;
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = [all];
    return all.subarray(start - this.base, end - this.base);
  }

  /** Forgets everything before `offset`. */
  release(offset: number): void {
    while (this.chunks.length > 0) {
      const first = this.chunks[0]!;
      const firstEnd = this.base + first.byteLength;
      if (firstEnd <= offset) {
        this.chunks.shift();
        this.base = firstEnd;
        this.size -= first.byteLength;
      } else {
        if (offset > this.base) {
          this.chunks[0] = first.subarray(offset - this.base);
          this.size -= offset - this.base;
          this.base = offset;
        }
        return;
      }
    }
  }

  /** Keeps the last `maxBytes`: a block that started earlier is over the event cap, so the parser drops it. */
  limit(maxBytes: number): void {
    if (this.size > maxBytes) this.release(this.base + this.size - maxBytes);
  }
}
