// Runs a TypeScript entry point from the repository (peers, recorders, benchmarks): bundles it with esbuild into
// node_modules/.cache, keeping packages external so they load from node_modules, then runs it with the given args.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('Usage: node scripts/runTs.mjs <entry.ts> [args…]');
  process.exit(2);
}
const outDir = path.resolve('node_modules/.cache/switchboard-run');
mkdirSync(outDir, { recursive: true });
const outfile = path.join(outDir, `${path.basename(entry).replace(/\.[cm]?tsx?$/, '')}.mjs`);
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'inline',
  logLevel: 'warning',
});
const result = spawnSync(process.execPath, ['--enable-source-maps', outfile, ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
