// The analysis worker's entry point (streamAnalyser.ts starts it from its bundle, dist/electron/analysisWorker.cjs):
// it keeps one analyser per open stream and answers every message of batches with one reply per batch, in order: its
// analysis or why it could not be made, in which case the host analyses that batch itself.

import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { findAdapter } from '../../../shared/a2a/adapters';
import { bindings } from '../../../shared/a2a/generation';
import { bodySchemaChecker } from '../bodySchema';
import { analyseBatch, eventAnalyser } from './streamAnalysis';
import type { AnalysisBatch, BatchReply, FromAnalysisWorker, ToAnalysisWorker } from './streamAnalyser';

const port = parentPort;
if (!port) throw new Error('analysisWorker runs as a worker thread.');
// Loading and compiling the schema checks run at the process's priority: a stream's events wait for them, and at the
// lowest priority on a busy machine they took seconds (bench:ingest). Batches run at the lowest (see lowerPriority).
let lowered = false;

const streams = new Map<number, ReturnType<typeof eventAnalyser>>();

port.on('message', (message: ToAnalysisWorker) => {
  switch (message.type) {
    case 'open': {
      const adapter = findAdapter(message.generation as never, message.binding as never);
      if (adapter) streams.set(message.stream, eventAnalyser(adapter, message.request));
      break;
    }
    case 'batches': {
      if (!lowered) lowered = lowerPriority();
      const replies = message.batches.map(analyse);
      try {
        port.postMessage({ replies } satisfies FromAnalysisWorker);
      } catch (error) {
        // A value the structured clone cannot carry: the host analyses these batches itself.
        const failed = message.batches.map(({ batch }) => ({ batch, error: String(error) }));
        port.postMessage({ replies: failed } satisfies FromAnalysisWorker);
      }
      break;
    }
    case 'close':
      streams.delete(message.stream);
      break;
    case 'prepare':
      // Compiles the generation's event schema checks now (they are kept), not when its first events wait.
      for (const binding of bindings) bodySchemaChecker(message.generation, binding, 'event');
      break;
  }
});

/** One batch's analysis, or why it could not be made. */
function analyse(message: AnalysisBatch): BatchReply {
  const analyser = streams.get(message.stream);
  try {
    if (!analyser) throw new Error(`No open stream ${message.stream}.`);
    return { batch: message.batch, result: analyseBatch(analyser, message.datas, message.errors) };
  } catch (error) {
    return { batch: message.batch, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Gives this thread the lowest scheduling priority, where the system allows a thread its own (Linux): on a busy
 * machine the host's thread, which reads and records the stream, goes first, and the analysis follows behind it.
 * Elsewhere the worker keeps the process's priority.
 */
function lowerPriority(): true {
  try {
    // `/proc/thread-self` links to `<pid>/task/<tid>`; a thread id is a valid target for setpriority on Linux.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 19);
  } catch {
    // Not Linux, or not allowed: the analysis runs at the process's priority.
  }
  return true;
}
