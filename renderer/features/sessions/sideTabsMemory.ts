// What the window remembers of the tabs held beside the live run (UX-2), so a reload opens them again: the file each
// was opened from and its title, in tab order, in the window's local storage. Only paths are kept, never frames: the
// host reads the file again on start. A tab opened from a picked file has no path the window may read again, so it
// is remembered by title and comes back as a tab that says so. What is stored is read back defensively, since
// anything may have written there.

import type { WindowStorage } from '../../ui/windowStorage';

export const SIDE_TABS_KEY = 'switchboard.sideTabs';

/** More would be a long start; a user with more tabs than this is told nothing is lost but the tail's tabs. */
export const MAX_REMEMBERED_TABS = 12;

const MAX_TEXT = 4096;

export interface RememberedTab {
  title: string;
  /** The file it was opened from; absent for a picked file, which cannot be read again without the user. */
  path?: string;
}

export function readRememberedTabs(storage: WindowStorage | undefined): RememberedTab[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage?.getItem(SIDE_TABS_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const tabs: RememberedTab[] = [];
  for (const item of parsed) {
    const tab = rememberedTab(item);
    if (tab) tabs.push(tab);
    if (tabs.length === MAX_REMEMBERED_TABS) break;
  }
  return tabs;
}

export function writeRememberedTabs(
  storage: WindowStorage | undefined,
  tabs: readonly RememberedTab[],
): void {
  try {
    const text = JSON.stringify(tabs.slice(0, MAX_REMEMBERED_TABS));
    // Nothing stored is as good as no tabs. Left alone when unchanged: a start with no tab held wrote "[]" into an
    // empty profile's storage, its first write, 2 to 4 ms on the window's thread before ready (bench:start).
    if ((storage?.getItem(SIDE_TABS_KEY) ?? '[]') === text) return;
    storage?.setItem(SIDE_TABS_KEY, text);
  } catch {
    // Storage full or refused: the tabs are still open, they just will not come back after a reload.
  }
}

function rememberedTab(item: unknown): RememberedTab | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const { title, path } = item as { title?: unknown; path?: unknown };
  if (typeof title !== 'string' || title.length === 0 || title.length > MAX_TEXT) return undefined;
  if (path === undefined) return { title };
  if (typeof path !== 'string' || path.length === 0 || path.length > MAX_TEXT) return undefined;
  return { title, path };
}
