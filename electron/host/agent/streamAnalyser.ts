// Where stream events are read (streamReading.ts): in a worker thread when the host was given its script, so that
// parsing, decoding and schema checks run beside the thread that takes the bytes in, records and publishes
// (bench:ingest); in the host's own thread otherwise (tests run from source, which have no built worker). A worker
// that fails, or that cannot read one stream, hands its streams back to the host's thread where it left them: the
// host keeps each stream's bytes from the last point the worker said it could be taken over at, so nothing is lost,
// only slower.

import { Worker } from 'node:worker_threads';
import { findAdapter } from '../../../shared/a2a/adapters';
import type { EncodedRequest, GenerationAdapter } from '../../../shared/a2a/adapter';
import type { SseResumePoint } from '../../../shared/wire/sse';
import { Fifo } from '../../../shared/fifo';
import { eventAnalyser } from './streamAnalysis';
import { HeldBytes } from './heldBytes';
import {
  BLOCK_FIELDS,
  B_END,
  B_START,
  notStoredFinding,
  StreamReading,
  type EventReader,
  type ReadBatch,
  type ReadingLimits,
} from './streamReading';

/** One stream's reading: each chunk's blocks, then the end's, in order. */
export interface ReadingStream {
  /**
   * The blocks the chunk completed: at once in the host's thread, a promise from a worker. A batch that comes back
   * later brings the chunk's bytes with it (`ReadBatch.bytes`), so that the recorder need not hold the chunk.
   */
  read(chunk: Buffer): ReadBatch | Promise<ReadBatch>;
  /**
   * The blocks several chunks completed, read as one, as if they had come as one chunk. Only a reading done in
   * another thread has it: the recorder gathers the chunks of one turn of the event loop, so that a fast stream costs
   * one message, one batch and one journal record per turn rather than per socket read (bench:ingest).
   */
  readChunks?(chunks: readonly Buffer[]): ReadBatch | Promise<ReadBatch>;
  /** The blocks the end of the stream completed. */
  end(): ReadBatch | Promise<ReadBatch>;
  close(): void;
  /** True while another thread reads it: handing it a chunk costs this thread little. */
  readonly elsewhere?: boolean;
}

export interface StreamAnalyser {
  open(adapter: GenerationAdapter, request: EncodedRequest, limits: ReadingLimits): ReadingStream;
  /**
   * Gets ready for streams of a generation ahead of the first (an agent of it was opened): the worker started and
   * its schema checks compiled, so the first stream does not wait for either.
   */
  prepare(generation: string): void;
  /**
   * Settles once the worker has done what `prepare` asked for the generation (asking it if nobody has), so that a
   * stream of it starts without waiting; at once in the host's thread, or when there is no worker to wait for. For
   * measuring a stream apart from the host's start (bench:ingest).
   */
  ready(generation: string): Promise<void>;
  /**
   * Starts the worker, if there is one, without waiting for an agent: its module loads while the host and the window
   * start, not while a stream's first events wait (bench:ingest). No schema is compiled until `prepare`.
   */
  start(): void;
  /** Reads a worker answered so far (0 in the host's thread): how tests tell the worker did the work. */
  workerBatches(): number;
  close(): Promise<void>;
}

/** One read of one stream: a chunk, or the end when there is none. */
export interface StreamRead {
  stream: number;
  read: number;
  chunk?: Uint8Array;
}

/**
 * Messages to the worker. Reads go several to a message: with many streams each chunk is small, and a message per
 * chunk cost more in posting than the reading itself (bench:ui-many).
 */
export type ToAnalysisWorker =
  | {
      type: 'open';
      stream: number;
      generation: string;
      binding: string;
      request: EncodedRequest;
      limits: ReadingLimits;
    }
  | { type: 'reads'; reads: StreamRead[] }
  | { type: 'close'; stream: number }
  | { type: 'prepare'; generation: string };

/** One read's answer: its batch, or why the worker could not read the stream (the host then reads it itself). */
export type ReadReply =
  { stream: number; read: number; batch: ReadBatch } | { stream: number; read: number; error: string };

/** Messages from it: one per `reads` message, its replies in the order the reads were sent; one per `prepare`. */
export type FromAnalysisWorker = { replies: ReadReply[] } | { prepared: string };

/** A stream read in this thread. */
function localReading(limits: ReadingLimits, reader: EventReader): ReadingStream {
  const reading = new StreamReading(limits, reader);
  return { read: (chunk) => reading.chunk(chunk), end: () => reading.end(), close: () => undefined };
}

/**
 * `shapes: false` and `templates: false` analyse every event in full (eventShapes.ts, eventTemplates.ts): the
 * straightforward path, for comparison.
 */
export function inThreadAnalyser(options: { shapes?: boolean; templates?: boolean } = {}): StreamAnalyser {
  return {
    open: (adapter, request, limits) => localReading(limits, eventAnalyser(adapter, request, options)),
    // Compiled on the first stream, as before there was a worker: nothing runs ahead in the host's thread.
    prepare: () => undefined,
    ready: async () => undefined,
    start: () => undefined,
    workerBatches: () => 0,
    close: async () => undefined,
  };
}

/**
 * The reading of a stream that is not A2A: no decoder and no schema, only whether each event's data is JSON (text is
 * as good as JSON there, so it is no finding).
 */
export function genericReading(limits: ReadingLimits): ReadingStream {
  return localReading(limits, (data) => {
    try {
      JSON.parse(data);
      return { summary: null, findings: [] };
    } catch {
      return { summary: null, findings: [], notJson: true as const };
    }
  });
}

/** A read sent to the worker and not yet answered: the stream bytes `[offset, end)` of its chunk (none for the end). */
interface Waiting {
  read: number;
  chunk: { offset: number; end: number } | undefined;
  resolve: (batch: ReadBatch) => void;
}

/**
 * A stream the worker reads. It keeps the stream's bytes from the last point the worker said it could be taken over
 * at: should the worker go, this thread reads on from there, and answers every read still waiting.
 */
class WorkerStream implements ReadingStream {
  get elsewhere(): boolean {
    return this.local === undefined;
  }

  private local: StreamReading | undefined;
  /** What the first batch read here must say that the worker could not (see `takeOver`). */
  private lost: ReadBatch['findings'] = [];
  private resume: SseResumePoint | undefined;
  private storing: number | undefined;
  private readonly held = new HeldBytes();
  private readonly waiting = new Fifo<Waiting>();
  private reads = 0;

  constructor(
    private readonly id: number,
    private readonly limits: ReadingLimits,
    private readonly reader: () => EventReader,
    private readonly pool: WorkerPool,
  ) {}

  read(chunk: Buffer): ReadBatch | Promise<ReadBatch> {
    if (!this.local && !this.pool.running()) this.takeOver();
    if (this.local) return this.withLost(this.local.chunk(chunk));
    const offset = this.held.offset;
    this.held.push(chunk);
    return this.send(chunk, { offset, end: this.held.offset });
  }

  readChunks(chunks: readonly Buffer[]): ReadBatch | Promise<ReadBatch> {
    if (!this.local && !this.pool.running()) this.takeOver();
    if (this.local) {
      const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      const batch = this.withLost(this.local.chunk(bytes));
      batch.bytes = bytes;
      return batch;
    }
    const offset = this.held.offset;
    for (const chunk of chunks) this.held.push(chunk);
    const end = this.held.offset;
    // One copy for the worker, from the bytes held here: as many copies as a chunk read on its own costs.
    return this.send(this.held.view(offset, end), { offset, end });
  }

  end(): ReadBatch | Promise<ReadBatch> {
    if (!this.local && !this.pool.running()) this.takeOver();
    if (this.local) return this.withLost(this.local.end());
    return this.send(undefined, undefined);
  }

  close(): void {
    this.pool.closeStream(this.id);
  }

  private send(chunk: Buffer | undefined, span: Waiting['chunk']): Promise<ReadBatch> {
    const read = ++this.reads;
    return new Promise<ReadBatch>((resolve) => {
      this.waiting.push({ read, chunk: span, resolve });
      // Posted as a copy of its own, which the worker takes over: the chunk may be a view of a larger buffer the
      // socket still uses, and this thread keeps it for the journal and in case the worker goes.
      this.pool.post({ stream: this.id, read, ...(chunk ? { chunk: new Uint8Array(chunk) } : {}) });
    });
  }

  /** The worker's answer to the oldest read waiting. */
  answered(reply: ReadReply): void {
    if (this.local) return;
    if (!('batch' in reply)) {
      this.takeOver();
      return;
    }
    const [waiting] = this.waiting.take(1);
    if (!waiting) return;
    const { batch } = reply;
    this.resume = batch.resume;
    this.storing = batch.storing;
    // The chunk's bytes go with its batch, for the journal: valid until the next chunk is pushed, which is after
    // the batch has been recorded (both run before the event loop reads the socket again).
    if (waiting.chunk) batch.bytes = this.held.view(waiting.chunk.offset, waiting.chunk.end);
    if (batch.text === undefined) batch.text = this.textOf(batch);
    this.held.release(Math.min(this.resume.offset, waiting.chunk?.end ?? this.held.offset));
    waiting.resolve(batch);
  }

  /**
   * Reads on in this thread from where the worker's last answer left the stream: its bytes since then are read
   * again, without what they said before (the worker said it), and every read still waiting is answered.
   */
  takeOver(): void {
    if (this.local) return;
    const local = new StreamReading(this.limits, this.reader(), this.resume);
    this.local = local;
    const waiting = this.waiting.take(Number.MAX_SAFE_INTEGER);
    const from = this.resume?.offset ?? 0;
    const first = waiting[0]?.chunk?.offset ?? this.held.offset;
    const answered = this.held.view(from, first);
    if (answered && answered.byteLength > 0) local.chunk(Buffer.from(answered));
    // An oversized event the worker was writing to disk is lost with it.
    if (this.resume?.skipping && this.storing !== undefined)
      this.lost.push(notStoredFinding(this.storing, 'the analysis worker stopped while writing it'));
    for (const item of waiting) {
      // A copy: the held bytes move when the next chunk comes, and the journal may keep these a little longer.
      const bytes = item.chunk && Buffer.from(this.held.view(item.chunk.offset, item.chunk.end)!);
      const batch = this.withLost(bytes ? local.chunk(bytes) : local.end());
      if (bytes) batch.bytes = bytes;
      item.resolve(batch);
    }
  }

  /** A batch's text the worker left out: its blocks' bytes, held here, ASCII end to end. */
  private textOf(batch: ReadBatch): string {
    const { blocks } = batch;
    const from = blocks[B_START]!;
    const to = blocks[blocks.length - BLOCK_FIELDS + B_END]!;
    const bytes = this.held.view(from, to);
    if (!bytes) throw new Error(`The bytes ${from}-${to} of a stream were no longer held.`);
    return bytes.toString('latin1');
  }

  private withLost(batch: ReadBatch): ReadBatch {
    if (this.lost.length === 0) return batch;
    batch.findings.unshift(...this.lost);
    this.lost = [];
    return batch;
  }
}

/** The one worker, the reads queued for it and the streams it reads. */
class WorkerPool {
  private worker: Worker | undefined;
  private failed = false;
  private readonly streams = new Map<number, WorkerStream>();
  // Reads not yet posted. Only a few messages are with the worker at a time: what waited meanwhile goes in the next
  // message, so a worker that fell behind gets fewer, larger ones.
  private readonly queue = new Fifo<StreamRead>();
  private posted = 0;
  answered = 0;
  private readonly preparedGenerations = new Set<string>();
  private waiters: Array<{ generation: string; resolve: () => void }> = [];

  constructor(private readonly script: string) {}

  running(): boolean {
    return this.started() !== undefined;
  }

  started(): Worker | undefined {
    if (this.failed) return undefined;
    if (this.worker) return this.worker;
    try {
      this.worker = new Worker(this.script);
    } catch {
      this.failed = true;
      return undefined;
    }
    // The worker never keeps the host alive on its own: an open stream's socket does while there is work.
    this.worker.unref();
    this.worker.on('message', (message: FromAnalysisWorker) => {
      if ('prepared' in message) {
        this.preparedGenerations.add(message.prepared);
        this.settleWaiters();
        return;
      }
      this.posted--;
      this.pump();
      for (const reply of message.replies) {
        if ('batch' in reply) this.answered++;
        this.streams.get(reply.stream)?.answered(reply);
      }
    });
    this.worker.on('error', () => this.giveUp());
    this.worker.on('exit', () => this.giveUp());
    return this.worker;
  }

  open(stream: WorkerStream, id: number, message: ToAnalysisWorker): void {
    this.streams.set(id, stream);
    this.worker?.postMessage(message);
  }

  post(read: StreamRead): void {
    this.queue.push(read);
    this.pump();
  }

  closeStream(id: number): void {
    if (!this.streams.delete(id)) return;
    this.worker?.postMessage({ type: 'close', stream: id } satisfies ToAnalysisWorker);
  }

  message(message: ToAnalysisWorker): void {
    this.started()?.postMessage(message);
  }

  /** Settles once the worker says it has prepared the generation, or once there is no worker. */
  prepared(generation: string): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push({ generation, resolve });
      this.settleWaiters();
    });
  }

  private settleWaiters(): void {
    const gone = this.failed;
    this.waiters = this.waiters.filter((waiter) => {
      if (!gone && !this.preparedGenerations.has(waiter.generation)) return true;
      waiter.resolve();
      return false;
    });
  }

  /** Every stream the worker had is read in this thread from where it left it. */
  giveUp(): void {
    this.failed = true;
    this.worker = undefined;
    this.settleWaiters();
    this.queue.clear();
    for (const stream of this.streams.values()) stream.takeOver();
    this.streams.clear();
  }

  async close(): Promise<void> {
    const current = this.worker;
    this.failed = true;
    this.worker = undefined;
    if (current) await current.terminate();
    // Anything still waiting is read here, so no stream waits for a worker that is gone.
    this.giveUp();
  }

  private pump(): void {
    const { worker } = this;
    while (worker && this.posted < MAX_POSTED && this.queue.length > 0) {
      this.posted++;
      const reads = this.queue.take(MAX_READS_PER_POST);
      const transfer: ArrayBuffer[] = [];
      for (const read of reads) if (read.chunk) transfer.push(read.chunk.buffer as ArrayBuffer);
      worker.postMessage({ type: 'reads', reads } satisfies ToAnalysisWorker, transfer);
    }
  }
}

export function workerAnalyser(script: string): StreamAnalyser {
  const pool = new WorkerPool(script);
  const prepared = new Set<string>();
  let streams = 0;
  const prepare = (generation: string) => {
    if (prepared.has(generation)) return;
    prepared.add(generation);
    pool.message({ type: 'prepare', generation });
  };
  return {
    open(adapter, request, limits) {
      const reader = () => eventAnalyser(adapter, request);
      const known = findAdapter(adapter.generation, adapter.binding) === adapter;
      if (!known || !pool.running()) return localReading(limits, reader());
      const id = ++streams;
      const stream = new WorkerStream(id, limits, reader, pool);
      pool.open(stream, id, {
        type: 'open',
        stream: id,
        generation: adapter.generation,
        binding: adapter.binding,
        request,
        limits,
      });
      return stream;
    },
    prepare,
    ready(generation) {
      prepare(generation);
      return pool.prepared(generation);
    },
    start: () => void pool.started(),
    workerBatches: () => pool.answered,
    close: () => pool.close(),
  };
}

/** Messages with the worker at once: enough that it never waits for the next while the host's thread is busy. */
const MAX_POSTED = 8;
/** Reads per message at most, so that one message's copy and answer stay small beside a frame's time. */
const MAX_READS_PER_POST = 64;
