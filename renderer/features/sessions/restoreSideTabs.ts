// Opening again, after a reload, the sessions that were held beside the live run (UX-2), and remembering them from
// then on. Each remembered file is read by the host as when it was first opened; one that is gone, unreadable or
// too large becomes a tab that says why, so the user sees what happened to it and closes it, and the start goes on.
// Only once every remembered tab is back does writing begin, so a reload halfway through forgets nothing.

import type { HostApi } from '../../../shared/host/hostApi';
import type { SessionSummary } from '../../../shared/session/types';
import type { Frame } from '../../../shared/wire/frame';
import type { WindowStorage } from '../../ui/windowStorage';
import { closeQuietly } from './closeHostSession';
import { readAllSessionFrames } from './readSessionFrames';
import { LIVE_TAB, rememberedTabsOf, useSideSessions } from './sideSessionsStore';
import { readRememberedTabs, writeRememberedTabs } from './sideTabsMemory';

type SideStore = typeof useSideSessions;

/** Why a tab opened from a picked file cannot come back by itself: the window never learns where the file is. */
export const PICKED_FILE_PROBLEM =
  'It was opened from a picked file, which the window cannot read again by itself. ' +
  'Open it beside again (top bar, “Beside…”), or save it and open it from Recent.';

export async function restoreSideTabs(
  host: Pick<HostApi, 'openSession' | 'readSessionFrames' | 'closeSession'>,
  storage: WindowStorage | undefined,
  store: SideStore = useSideSessions,
): Promise<void> {
  for (const tab of readRememberedTabs(storage)) {
    if (!tab.path) {
      store.getState().addMissing(tab, PICKED_FILE_PROBLEM);
      continue;
    }
    try {
      const { session, frames } = await readHeld(host, tab.path);
      store.getState().add(session, frames);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      store.getState().addMissing(tab, `${tab.path} could not be opened again: ${reason}`);
    }
  }
  // The window starts on the live run, as it does with no tab held.
  store.getState().show(LIVE_TAB);
  writeRememberedTabs(storage, rememberedTabsOf(store.getState()));
  store.subscribe((state, previous) => {
    if (state.opened !== previous.opened || state.missing !== previous.missing)
      writeRememberedTabs(storage, rememberedTabsOf(state));
  });
}

async function readHeld(
  host: Pick<HostApi, 'openSession' | 'readSessionFrames' | 'closeSession'>,
  path: string,
): Promise<{ session: SessionSummary; frames: Frame[] }> {
  const session = await host.openSession({ path });
  if (session.browse) {
    await closeQuietly(host, session.sessionId);
    throw new Error(
      `it has ${session.frameCount.toLocaleString()} frames, too many to hold beside the live run`,
    );
  }
  try {
    return { session, frames: await readAllSessionFrames(host, session.sessionId) };
  } catch (error) {
    await closeQuietly(host, session.sessionId);
    throw error;
  }
}
