// Plays a replay: moves the cursor forward as steps fall due at the chosen speed (replayPlan.ts decides when), and
// stops at the end. One timer at a time, aimed at the next step, so an idle stretch costs nothing.

import { useEffect, useMemo } from 'react';
import { useAppStore } from '../../store/appStore';
import { createReplayPlan, DEFAULT_IDLE_CAP_MS, replayTick, type ReplayPlan } from '../../store/replayPlan';

export function useReplayClock(): ReplayPlan | undefined {
  const steps = useAppStore((state) => state.replay?.steps);
  const capIdle = useAppStore((state) => state.replay?.capIdle ?? true);
  const playing = useAppStore((state) => state.replay?.playing ?? false);
  const speed = useAppStore((state) => state.replay?.speed ?? 1);
  const anchor = useAppStore((state) => state.replay?.anchor ?? 0);
  const advanceReplay = useAppStore((state) => state.advanceReplay);
  const setReplayPlaying = useAppStore((state) => state.setReplayPlaying);

  const plan = useMemo(
    () =>
      steps
        ? createReplayPlan(
            steps.map((step) => step.at),
            capIdle ? { idleCapMs: DEFAULT_IDLE_CAP_MS } : {},
          )
        : undefined,
    [steps, capIdle],
  );

  useEffect(() => {
    if (!playing || !plan) return;
    // `anchor` changes whenever the user moves the cursor or changes speed: time counts again from here.
    void anchor;
    const startCursor = useAppStore.getState().replay?.cursor ?? 0;
    const startedAt = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const replay = useAppStore.getState().replay;
      if (!replay?.playing) return;
      const next = replayTick(plan, startCursor, replay.cursor, performance.now() - startedAt, speed);
      if (next.cursor !== replay.cursor) advanceReplay(next.cursor);
      if (next.waitMs === undefined) {
        if (useAppStore.getState().replay?.playing) setReplayPlaying(false);
        return;
      }
      timer = setTimeout(tick, next.waitMs);
    };
    tick();
    return () => clearTimeout(timer);
  }, [playing, plan, speed, anchor, advanceReplay, setReplayPlaying]);

  return plan;
}
