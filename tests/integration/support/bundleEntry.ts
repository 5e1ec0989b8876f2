// Bundles a TypeScript entry point for a child process, the way scripts/runTs.mjs does: into node_modules/.cache so
// its package imports resolve from the repository's node_modules.

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

export async function bundleEntry(entry: string): Promise<string> {
  const outDir = path.resolve('node_modules/.cache/switchboard-run');
  await mkdir(outDir, { recursive: true });
  const outfile = path.join(outDir, `${path.basename(entry, '.ts')}-${process.pid}.mjs`);
  await build({
    entryPoints: [path.resolve(entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}
