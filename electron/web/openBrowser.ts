// Opens a URL in the system browser when one is available. The URL goes to the opener as a single argument
// (no shell), and a missing opener is reported, not fatal: the caller prints the URL instead.

import { spawn } from 'node:child_process';

const OPENER_GRACE_MS = 3000;

function openerFor(platform: NodeJS.Platform): { command: string; args: string[] } {
  if (platform === 'darwin') return { command: 'open', args: [] };
  if (platform === 'win32') return { command: 'explorer.exe', args: [] };
  return { command: 'xdg-open', args: [] };
}

export function openInBrowser(url: string, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  const { command, args } = openerFor(platform);
  return new Promise((resolve) => {
    const child = spawn(command, [...args, url], { stdio: 'ignore', detached: true });
    // Openers such as xdg-open exist on headless machines too and fail there: trust the exit code when it comes
    // soon, and assume success when the opener is still busy launching a browser.
    const assumeOpened = setTimeout(() => {
      child.unref();
      resolve(true);
    }, OPENER_GRACE_MS);
    child.once('error', () => {
      clearTimeout(assumeOpened);
      resolve(false);
    });
    child.once('exit', (code) => {
      clearTimeout(assumeOpened);
      resolve(code === 0);
    });
  });
}
