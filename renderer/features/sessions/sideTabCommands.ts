// The palette's commands for the session tabs (UX-2): open a session beside, compare two runs, switch to a tab by its
// number or to the next or previous one, close the side tab shown. Built from the side store when the palette opens,
// so it lists the tabs there are now; the hints name the keys (sideTabShortcuts.ts) that do the same.

import { useAppStore } from '../../store/appStore';
import { LIVE_TAB, tabKeys, useSideSessions, type SideSessionsState } from './sideSessionsStore';
import { SIDE_TAB_KEYS } from './sideTabShortcuts';

export interface SideTabCommand {
  id: string;
  label: string;
  hint?: string;
  run(): void;
}

/** Tab numbers the keys reach (Alt+Shift+1 to 9). */
const NUMBERED_TABS = 9;

/** What the commands do that needs the window: the file picker, and closing a tab (which tells the host). */
export interface SideTabActions {
  openBeside(): void;
  close(tab: string): void;
}

export function sideTabCommands({ openBeside, close }: SideTabActions): SideTabCommand[] {
  const state = useSideSessions.getState();
  const commands: SideTabCommand[] = [{ id: 'side:open', label: 'Open session beside…', run: openBeside }];
  const keys = tabKeys(state);
  if (keys.length === 1) return commands;
  if (state.opened.length > 0) {
    commands.push({ id: 'side:compare', label: 'Compare two runs…', run: () => startCompare() });
  }
  keys.slice(0, NUMBERED_TABS).forEach((key, index) => {
    commands.push({
      id: `side:tab:${index + 1}`,
      label: `Switch to tab ${index + 1}: ${tabTitle(state, key)}`,
      hint: SIDE_TAB_KEYS.at(index + 1),
      run: () => useSideSessions.getState().show(key),
    });
  });
  commands.push(
    {
      id: 'side:next',
      label: 'Next tab',
      hint: SIDE_TAB_KEYS.next,
      run: () => useSideSessions.getState().step(1),
    },
    {
      id: 'side:previous',
      label: 'Previous tab',
      hint: SIDE_TAB_KEYS.previous,
      run: () => useSideSessions.getState().step(-1),
    },
  );
  if (state.active !== LIVE_TAB) {
    const shown = state.active;
    commands.push({
      id: 'side:close',
      label: `Close side tab: ${tabTitle(state, shown)}`,
      hint: SIDE_TAB_KEYS.close,
      run: () => close(shown),
    });
  }
  return commands;
}

/**
 * Shows the compare of runs A and B. When both name the same run, A becomes the live run and B the side tab shown
 * (else the newest), which is what "compare" most often means; the strip's A and B pickers change them after.
 */
export function startCompare(store = useSideSessions): void {
  const state = store.getState();
  const newest = state.opened[state.opened.length - 1]?.session.sessionId;
  if (!newest) return;
  if (state.pair.a === state.pair.b) {
    const shown = state.opened.some((s) => s.session.sessionId === state.active) ? state.active : newest;
    state.pick('a', LIVE_TAB);
    store.getState().pick('b', shown);
  }
  store.getState().setComparing(true);
}

function tabTitle(state: Pick<SideSessionsState, 'opened' | 'missing'>, key: string): string {
  if (key === LIVE_TAB) {
    const replay = useAppStore.getState().replay;
    return replay ? `Replay: ${replay.session.title}` : 'Live';
  }
  const held = state.opened.find((s) => s.session.sessionId === key);
  return held?.session.title ?? state.missing.find((m) => m.key === key)?.title ?? key;
}
