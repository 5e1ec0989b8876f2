// The analysis worker's entry point (streamAnalyser.ts starts it from its bundle, dist/electron/analysisWorker.cjs):
// it keeps one analyser per open stream and answers every batch, in order, with its analysis or with why it could
// not, in which case the host analyses that batch itself.

import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { findAdapter } from '../../../shared/a2a/adapters';
import { bindings } from '../../../shared/a2a/generation';
import { bodySchemaChecker } from '../bodySchema';
import { analyseBatch, eventAnalyser } from './streamAnalysis';
import type { FromAnalysisWorker, ToAnalysisWorker } from './streamAnalyser';

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
    case 'batch': {
      if (!lowered) lowered = lowerPriority();
      const analyse = streams.get(message.stream);
      let reply: FromAnalysisWorker;
      try {
        if (!analyse) throw new Error(`No open stream ${message.stream}.`);
        reply = { batch: message.batch, result: analyseBatch(analyse, message.datas, message.errors) };
      } catch (error) {
        reply = { batch: message.batch, error: error instanceof Error ? error.message : String(error) };
      }
      try {
        port.postMessage(reply);
      } catch (error) {
        // A value the structured clone cannot carry: the host analyses the batch itself.
        port.postMessage({ batch: message.batch, error: String(error) } satisfies FromAnalysisWorker);
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
