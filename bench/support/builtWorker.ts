// The analysis worker as the editions start it: dist/electron/analysisWorker.cjs, everything in one file, built
// when dist/ is missing or older than the sources. A bundle that left its packages to be resolved at run time spent
// about 250 ms of the worker's start looking for them (bench:ingest), which the apps never do.

import path from 'node:path';
import { analysisWorkerBeside } from '../../electron/host/agent/analysisWorkerScript';
import { buildIfNeeded } from './browserApp';

export function builtAnalysisWorker(): string {
  buildIfNeeded();
  const worker = analysisWorkerBeside(path.resolve('dist/electron'));
  if (!worker) throw new Error('The build wrote no dist/electron/analysisWorker.cjs.');
  return worker;
}
