// Where the host finds the built analysis worker: beside its bundle, or, in the packaged desktop app, in the unpacked
// folder next to the asar archive (electron-builder.yml unpacks it, because a worker thread needs a real file).

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_WORKER_FILE,
  analysisWorkerBeside,
} from '../../../../../electron/host/agent/analysisWorkerScript';
import { testTempDir } from '../../../support/tempDir';

async function place(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, ANALYSIS_WORKER_FILE);
  await writeFile(file, '');
  return file;
}

describe('analysisWorkerBeside', () => {
  it('finds the worker beside the bundle (dist/electron), and nothing where it was not built', async () => {
    const root = testTempDir('switchboard-worker-');
    const dist = path.join(root, 'dist', 'electron');
    expect(analysisWorkerBeside(dist)).toBeUndefined();
    const file = await place(dist);
    expect(analysisWorkerBeside(dist)).toBe(file);
  });

  it('prefers the unpacked copy next to app.asar in a packaged app', async () => {
    const root = testTempDir('switchboard-worker-');
    const packed = path.join(root, 'resources', 'app.asar', 'dist', 'electron');
    const unpacked = await place(path.join(root, 'resources', 'app.asar.unpacked', 'dist', 'electron'));
    expect(analysisWorkerBeside(packed)).toBe(unpacked);
    // A folder that only looks like it (app.asarx) is taken as it is.
    expect(analysisWorkerBeside(path.join(root, 'resources', 'app.asarx', 'dist'))).toBeUndefined();
  });
});
