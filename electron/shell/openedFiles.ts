// Files the desktop shell is handed to open (SES-8): double-clicked session or HAR files reach the app as command-line
// arguments (Windows, Linux, and a second launch while the app runs) or as `open-file` events (macOS). Only paths
// with a session or HAR extension are taken; everything else on the command line (Chromium switches, the app path)
// is ignored. Paths wait until the window has loaded, so the renderer is listening when they arrive.

import path from 'node:path';
import { SESSION_FILE_EXTENSION } from '../../shared/session/sessionFile';

const OPENABLE = [SESSION_FILE_EXTENSION, '.har'];

export function sessionPathsFromArgv(argv: readonly string[], cwd: string): string[] {
  return argv
    .filter((arg) => !arg.startsWith('-') && OPENABLE.some((ext) => arg.toLowerCase().endsWith(ext)))
    .map((arg) => path.resolve(cwd, arg));
}

/** Holds paths until `ready()`, then hands each to `deliver` as it comes. */
export function openedFileQueue(deliver: (file: string) => void) {
  let ready = false;
  const waiting: string[] = [];
  return {
    add(files: readonly string[]) {
      if (ready) files.forEach(deliver);
      else waiting.push(...files);
    },
    ready() {
      ready = true;
      waiting.splice(0).forEach(deliver);
    },
  };
}
