// The replay bar's controls (SES-3): one step back or forward, play/pause, the scrubber with the step and the recorded
// time it stands at, the speed, and whether long idle stretches are shortened while playing. Every change goes to
// the sessions slice of the store, which moves the views (renderer/store/sessionSlice.ts).

import { useAppStore } from '../../store/appStore';
import {
  DEFAULT_IDLE_CAP_MS,
  REPLAY_SPEEDS,
  durationOf,
  elapsedAt,
  formatElapsed,
  speedLabel,
  type ReplayPlan,
  type ReplaySpeed,
} from '../../store/replayPlan';
import type { ReplayState } from '../../store/sessionSlice';

export function ReplayControls({ replay, plan }: { replay: ReplayState; plan: ReplayPlan }) {
  const seek = useAppStore((state) => state.seekReplay);
  const step = useAppStore((state) => state.stepReplay);
  const setPlaying = useAppStore((state) => state.setReplayPlaying);
  const setSpeed = useAppStore((state) => state.setReplaySpeed);
  const setCapIdle = useAppStore((state) => state.setReplayCapIdle);
  const { cursor } = replay;
  const total = replay.steps.length;
  return (
    <div className="replay-line">
      <button
        type="button"
        onClick={() => step(-1)}
        disabled={cursor === 0}
        title="One step back"
        data-testid="replay-step-back"
      >
        ‹ Step
      </button>
      <button
        type="button"
        onClick={() => setPlaying(!replay.playing)}
        disabled={total === 0}
        aria-pressed={replay.playing}
        data-testid="replay-play"
      >
        {replay.playing ? 'Pause' : 'Play'}
      </button>
      <button
        type="button"
        onClick={() => step(1)}
        disabled={cursor >= total}
        title="One step forward"
        data-testid="replay-step-forward"
      >
        Step ›
      </button>
      <input
        className="replay-scrubber"
        type="range"
        min={0}
        max={total}
        step={1}
        value={cursor}
        onChange={(event) => seek(Number(event.target.value))}
        aria-label="Replay position"
        aria-valuetext={`step ${cursor} of ${total}, ${formatElapsed(elapsedAt(plan, cursor))}`}
        data-testid="replay-scrubber"
      />
      <span
        className="replay-position"
        title="Steps: each frame as it arrived, and each exchange again when it was answered"
        data-testid="replay-position"
        data-cursor={cursor}
      >
        {cursor} / {total}
      </span>
      <span className="replay-time" data-testid="replay-elapsed">
        +{formatElapsed(elapsedAt(plan, cursor))} of {formatElapsed(durationOf(plan))}
      </span>
      <label className="replay-speed">
        Speed{' '}
        <select
          value={String(replay.speed)}
          onChange={(event) => setSpeed(parseSpeed(event.target.value))}
          data-testid="replay-speed"
        >
          {REPLAY_SPEEDS.map((speed) => (
            <option key={String(speed)} value={String(speed)}>
              {speedLabel(speed)}
            </option>
          ))}
        </select>
      </label>
      <label title="Idle stretches are still shown on the bar; playing them takes at most this long">
        <input
          type="checkbox"
          checked={replay.capIdle}
          onChange={(event) => setCapIdle(event.target.checked)}
          data-testid="replay-cap-idle"
        />{' '}
        Shorten idle gaps to {formatElapsed(DEFAULT_IDLE_CAP_MS)}
      </label>
    </div>
  );
}

function parseSpeed(value: string): ReplaySpeed {
  return REPLAY_SPEEDS.find((speed) => String(speed) === value) ?? 1;
}
