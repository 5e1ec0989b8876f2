// Sessions held beside the live run (UX-2): each opened session's summary and frames, read-only and keyed by its
// session id, plus which tab is shown, whether two runs are shown side by side, and which two runs the compare pairs.
// The live run (or the session it replays) stays in the app store untouched, so no live code path changes: this
// store only adds tabs, and closing one drops its frames.

import { create } from 'zustand';
import { LIVE_SESSION_ID } from '../../../shared/host/hostApi';
import type { SessionSummary } from '../../../shared/session/types';
import type { Frame } from '../../../shared/wire/frame';

/** The tab of the main view: the live run, or the session it replays. */
export const LIVE_TAB = LIVE_SESSION_ID;

export interface SideSession {
  session: SessionSummary;
  frames: readonly Frame[];
}

export type SideLayout = 'tabs' | 'split';

/** Two runs, by tab key (LIVE_TAB or a session id): A on the left and before, B on the right and after. */
export interface RunPair {
  a: string;
  b: string;
}

export interface SideSessionsState {
  /** In the order they were opened. */
  opened: SideSession[];
  active: string;
  layout: SideLayout;
  pair: RunPair;
  /** The compare panel is shown for `pair`. */
  comparing: boolean;
  /** Adds a session as a tab and shows it; a session already open is replaced in place (opened again). */
  add(session: SessionSummary, frames: readonly Frame[]): void;
  /** Closes a tab, freeing its frames; what pointed at it falls back to the live tab. */
  close(sessionId: string): void;
  show(tab: string): void;
  setLayout(layout: SideLayout): void;
  pick(slot: keyof RunPair, tab: string): void;
  setComparing(on: boolean): void;
}

export function createSideSessionsStore() {
  return create<SideSessionsState>()((set, get) => ({
    opened: [],
    active: LIVE_TAB,
    layout: 'tabs',
    pair: { a: LIVE_TAB, b: LIVE_TAB },
    comparing: false,

    add(session, frames) {
      if (session.browse) throw new Error(`“${session.title}” is too large to hold beside the live run.`);
      const state = get();
      const id = session.sessionId;
      const entry: SideSession = { session, frames };
      const known = state.opened.some((s) => s.session.sessionId === id);
      const opened = known
        ? state.opened.map((s) => (s.session.sessionId === id ? entry : s))
        : [...state.opened, entry];
      // The run shown before becomes A, so opening two sessions one after the other pairs them for the compare.
      const a = state.active === id ? state.pair.a : state.active;
      set({ opened, active: id, pair: { a, b: id } });
    },

    close(sessionId) {
      const state = get();
      if (!state.opened.some((s) => s.session.sessionId === sessionId)) return;
      const opened = state.opened.filter((s) => s.session.sessionId !== sessionId);
      const away = (tab: string) => (tab === sessionId ? LIVE_TAB : tab);
      const pair = { a: away(state.pair.a), b: away(state.pair.b) };
      const pairChanged = pair.a !== state.pair.a || pair.b !== state.pair.b;
      set({
        opened,
        active: away(state.active),
        pair,
        comparing: state.comparing && !pairChanged,
        layout: opened.length === 0 ? 'tabs' : state.layout,
      });
    },

    show(tab) {
      if (isTab(get(), tab)) set({ active: tab });
    },

    setLayout(layout) {
      set({ layout });
    },

    pick(slot, tab) {
      const state = get();
      if (!isTab(state, tab)) return;
      set({ pair: { ...state.pair, [slot]: tab }, comparing: false });
    },

    setComparing(on) {
      set({ comparing: on });
    },
  }));
}

function isTab(state: Pick<SideSessionsState, 'opened'>, tab: string): boolean {
  return tab === LIVE_TAB || state.opened.some((s) => s.session.sessionId === tab);
}

/** The frames of a tab: the live view's for LIVE_TAB, the held copy for a session; undefined once it is closed. */
export function framesOfTab(
  state: Pick<SideSessionsState, 'opened'>,
  tab: string,
  liveFrames: readonly Frame[],
): readonly Frame[] | undefined {
  if (tab === LIVE_TAB) return liveFrames;
  return state.opened.find((s) => s.session.sessionId === tab)?.frames;
}

export const useSideSessions = createSideSessionsStore();
