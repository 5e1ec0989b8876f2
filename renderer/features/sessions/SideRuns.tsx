// The main area while sessions are held beside the live run (UX-2): the live views for the live tab, a read-only
// list of a held session's exchanges for its tab, two runs side by side in the split, and the compare of runs A and
// B above them. With no session held it shows the live views alone, as before.

import { useMemo, type ReactNode } from 'react';
import { useAppStore } from '../../store/appStore';
import { compareRuns } from './compareRuns';
import { ResendDiff } from './ResendDiff';
import { runRows } from './runRows';
import { framesOfTab, LIVE_TAB, useSideSessions } from './sideSessionsStore';
import { useReplayHeld } from './useOpenBeside';

export function SideRuns({ live }: { live: ReactNode }) {
  const opened = useSideSessions((state) => state.opened);
  const active = useSideSessions((state) => state.active);
  const layout = useSideSessions((state) => state.layout);
  const pair = useSideSessions((state) => state.pair);
  const comparing = useSideSessions((state) => state.comparing);
  if (opened.length === 0) return <>{live}</>;
  const run = (tab: string) => (tab === LIVE_TAB ? live : <RunList tab={tab} />);
  return (
    <div className="side-runs" data-testid="side-runs">
      {comparing && <RunCompare a={pair.a} b={pair.b} />}
      {layout === 'split' ? (
        <div className="side-split" data-testid="side-split">
          <div className="side-split-half" data-testid="side-split-a">
            {run(pair.a)}
          </div>
          <div className="side-split-half" data-testid="side-split-b">
            {run(pair.b)}
          </div>
        </div>
      ) : (
        run(active)
      )}
    </div>
  );
}

/** A held session's exchanges, read-only: when each began, what it was and how it ended. */
function RunList({ tab }: { tab: string }) {
  const held = useSideSessions((state) => state.opened.find((s) => s.session.sessionId === tab));
  const rows = useMemo(() => (held ? runRows(held.frames) : []), [held]);
  const replay = useReplayHeld();
  if (!held) return null;
  return (
    <section className="run-list" aria-label={held.session.title} data-testid="run-list">
      <h3 data-testid="run-list-title">{held.session.title}</h3>
      <p className="muted">
        {rows.length} exchange{rows.length === 1 ? '' : 's'}, read-only.{' '}
        <button
          type="button"
          onClick={() => replay(held)}
          title="Replay this session in the main view to inspect its frames; the tab stays open"
          data-testid="run-replay"
        >
          Replay
        </button>
      </p>
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
    </section>
  );
}

/** The diff of runs A and B, in the re-send's panel with its columns named for the two runs. */
function RunCompare({ a, b }: { a: string; b: string }) {
  const liveFrames = useAppStore((state) => state.frames);
  const opened = useSideSessions((state) => state.opened);
  const titleOf = (tab: string) =>
    tab === LIVE_TAB ? 'Live' : (opened.find((s) => s.session.sessionId === tab)?.session.title ?? tab);
  const before = framesOfTab({ opened }, a, liveFrames);
  const after = framesOfTab({ opened }, b, liveFrames);
  const result = useMemo(() => (before && after ? compareRuns(before, after) : undefined), [before, after]);
  if (!before || !after || !result) return null;
  return (
    <div className="run-compare" data-testid="run-compare">
      <ResendDiff
        result={result}
        recordedFrames={before}
        labels={{
          title: `${titleOf(a)} compared with ${titleOf(b)}`,
          before: `A: ${titleOf(a)}`,
          after: `B: ${titleOf(b)}`,
        }}
      />
    </div>
  );
}
