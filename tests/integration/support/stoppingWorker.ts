// The built analysis worker, wrapped so that its thread exits instead of posting message `after + 1` ("prepared"
// counts as one): as a worker that fails mid-stream would, with the reads of that message and later ones never
// answered.

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { testTempDir } from '../../unit/support/tempDir';

export function stoppingWorker(worker: string, after: number): string {
  const dir = testTempDir('switchboard-worker-stop-');
  const script = path.join(dir, 'stopping.mjs');
  writeFileSync(
    script,
    `import { parentPort } from 'node:worker_threads';\n` +
      `const post = parentPort.postMessage.bind(parentPort);\n` +
      `let answers = 0;\n` +
      `parentPort.postMessage = (message, transfer) => { if (++answers > ${after}) process.exit(1); post(message, transfer); };\n` +
      `await import(${JSON.stringify(pathToFileURL(worker).href)});\n`,
  );
  return script;
}
