// The desktop edition's opener for files the host wrote for the OS (a PDF part opened externally, TL-4): Electron's
// shell.openPath, which answers an error string instead of rejecting, turned into a rejection the host passes on.

import type { FileOpener } from '../host/openExternally';

/** The part of Electron's `shell` this needs, so the wiring is testable without Electron. */
export interface PathShell {
  openPath(path: string): Promise<string>;
}

export function electronPathOpener(shell: PathShell): FileOpener {
  return async (file) => {
    const problem = await shell.openPath(file);
    if (problem) throw new Error(`The system could not open the file: ${problem}`);
  };
}
