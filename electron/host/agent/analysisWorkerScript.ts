// Where the built analysis worker is: beside the bundle that starts the host (scripts/build-node.mjs writes it into
// dist/electron with the others). In the packaged desktop app it is unpacked next to the asar archive
// (electron-builder.yml), because a worker thread is started from a real file. Undefined when it is not there, as
// when the host runs from source.

import { existsSync } from 'node:fs';
import path from 'node:path';

export const ANALYSIS_WORKER_FILE = 'analysisWorker.cjs';

export function analysisWorkerBeside(dir: string): string | undefined {
  const unpacked = dir.replace(/([\\/])app\.asar(?=[\\/]|$)/, '$1app.asar.unpacked');
  for (const folder of unpacked === dir ? [dir] : [unpacked, dir]) {
    const file = path.join(folder, ANALYSIS_WORKER_FILE);
    if (existsSync(file)) return file;
  }
  return undefined;
}
