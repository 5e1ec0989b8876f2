// Turns an event stream's bytes into `sse` frames as they arrive (FRM-2): every block with its raw text, byte span
// and arrival time, the data parsed as JSON, and what the generation's decoder made of it. Nothing stops the stream
// but a cap: a non-JSON or invalid event is recorded with its findings and the next one is read (WIRE-5).
//
// The reading itself (parsing, decoding, the checks) is done by a `ReadingStream`: in the analysis worker when there
// is one, so that this thread only takes the bytes in and builds, records and publishes the frames (bench:ingest); in
// this thread otherwise. Chunks go to it as they are read (to a worker, those of one turn of the event loop together)
// and their frames come back in order, each read's frames recorded and published together; at most a bound of stream
// bytes waits to be read before reading pauses.

import type { EncodedRequest, GenerationAdapter } from '../../../shared/a2a/adapter';
import type { Finding } from '../../../shared/wire/finding';
import type { ProxiedInfo } from '../../../shared/proxy/proxyTypes';
import type { FrameError, HttpFrame, SseFrame } from '../../../shared/wire/frame';
import { isTerminalState } from '../../../shared/a2a/model';
import { genericReading, inThreadAnalyser, type ReadingStream, type StreamAnalyser } from './streamAnalyser';
import type { EventSummary } from './streamAnalysis';
import type { ReadBatch } from './streamReading';
import { buildFrames, type FrameSeries } from './streamFrames';

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
  /** Each frame, in order, when there is no `capture`. */
  publish: (frame: SseFrame) => void;
  /** Records and publishes each chunk's frames together; `publish` is not used when it is given. */
  capture?: StreamCapture;
  /** Where events are read; in this thread when absent. */
  analyser?: StreamAnalyser;
  /** Stream bytes read ahead of the reading before reading the socket pauses; MAX_PENDING_BYTES when absent. */
  maxPendingBytes?: number;
  /** The recording proxy's tag (PRX-1), put on every frame of the stream as it is made. */
  proxied?: ProxiedInfo;
  /**
   * Where an event over `maxEventBytes` is stored whole (FRM-8), as large bodies are; without it such an event is
   * dropped with its finding.
   */
  spillDir?: string;
}

export interface StreamCapture {
  /**
   * The frames one chunk completed, read and analysed, in stream order. `marks[i]` says what the reader found of
   * frame i for the journal (RUN_PLAIN, RUN_CLEAN in sseRuns.ts: it writes such events as their bytes without asking
   * again). `bytes` is that chunk, which starts at `offset` in the stream: it holds the bytes of every frame but one
   * that began in an earlier chunk.
   */
  frames(frames: readonly SseFrame[], marks: Uint8Array, bytes?: { buffer: Buffer; offset: number }): void;
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

/** A chunk handed to the reading, and what its frames need once it is back. */
interface Sent {
  /** The chunk, when its batch does not bring its bytes (read in this thread). */
  chunk: Buffer | undefined;
  offset: number;
  bytes: number;
  timing: { start: number };
}

export class StreamRecorder {
  readonly state: StreamState = { ended: false, events: 0 };
  private readonly findings: Finding[] = [];
  private bytes = 0;
  private emptyBlocks = 0;
  private stop: FrameError | undefined;
  private readonly reading: ReadingStream;
  private readonly series: FrameSeries;
  /** Chunks with the reading and not yet recorded: frames go out in order, each chunk's together. */
  private waiting: Promise<void> | undefined;
  /** Stream bytes with the reading now, and who waits for that to come down (`backlog`). */
  private pendingBytes = 0;
  private readonly maxPending: number;
  private caughtUp: (() => void) | undefined;
  private readonly follow = (summary: EventSummary) => this.apply(summary);
  /** Chunks read in this turn of the event loop and not yet handed to the reading (`gather`). */
  private gathered: { chunks: Buffer[]; offset: number; bytes: number; at: number } | undefined;
  private gatherLater = false;

  constructor(private readonly options: StreamRecorderOptions) {
    options.exchange.stream = { bytes: 0, events: 0, emptyBlocks: 0 };
    this.maxPending = options.maxPendingBytes ?? MAX_PENDING_BYTES;
    const { adapter, request } = options;
    const limits = {
      maxEventBytes: options.maxEventBytes,
      maxStreamBytes: options.maxStreamBytes,
      ...(options.spillDir !== undefined ? { spillDir: options.spillDir } : {}),
    };
    this.reading =
      adapter && request
        ? (options.analyser ?? inThreadAnalyser()).open(adapter, request, limits)
        : genericReading(limits);
    this.series = {
      exchangeId: options.exchange.id,
      source: options.exchange.source,
      nextId: options.nextId,
      seq: 0,
      index: 0,
      ...(options.proxied ? { proxied: options.proxied } : {}),
    };
  }

  /**
   * Feeds one chunk; returns an error when a cap says the stream must stop. `at` is when the chunk arrived, for a
   * reader that records it later (the recording proxy's lane); now when absent.
   */
  push(chunk: Buffer, at: number = this.options.now()): FrameError | undefined {
    if (this.stop) return this.stop;
    const offset = this.bytes;
    this.bytes += chunk.byteLength;
    // The parser reads up to the cap and reports it; the stream stops here at the same byte.
    if (this.bytes > this.options.maxStreamBytes) {
      this.stop = {
        kind: 'too-large',
        label: 'Stream too large',
        message: `The stream passed the ${this.options.maxStreamBytes}-byte cap and was closed; every event before it is kept.`,
      };
    }
    if (this.reading.readChunks && this.reading.elsewhere) {
      this.gather(chunk, offset, at);
      return this.stop;
    }
    const result = this.reading.read(chunk);
    // Read in this thread, the batch is back at once; a worker's batch brings the chunk's bytes with it.
    const sent = result instanceof Promise ? undefined : chunk;
    this.send({ chunk: sent, offset, bytes: chunk.byteLength, timing: { start: at } }, result);
    return this.stop;
  }

  /**
   * Keeps the chunk with the others read in this turn of the event loop; they go to the reading together once the
   * turn's reads are done (setImmediate runs after them), or at once past GATHER_BYTES. Their frames are stamped with
   * the last one's arrival, microseconds after the first's. A socket read is often a few tens of kilobytes: read one
   * by one, each cost a message to the worker and back, a batch and a journal record (bench:ingest).
   */
  private gather(chunk: Buffer, offset: number, at: number): void {
    const gathered = (this.gathered ??= { chunks: [], offset, bytes: 0, at });
    gathered.chunks.push(chunk);
    gathered.bytes += chunk.byteLength;
    gathered.at = at;
    // Counted at once, so that reading pauses on the same bound as when each chunk is sent as it comes.
    this.pendingBytes += chunk.byteLength;
    if (gathered.bytes >= GATHER_BYTES || this.stop) this.sendGathered();
    else if (!this.gatherLater) {
      this.gatherLater = true;
      setImmediate(() => {
        this.gatherLater = false;
        this.sendGathered();
      });
    }
  }

  private sendGathered(): void {
    const gathered = this.gathered;
    if (!gathered) return;
    this.gathered = undefined;
    // `send` counts them again, as it counts every read.
    this.pendingBytes -= gathered.bytes;
    const { chunks, offset, bytes, at } = gathered;
    // The batch brings the chunks' bytes, as one buffer, wherever it was read.
    this.send({ chunk: undefined, offset, bytes, timing: { start: at } }, this.reading.readChunks!(chunks));
  }

  /** True while the stream is read in another thread, so that pushing a chunk costs this one little. */
  get readsElsewhere(): boolean {
    return this.reading.elsewhere === true;
  }

  /**
   * A promise when so much of the stream waits to be read that reading the socket should pause until a batch is
   * back below the bound; undefined otherwise (always, when the reading is done in this thread).
   */
  backlog(): Promise<void> | undefined {
    if (this.pendingBytes < this.maxPending) return undefined;
    return new Promise((resolve) => (this.caughtUp = resolve));
  }

  /**
   * Ends the reading and writes the totals onto the exchange frame once every frame is recorded: at once when the
   * reading is done in this thread, after the last batch comes back from a worker.
   */
  finish(frame: HttpFrame): void | Promise<void> {
    this.sendGathered();
    const timing = { start: this.options.now() };
    this.send({ chunk: undefined, offset: this.bytes, bytes: 0, timing }, this.reading.end());
    if (this.waiting) return this.waiting.then(() => this.totals(frame));
    this.totals(frame);
  }

  private totals(frame: HttpFrame): void {
    this.reading.close();
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

  /** Records the chunk's frames once its batch is back, after every earlier one. */
  private send(sent: Sent, result: ReadBatch | Promise<ReadBatch>): void {
    if (!(result instanceof Promise)) {
      this.after(() => this.record(sent, result));
      return;
    }
    const bytes = sent.bytes;
    this.pendingBytes += bytes;
    const back = result.finally(() => this.returned(bytes));
    this.after(() => back.then((batch) => this.record(sent, batch)));
  }

  private returned(bytes: number): void {
    this.pendingBytes -= bytes;
    // Resumed as soon as there is room again, not once half is back: waiting for half left the worker idle while the
    // socket refilled. In alternating quiet runs of bench:ingest the host's events/s went from 1.53-1.77x the SDK
    // client's (median 1.62) to 1.62-1.87x (median 1.78); the bound is unchanged, the peak RSS rose from 1.18-1.23x
    // the SDK's to 1.31-1.42x, as the window now stays full.
    if (this.caughtUp && this.pendingBytes < this.maxPending) {
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

  /** Builds the batch's frames and hands them on: to the capture together, or one by one to `publish`. */
  private record(sent: Sent, batch: ReadBatch): void {
    if (batch.findings.length > 0) this.findings.push(...batch.findings);
    if (batch.blocks.length === 0) return;
    const { frames, marks } = buildFrames(batch, this.series, sent.timing, this.follow);
    for (const frame of frames) {
      if (frame.event || frame.stored) this.state.events++;
      else if (!frame.dispatched) this.emptyBlocks++;
    }
    const { capture } = this.options;
    if (capture) {
      const buffer = sent.chunk ?? batch.bytes;
      capture.frames(frames, marks, buffer ? { buffer, offset: sent.offset } : undefined);
      return;
    }
    for (const frame of frames) this.options.publish(frame);
  }

  /** What an event's summary says of the stream. */
  private apply(summary: EventSummary): void {
    if (summary.final) this.state.ended = true;
    // A message without a task is the whole answer (docs/protocol.md#streaming-over-sse).
    if (summary.item === 'message' && summary.taskId === undefined) this.state.ended = true;
    if (summary.state !== undefined) {
      this.state.lastState = summary.state;
      if (isTerminalState(summary.state)) this.state.ended = true;
    }
    this.state.taskId ??= summary.taskId;
    this.state.contextId ??= summary.contextId;
  }
}

/**
 * Stream bytes read ahead of the reading before the socket pauses, until a batch is back: this bounds what an
 * agent faster than the reading can make the host hold. What waits is only the chunks' bytes (the frames are built
 * once their batch is back), but each waiting chunk is held more than once on its way (the socket's, the copy posted
 * to the worker, the copy kept here), and past a megabyte those outlived young-generation collections: with 4 MiB a
 * flood's peak RSS was 290-300 MB, with 1 MiB 220 (bench:ingest).
 */
export const MAX_PENDING_BYTES = 1024 * 1024;
/**
 * Chunks gathered into one read at most, so that one turn's reading never holds the whole window in one batch: with
 * no bound, a turn after a pause read about a megabyte at once, and the worker's answer came back only when all of
 * it was read, leaving the window full meanwhile. With 128 KiB a flood's peak RSS rose to 1.52x the SDK client's
 * (bench:ingest), with 64 KiB it stayed at 1.38-1.42x.
 */
export const GATHER_BYTES = 64 * 1024;
