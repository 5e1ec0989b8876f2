// Where stream events are analysed (streamAnalysis.ts): in a worker thread when the host was given its script, so
// that decoding and schema checks run beside the thread that reads the socket, records and publishes (bench:ingest);
// in the host's own thread otherwise (tests run from source, which have no built worker). A worker that fails or
// exits hands every batch it had, and every later one, back to the host's thread: nothing is lost, only slower.

import { Worker } from 'node:worker_threads';
import { findAdapter } from '../../../shared/a2a/adapters';
import type { EncodedRequest, GenerationAdapter } from '../../../shared/a2a/adapter';
import { Fifo } from '../../../shared/fifo';
import { analyseBatch, eventAnalyser, type BatchAnalysis } from './streamAnalysis';

export interface AnalysisStream {
  /** The batch's analysis: at once in the host's thread, a promise from a worker. Batches resolve in order. */
  analyse(datas: string[], errors: number[]): BatchAnalysis | Promise<BatchAnalysis>;
  close(): void;
}

export interface StreamAnalyser {
  open(adapter: GenerationAdapter, request: EncodedRequest): AnalysisStream;
  /**
   * Gets ready for streams of a generation ahead of the first (an agent of it was opened): the worker started and
   * its schema checks compiled, so the first stream does not wait for either.
   */
  prepare(generation: string): void;
  /**
   * Starts the worker, if there is one, without waiting for an agent: its module loads while the host and the window
   * start, not while a stream's first events wait (bench:ingest). No schema is compiled until `prepare`.
   */
  start(): void;
  /** Batches analysed by a worker so far (0 in the host's thread): how tests tell the worker did the work. */
  workerBatches(): number;
  close(): Promise<void>;
}

/** One batch of one stream's events to analyse. */
export interface AnalysisBatch {
  stream: number;
  batch: number;
  datas: string[];
  errors: number[];
}

/**
 * Messages to the worker. Batches go several to a message: with many streams each chunk is a small batch, and a
 * message per batch cost more in posting than the analysis itself (bench:ui-many).
 */
export type ToAnalysisWorker =
  | { type: 'open'; stream: number; generation: string; binding: string; request: EncodedRequest }
  | { type: 'batches'; batches: AnalysisBatch[] }
  | { type: 'close'; stream: number }
  | { type: 'prepare'; generation: string };

/** One batch's answer: its analysis, or why the worker could not (the host then analyses it itself). */
export type BatchReply = { batch: number; result: BatchAnalysis } | { batch: number; error: string };

/** Messages from it: one per `batches` message, its replies in the order the batches were sent. */
export interface FromAnalysisWorker {
  replies: BatchReply[];
}

/** `shapes: false` analyses every event in full (eventShapes.ts): the straightforward path, for comparison. */
export function inThreadAnalyser(options: { shapes?: boolean } = {}): StreamAnalyser {
  return {
    open(adapter, request) {
      const analyse = eventAnalyser(adapter, request, options);
      return { analyse: (datas, errors) => analyseBatch(analyse, datas, errors), close: () => undefined };
    },
    // Compiled on the first stream, as before there was a worker: nothing runs ahead in the host's thread.
    prepare: () => undefined,
    start: () => undefined,
    workerBatches: () => 0,
    close: async () => undefined,
  };
}

/**
 * The analysis of a stream that is not A2A: no decoder and no schema, only whether each event's data is JSON (text is
 * as good as JSON there, so it is no finding).
 */
export function genericAnalysis(): AnalysisStream {
  const analyse = (data: string) => {
    try {
      JSON.parse(data);
      return { summary: null, findings: [] };
    } catch {
      return { summary: null, findings: [], notJson: true as const };
    }
  };
  return { analyse: (datas, errors) => analyseBatch(analyse, datas, errors), close: () => undefined };
}

interface Pending {
  resolve: (result: BatchAnalysis) => void;
  /** The same batch analysed in the host's thread, when the worker cannot. */
  fallback: () => BatchAnalysis;
}

export function workerAnalyser(script: string): StreamAnalyser {
  let worker: Worker | undefined;
  let failed = false;
  let streams = 0;
  let batches = 0;
  let answered = 0;
  const pending = new Map<number, Pending>();
  const prepared = new Set<string>();
  // Batches not yet posted. Only a few messages are with the worker at a time: posting copies the batches, which
  // costs the host's thread, and a worker behind a fast stream would only hold the copies (its priority is below the
  // host's). What waited meanwhile goes in the next message, so a worker that fell behind gets fewer, larger ones.
  const queue = new Fifo<AnalysisBatch>();
  let posted = 0;
  const pump = () => {
    while (worker && posted < MAX_POSTED && queue.length > 0) {
      posted++;
      post(worker, { type: 'batches', batches: queue.take(MAX_BATCHES_PER_POST) });
    }
  };

  const giveUp = () => {
    failed = true;
    worker = undefined;
    queue.clear();
    for (const [batch, entry] of pending) {
      pending.delete(batch);
      entry.resolve(entry.fallback());
    }
  };
  const started = (): Worker | undefined => {
    if (failed) return undefined;
    if (worker) return worker;
    try {
      worker = new Worker(script);
    } catch {
      failed = true;
      return undefined;
    }
    // The worker never keeps the host alive on its own: an open stream's socket does while there is work.
    worker.unref();
    worker.on('message', (message: FromAnalysisWorker) => {
      posted--;
      pump();
      for (const reply of message.replies) {
        const entry = pending.get(reply.batch);
        if (!entry) continue;
        pending.delete(reply.batch);
        if ('result' in reply) answered++;
        entry.resolve('result' in reply ? reply.result : entry.fallback());
      }
    });
    worker.on('error', giveUp);
    worker.on('exit', giveUp);
    return worker;
  };

  return {
    open(adapter, request) {
      const local = () => {
        analyse ??= eventAnalyser(adapter, request);
        return analyse;
      };
      let analyse: ReturnType<typeof eventAnalyser> | undefined;
      const thread = findAdapter(adapter.generation, adapter.binding) === adapter ? started() : undefined;
      if (!thread) {
        return { analyse: (datas, errors) => analyseBatch(local(), datas, errors), close: () => undefined };
      }
      const stream = ++streams;
      post(thread, {
        type: 'open',
        stream,
        generation: adapter.generation,
        binding: adapter.binding,
        request,
      });
      return {
        analyse(datas, errors) {
          if (!worker) return analyseBatch(local(), datas, errors);
          const batch = ++batches;
          return new Promise<BatchAnalysis>((resolve) => {
            pending.set(batch, { resolve, fallback: () => analyseBatch(local(), datas, errors) });
            queue.push({ stream, batch, datas, errors });
            pump();
          });
        },
        close() {
          if (worker) post(worker, { type: 'close', stream });
        },
      };
    },
    prepare(generation) {
      if (prepared.has(generation)) return;
      prepared.add(generation);
      const thread = started();
      if (thread) post(thread, { type: 'prepare', generation });
    },
    start: () => void started(),
    workerBatches: () => answered,
    async close() {
      const current = worker;
      failed = true;
      worker = undefined;
      if (current) await current.terminate();
      // Anything still waiting is answered here, so no stream waits for a worker that is gone.
      giveUp();
    },
  };
}

/** Messages with the worker at once: enough that it never waits for the next while the host's thread is busy. */
const MAX_POSTED = 8;
/** Batches per message at most, so that one message's copy and answer stay small beside a frame's time. */
const MAX_BATCHES_PER_POST = 64;

function post(worker: Worker, message: ToAnalysisWorker): void {
  worker.postMessage(message);
}
