// One session held beside the live run (UX-2), shown read-only with the app's own views: its timeline, its
// conversation, its frames, and the inspector of whatever is picked in them, beside the view. The views are the live
// ones, given the held session's store through ViewStoreContext (renderer/store/viewStore.ts), so nothing is forked:
// a held run looks exactly as it did live. The exchanges list stays as a fourth, compact view.

import { useMemo, useState } from 'react';
import { useViewStore, ViewStoreContext } from '../../store/viewStore';
import { RecordedConversation } from '../conversation';
import { FrameInspector, FramesTable } from '../frames';
import { TimelineView } from '../timeline';
import { runRows } from './runRows';
import { useSideSessions, type MissingTab, type SideSession } from './sideSessionsStore';
import { useReplayHeld } from './useOpenBeside';

const HELD_VIEWS = {
  timeline: 'Timeline',
  conversation: 'Conversation',
  frames: 'Frames',
  exchanges: 'Exchanges',
};
export type HeldView = keyof typeof HELD_VIEWS;

export function HeldRun({ tab }: { tab: string }) {
  const held = useSideSessions((state) => state.opened.find((s) => s.session.sessionId === tab));
  const missing = useSideSessions((state) => state.missing.find((m) => m.key === tab));
  const [view, setView] = useState<HeldView>('timeline');
  const replay = useReplayHeld();
  if (missing) return <MissingRun tab={missing} />;
  if (!held) return null;
  const exchanges = held.frames.filter((frame) => frame.kind === 'http').length;
  return (
    <section className="held-run" aria-label={held.session.title} data-testid="held-run" data-view={view}>
      <header className="held-run-head">
        <h3 data-testid="held-run-title">{held.session.title}</h3>
        <span className="muted">
          {exchanges} exchange{exchanges === 1 ? '' : 's'}, read-only.
        </span>
        <div role="tablist" aria-label={`Views of ${held.session.title}`} className="held-run-views">
          {(Object.keys(HELD_VIEWS) as HeldView[]).map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={view === key}
              onClick={() => setView(key)}
              data-testid="held-view"
              data-view={key}
            >
              {HELD_VIEWS[key]}
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => replay(held)}
          title="Replay this session in the main view, to re-send, export or mock it; the tab stays open"
          data-testid="run-replay"
        >
          Replay
        </button>
      </header>
      <ViewStoreContext.Provider value={held.view}>
        <HeldBody held={held} view={view} />
      </ViewStoreContext.Provider>
    </section>
  );
}

/** The chosen view, with the inspector of the pane's own selection beside it. */
function HeldBody({ held, view }: { held: SideSession; view: HeldView }) {
  const picked = useViewStore((state) => state.selectedFrameId !== null);
  const selectFrame = useViewStore((state) => state.selectFrame);
  return (
    <div className="held-run-body">
      <div className="held-run-view">
        {view === 'timeline' && <TimelineView />}
        {view === 'conversation' && <RecordedConversation />}
        {view === 'frames' && <FramesTable />}
        {view === 'exchanges' && <ExchangeRows held={held} />}
      </div>
      {picked && (
        <aside className="held-run-inspector" aria-label="Frame inspector" data-testid="held-inspector">
          <button
            type="button"
            className="icon inspector-close"
            aria-label="Close the inspector"
            onClick={() => selectFrame(null)}
            data-testid="held-inspector-close"
          >
            ×
          </button>
          <FrameInspector />
        </aside>
      )}
    </div>
  );
}

/** A held session's exchanges: when each began, what it was and how it ended. */
function ExchangeRows({ held }: { held: SideSession }) {
  const rows = useMemo(() => runRows(held.frames), [held]);
  return (
    <table className="run-rows">
      <thead>
        <tr>
          <th>#</th>
          <th>At</th>
          <th>Request</th>
          <th>Outcome</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={row.id} data-testid="run-row">
            <td>{index + 1}</td>
            <td>+{Math.round(row.at)} ms</td>
            <td>{row.label}</td>
            <td>{row.outcome}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A remembered session that did not open again: what it was and why, until the user closes the tab. */
function MissingRun({ tab }: { tab: MissingTab }) {
  return (
    <section className="held-run missing" aria-label={tab.title} data-testid="held-run-missing">
      <h3 data-testid="held-run-title">{tab.title}</h3>
      <p role="alert" data-testid="held-run-problem">
        {tab.problem}
      </p>
      <p className="muted">Close this tab to forget it.</p>
    </section>
  );
}
