// The analysis worker's entry point (streamAnalyser.ts starts it from its bundle, dist/electron/analysisWorker.cjs):
// it keeps one analyser per open stream and answers every batch, in order, with its analysis or with why it could
// not, in which case the host analyses that batch itself.

import { parentPort } from 'node:worker_threads';
import { findAdapter } from '../../../shared/a2a/adapters';
import { bindings } from '../../../shared/a2a/generation';
import { bodySchemaChecker } from '../bodySchema';
import { analyseBatch, eventAnalyser } from './streamAnalysis';
import type { FromAnalysisWorker, ToAnalysisWorker } from './streamAnalyser';

const port = parentPort;
if (!port) throw new Error('analysisWorker runs as a worker thread.');

const streams = new Map<number, ReturnType<typeof eventAnalyser>>();

port.on('message', (message: ToAnalysisWorker) => {
  switch (message.type) {
    case 'open': {
      const adapter = findAdapter(message.generation as never, message.binding as never);
      if (adapter) streams.set(message.stream, eventAnalyser(adapter, message.request));
      break;
    }
    case 'batch': {
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
