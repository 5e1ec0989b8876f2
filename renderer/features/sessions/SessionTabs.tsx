// The session tab strip (UX-2): "Live" (or the session it replays) and one tab per session opened beside it, each
// closable; tabs or side by side; and the compare, which pairs two runs (A and B) request by request. Shown only
// while a tab is open. It also brings back, on start, the tabs open before a reload, and moves between tabs on the
// keys of sideTabShortcuts.ts.

import { useEffect } from 'react';
import { useAppStore } from '../../store/appStore';
import { LIVE_TAB, useSideSessions, type RunPair, type SideSession } from './sideSessionsStore';
import { sideTabAction } from './sideTabShortcuts';
import { useCloseBeside, useRestoreSideTabs } from './useOpenBeside';

export function SessionTabs() {
  const opened = useSideSessions((state) => state.opened);
  const active = useSideSessions((state) => state.active);
  const layout = useSideSessions((state) => state.layout);
  const show = useSideSessions((state) => state.show);
  const setLayout = useSideSessions((state) => state.setLayout);
  const missing = useSideSessions((state) => state.missing);
  const close = useCloseBeside();
  const liveTitle = useLiveTitle();
  useRestoreSideTabs();
  useSideTabKeys(close);
  if (opened.length === 0 && missing.length === 0) return null;
  const tabs = [
    ...opened.map(({ session }) => ({ key: session.sessionId, title: session.title, missing: false })),
    ...missing.map((tab) => ({ key: tab.key, title: tab.title, missing: true })),
  ];
  return (
    <div className="session-tabs" data-testid="session-tabs" data-layout={layout}>
      <div role="tablist" aria-label="Open runs" className="session-tab-list">
        <TabButton tab={LIVE_TAB} title={liveTitle} active={active === LIVE_TAB} onShow={show} />
        {tabs.map((tab) => (
          <span key={tab.key} className="session-tab-wrap">
            <TabButton tab={tab.key} title={tab.title} active={active === tab.key} onShow={show} />
            <button
              type="button"
              className="session-tab-close"
              aria-label={`Close ${tab.title}`}
              title={tab.missing ? `Forget ${tab.title}` : `Close ${tab.title} (its frames are let go)`}
              onClick={() => close(tab.key)}
              data-testid="session-tab-close"
              data-session={tab.title}
            >
              ×
            </button>
          </span>
        ))}
      </div>
      <div className="session-tab-actions" role="group" aria-label="Layout and compare">
        <button
          type="button"
          aria-pressed={layout === 'split'}
          onClick={() => setLayout(layout === 'split' ? 'tabs' : 'split')}
          title="Show runs A and B side by side"
          data-testid="session-split"
        >
          {layout === 'split' ? 'One at a time' : 'Side by side'}
        </button>
        <PairPicker opened={opened} liveTitle={liveTitle} />
      </div>
    </div>
  );
}

function TabButton(props: { tab: string; title: string; active: boolean; onShow: (tab: string) => void }) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={props.active}
      className={props.active ? 'session-tab active' : 'session-tab'}
      onClick={() => props.onShow(props.tab)}
      data-testid="session-tab"
      data-session={props.title}
    >
      {props.title}
    </button>
  );
}

/** Picks runs A and B for the split and the compare; "Compare" opens the diff of the two. */
function PairPicker({ opened, liveTitle }: { opened: readonly SideSession[]; liveTitle: string }) {
  const pair = useSideSessions((state) => state.pair);
  const pick = useSideSessions((state) => state.pick);
  const comparing = useSideSessions((state) => state.comparing);
  const setComparing = useSideSessions((state) => state.setComparing);
  const options = [
    { tab: LIVE_TAB, title: liveTitle },
    ...opened.map(({ session }) => ({ tab: session.sessionId, title: session.title })),
  ];
  const select = (slot: keyof RunPair) => (
    <label>
      {slot.toUpperCase()}{' '}
      <select value={pair[slot]} onChange={(e) => pick(slot, e.target.value)} data-testid={`compare-${slot}`}>
        {options.map((option) => (
          <option key={option.tab} value={option.tab}>
            {option.title}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <>
      {select('a')}
      {select('b')}
      <button
        type="button"
        aria-pressed={comparing}
        onClick={() => setComparing(!comparing)}
        disabled={pair.a === pair.b && !comparing}
        title={
          pair.a === pair.b ? 'Pick two different runs to compare' : 'Compare A with B, request by request'
        }
        data-testid="compare-runs"
      >
        {comparing ? 'Hide compare' : 'Compare'}
      </button>
    </>
  );
}

/** Alt+Shift with an arrow, a digit or W moves between tabs or closes the shown one, unless the user is typing. */
function useSideTabKeys(close: (tab: string) => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = sideTabAction(event);
      if (!action || isTyping(event.target)) return;
      const store = useSideSessions.getState();
      if (store.opened.length + store.missing.length === 0) return;
      event.preventDefault();
      if (action.kind === 'step') store.step(action.direction);
      else if (action.kind === 'at') store.showAt(action.index);
      else if (store.active !== LIVE_TAB) close(store.active);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [close]);
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** "Live", or the title of the session the main view replays. */
function useLiveTitle(): string {
  return useAppStore((state) => (state.replay ? `Replay: ${state.replay.session.title}` : 'Live'));
}
