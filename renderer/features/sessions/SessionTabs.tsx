// The session tab strip (UX-2): "Live" (or the session it replays) and one tab per session opened beside it, each
// closable; tabs or side by side; and the compare, which pairs two runs (A and B) request by request. Shown only
// while a session is held beside the live run.

import { useAppStore } from '../../store/appStore';
import { LIVE_TAB, useSideSessions, type RunPair, type SideSession } from './sideSessionsStore';
import { useCloseBeside } from './useOpenBeside';

export function SessionTabs() {
  const opened = useSideSessions((state) => state.opened);
  const active = useSideSessions((state) => state.active);
  const layout = useSideSessions((state) => state.layout);
  const show = useSideSessions((state) => state.show);
  const setLayout = useSideSessions((state) => state.setLayout);
  const close = useCloseBeside();
  const liveTitle = useLiveTitle();
  if (opened.length === 0) return null;
  return (
    <div className="session-tabs" data-testid="session-tabs" data-layout={layout}>
      <div role="tablist" aria-label="Open runs" className="session-tab-list">
        <TabButton tab={LIVE_TAB} title={liveTitle} active={active === LIVE_TAB} onShow={show} />
        {opened.map(({ session }) => (
          <span key={session.sessionId} className="session-tab-wrap">
            <TabButton
              tab={session.sessionId}
              title={session.title}
              active={active === session.sessionId}
              onShow={show}
            />
            <button
              type="button"
              className="session-tab-close"
              aria-label={`Close ${session.title}`}
              title={`Close ${session.title} (its frames are let go)`}
              onClick={() => close(session.sessionId)}
              data-testid="session-tab-close"
              data-session={session.title}
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

/** "Live", or the title of the session the main view replays. */
function useLiveTitle(): string {
  return useAppStore((state) => (state.replay ? `Replay: ${state.replay.session.title}` : 'Live'));
}
