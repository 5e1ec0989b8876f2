// Finds the Electron binary that the `electron` package manages. Electron fetches it on first launch (from
// GitHub), which fails on machines without internet; that failure becomes a reason, not a crash.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const INSTALL_TIMEOUT_MS = 120_000;

export function locateElectron(packageDir: string): { path: string } | { missing: string } {
  const existing = installedBinary(packageDir);
  if (existing) return { path: existing };
  if (!existsSync(path.join(packageDir, 'install.js')))
    return { missing: 'the electron package is not installed' };
  const install = spawnSync(process.execPath, [path.join(packageDir, 'install.js')], {
    encoding: 'utf8',
    timeout: INSTALL_TIMEOUT_MS,
  });
  const downloaded = installedBinary(packageDir);
  if (downloaded) return { path: downloaded };
  const detail = `${install.stderr ?? ''}${install.stdout ?? ''}`
    .split('\n')
    .find((line) => /error|fail/i.test(line));
  return { missing: `its download failed${detail ? `: ${detail.trim()}` : ''}` };
}

function installedBinary(packageDir: string): string | null {
  const pathFile = path.join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = path.join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}
