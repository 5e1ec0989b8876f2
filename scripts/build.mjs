// `npm run build`: the renderer with Vite and the Node side with esbuild. With --if-needed it does nothing when the
// output is newer than every source file, so `npm start` and `npm run web` are quick after the first time.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const STAMP = 'dist/.build-stamp';
const SOURCES = [
  'renderer',
  'shared',
  'electron',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'scripts/build.mjs',
  'scripts/build-node.mjs',
];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function upToDate() {
  if (!existsSync(STAMP)) return false;
  const built = statSync(STAMP).mtimeMs;
  return SOURCES.every((source) => newestMtime(source) <= built);
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Build step failed: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

if (process.argv.includes('--if-needed') && upToDate()) process.exit(0);
console.log('Building Switchboard…');
run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
run(process.execPath, ['scripts/build-node.mjs']);
writeFileSync(STAMP, new Date().toISOString());
