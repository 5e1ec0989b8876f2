// Decides how `npm start` runs the app: the desktop edition when an Electron binary and a display are there,
// otherwise the browser edition with one line saying why.

export interface LaunchFacts {
  platform: NodeJS.Platform;
  /** Path of the Electron binary, or why there is none. */
  electron: { path: string } | { missing: string };
  env: Readonly<Record<string, string | undefined>>;
}

export type LaunchPlan =
  { edition: 'desktop'; electronPath: string } | { edition: 'browser'; reason: string };

export function planLaunch(facts: LaunchFacts): LaunchPlan {
  if ('missing' in facts.electron) {
    return { edition: 'browser', reason: `the Electron binary is not available (${facts.electron.missing})` };
  }
  const headlessLinux = facts.platform === 'linux' && !facts.env.DISPLAY && !facts.env.WAYLAND_DISPLAY;
  if (headlessLinux) {
    return { edition: 'browser', reason: 'there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)' };
  }
  return { edition: 'desktop', electronPath: facts.electron.path };
}

export function fallbackLine(reason: string): string {
  return `Switchboard: not starting the desktop app because ${reason}; starting the browser edition instead.`;
}
