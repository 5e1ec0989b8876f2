// Sessions held beside the live run (UX-2): each opened session's summary and frames, read-only and keyed by its
// session id, plus which tab is shown, whether two runs are shown side by side, and which two runs the compare pairs.
// The live run (or the session it replays) stays in the app store untouched, so no live code path changes: this
// store only adds tabs, and closing one drops its frames. Each held session gets a view store of its own
// (renderer/store/viewStore.ts), so its timeline, frames and conversation are the app's own views over its frames.
// A session that could not be opened again after a reload is a tab too, saying why, until it is closed.

import { create } from 'zustand';
import { LIVE_SESSION_ID } from '../../../shared/host/hostApi';
import type { SessionSummary } from '../../../shared/session/types';
import type { Frame } from '../../../shared/wire/frame';
import { createViewStore, type ViewStore } from '../../store/viewStore';
import type { RememberedTab } from './sideTabsMemory';

/** The tab of the main view: the live run, or the session it replays. */
export const LIVE_TAB = LIVE_SESSION_ID;

export interface SideSession {
  session: SessionSummary;
  frames: readonly Frame[];
  /** The store its views read: its frames, timeline and selection, apart from the live run's. */
  view: ViewStore;
}

/** A remembered tab whose session could not be opened again: shown with the reason, never with frames. */
export interface MissingTab extends RememberedTab {
  /** The tab key; never a session id. */
  key: string;
  problem: string;
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
  /** After the opened ones in the strip. */
  missing: MissingTab[];
  active: string;
  layout: SideLayout;
  pair: RunPair;
  /** The compare panel is shown for `pair`. */
  comparing: boolean;
  /** Adds a session as a tab and shows it; a session already open is replaced in place (opened again). */
  add(session: SessionSummary, frames: readonly Frame[]): void;
  /** Adds (or replaces, by path or else title) a tab for a remembered session that could not be opened. */
  addMissing(tab: RememberedTab, problem: string): void;
  /** Closes a tab, freeing its frames; what pointed at it falls back to the live tab. */
  close(sessionId: string): void;
  show(tab: string): void;
  /** Shows the tab at this place in the strip (0 is Live); a place past the end is ignored. */
  showAt(index: number): void;
  /** Shows the next (1) or previous (-1) tab, going round. */
  step(direction: 1 | -1): void;
  setLayout(layout: SideLayout): void;
  pick(slot: keyof RunPair, tab: string): void;
  setComparing(on: boolean): void;
}

export function createSideSessionsStore() {
  let nextMissing = 1;
  return create<SideSessionsState>()((set, get) => ({
    opened: [],
    missing: [],
    active: LIVE_TAB,
    layout: 'tabs',
    pair: { a: LIVE_TAB, b: LIVE_TAB },
    comparing: false,

    add(session, frames) {
      if (session.browse) throw new Error(`“${session.title}” is too large to hold beside the live run.`);
      const state = get();
      const id = session.sessionId;
      const entry: SideSession = { session, frames, view: createViewStore(frames) };
      const known = state.opened.some((s) => s.session.sessionId === id);
      const opened = known
        ? state.opened.map((s) => (s.session.sessionId === id ? entry : s))
        : [...state.opened, entry];
      // The run shown before becomes A, so opening two sessions one after the other pairs them for the compare.
      const a = state.active === id ? state.pair.a : state.active;
      // Opened again from its file: the tab saying it was missing gives way to the session itself.
      const missing = state.missing.filter((tab) => !session.path || tab.path !== session.path);
      set({ opened, missing, active: id, pair: { a, b: id } });
    },

    addMissing(tab, problem) {
      const state = get();
      const same = (other: MissingTab) => (tab.path ? other.path === tab.path : other.title === tab.title);
      const known = state.missing.find(same);
      const key = known?.key ?? `missing:${nextMissing++}`;
      const entry: MissingTab = { ...tab, key, problem };
      set({
        missing: known ? state.missing.map((m) => (m === known ? entry : m)) : [...state.missing, entry],
      });
    },

    close(sessionId) {
      const state = get();
      if (state.missing.some((tab) => tab.key === sessionId)) {
        set({
          missing: state.missing.filter((tab) => tab.key !== sessionId),
          active: state.active === sessionId ? LIVE_TAB : state.active,
        });
        return;
      }
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

    showAt(index) {
      const tab = tabKeys(get())[index];
      if (tab !== undefined) set({ active: tab });
    },

    step(direction) {
      const keys = tabKeys(get());
      const at = keys.indexOf(get().active);
      set({ active: keys[(at + direction + keys.length) % keys.length] ?? LIVE_TAB });
    },

    setLayout(layout) {
      set({ layout });
    },

    pick(slot, tab) {
      const state = get();
      // A missing tab has no frames to show or compare.
      if (!isTab(state, tab) || state.missing.some((m) => m.key === tab)) return;
      set({ pair: { ...state.pair, [slot]: tab }, comparing: false });
    },

    setComparing(on) {
      set({ comparing: on });
    },
  }));
}

function isTab(state: Pick<SideSessionsState, 'opened' | 'missing'>, tab: string): boolean {
  return tabKeys(state).includes(tab);
}

/** The strip's tabs in order: Live, the held sessions, then the ones that could not be opened. */
export function tabKeys(state: Pick<SideSessionsState, 'opened' | 'missing'>): string[] {
  return [LIVE_TAB, ...state.opened.map((s) => s.session.sessionId), ...state.missing.map((tab) => tab.key)];
}

/** What a reload should open again, in tab order. */
export function rememberedTabsOf(state: Pick<SideSessionsState, 'opened' | 'missing'>): RememberedTab[] {
  const held = state.opened.map(({ session }) =>
    session.path ? { title: session.title, path: session.path } : { title: session.title },
  );
  const missing = state.missing.map(({ title, path }) => (path ? { title, path } : { title }));
  return [...held, ...missing];
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
