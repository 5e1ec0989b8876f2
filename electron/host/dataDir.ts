// The per-user folder where Switchboard keeps its files when no folder was given (the Electron shell passes its
// userData path): XDG_CONFIG_HOME or ~/.config on Linux, Application Support on macOS, APPDATA on Windows.

import os from 'node:os';
import path from 'node:path';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'win32')
    return path.join(env.APPDATA ?? path.join(os.homedir(), 'AppData', 'Roaming'), 'Switchboard');
  if (platform === 'darwin') return path.join(os.homedir(), 'Library', 'Application Support', 'Switchboard');
  return path.join(env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), 'switchboard');
}
