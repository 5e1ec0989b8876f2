// `npm start` after the build: launch the desktop app, or fall back to the browser edition with one line saying why.

import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { locateElectron } from './launch/electronBinary';
import { fallbackLine, planLaunch } from './launch/launchPlan';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const plan = planLaunch({
  platform: process.platform,
  electron: locateElectron(path.join(root, 'node_modules', 'electron')),
  env: process.env,
});

const child =
  plan.edition === 'desktop'
    ? spawn(plan.electronPath, [root], { stdio: 'inherit' })
    : (console.log(fallbackLine(plan.reason)),
      spawn(
        process.execPath,
        [path.join(root, 'dist', 'electron', 'server.js'), '--open', ...process.argv.slice(2)],
        {
          stdio: 'inherit',
        },
      ));

child.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
