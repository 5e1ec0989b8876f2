// The browser edition's opener for files the host wrote for the OS (a PDF part opened externally, TL-4): the
// platform's opener (open, explorer.exe, xdg-open) started with the path as its one argument, never through a shell.
// A missing or failing opener is a rejection with a message the UI shows, so the user knows to use Save instead.

import { spawn as nodeSpawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { FileOpener } from '../host/openExternally';

/** Openers such as xdg-open stay busy while the viewer starts: one still running after this is taken as success. */
const OPENER_GRACE_MS = 3000;

export type Spawner = (command: string, args: string[]) => ChildProcess;

function openerCommand(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'open';
  // explorer.exe opens a file with its associated app, as `start` would, without going through cmd.exe.
  if (platform === 'win32') return 'explorer.exe';
  return 'xdg-open';
}

const spawnDetached: Spawner = (command, args) =>
  nodeSpawn(command, args, { stdio: 'ignore', detached: true });

export function systemFileOpener(
  platform: NodeJS.Platform = process.platform,
  spawn: Spawner = spawnDetached,
): FileOpener {
  const command = openerCommand(platform);
  const failed = (why: string) =>
    new Error(
      `No app to open it could be started (${command} ${why}). Use Save, then open the PDF yourself.`,
    );
  return (file) =>
    new Promise<void>((resolve, reject) => {
      // Only an absolute path, so the argument can never be read as an option of the opener.
      if (!path.isAbsolute(file)) return reject(new Error(`Not an absolute path: ${file}`));
      const child = spawn(command, [file]);
      const assumeOpened = setTimeout(() => {
        child.unref();
        resolve();
      }, OPENER_GRACE_MS);
      child.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(assumeOpened);
        reject(failed(error.code === 'ENOENT' ? 'is not installed' : `failed: ${error.message}`));
      });
      child.once('exit', (code) => {
        clearTimeout(assumeOpened);
        // explorer.exe answers 1 even when it opened the file.
        if (code === 0 || platform === 'win32') resolve();
        else reject(failed(`exited with code ${String(code)}`));
      });
    });
}
