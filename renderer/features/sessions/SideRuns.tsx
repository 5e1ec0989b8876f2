// The main area while sessions are held beside the live run (UX-2): the live views for the live tab, a held
// session's own views, read-only (HeldRun.tsx), for its tab, two runs side by side in the split, and the compare of
// runs A and B above them. With no tab open it shows the live views alone, as before.

import { useMemo, type ReactNode } from 'react';
import { useAppStore } from '../../store/appStore';
import { compareRuns } from './compareRuns';
import { ResendDiff } from './ResendDiff';
import { framesOfTab, LIVE_TAB, useSideSessions } from './sideSessionsStore';
import { lazyView } from '../../ui/lazyView';

// A held run shows only once a session is opened beside the live one: its views load then (renderer/ui/lazyView.ts).
const HeldRun = lazyView('held run', () => import('./HeldRun').then((m) => m.HeldRun));

export function SideRuns({ live }: { live: ReactNode }) {
  const tabCount = useSideSessions((state) => state.opened.length + state.missing.length);
  const active = useSideSessions((state) => state.active);
  const layout = useSideSessions((state) => state.layout);
  const pair = useSideSessions((state) => state.pair);
  const comparing = useSideSessions((state) => state.comparing);
  if (tabCount === 0) return <>{live}</>;
  const run = (tab: string) => (tab === LIVE_TAB ? live : <HeldRun key={tab} tab={tab} />);
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

/** The diff of runs A and B, in the re-send's panel with its columns named for the two runs. */
function RunCompare({ a, b }: { a: string; b: string }) {
  const liveFrames = useAppStore((state) => state.frames);
  // The live list changes in place (store/framesSlice.ts): its version says when.
  const liveVersion = useAppStore((state) => state.framesVersion);
  const opened = useSideSessions((state) => state.opened);
  const titleOf = (tab: string) =>
    tab === LIVE_TAB ? 'Live' : (opened.find((s) => s.session.sessionId === tab)?.session.title ?? tab);
  const before = framesOfTab({ opened }, a, liveFrames);
  const after = framesOfTab({ opened }, b, liveFrames);
  const result = useMemo(() => {
    void liveVersion;
    return before && after ? compareRuns(before, after) : undefined;
  }, [before, after, liveVersion]);
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
