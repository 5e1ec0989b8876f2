// The e2e projects serve the built renderer; build it first when the sources are newer (a no-op under npm test,
// which has just built).

import { execFileSync } from 'node:child_process';

export default function globalSetup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-needed'], { stdio: 'inherit' });
}
