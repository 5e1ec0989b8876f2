// The replay bar (SES-3): which session is shown, where in it the views are (step position and recorded time),
// play/pause at the original timing or faster, one step back or forward, and the way back to live. Re-send and mock
// start here too, since both act on the replayed session. The views below are the live ones, fed the session's
// frames up to the cursor.

import { useAppStore } from '../../store/appStore';
import {
  DEFAULT_IDLE_CAP_MS,
  REPLAY_SPEEDS,
  durationOf,
  elapsedAt,
  formatElapsed,
  idleGapBefore,
  speedLabel,
  type ReplayPlan,
  type ReplaySpeed,
} from '../../store/replayPlan';
import { describeSource, plural } from './sessionText';
import { useSessionUi } from './sessionUiStore';
import { useReplayClock } from './useReplayClock';
import { useBackToLive } from './useSessionActions';
import type { SessionSummary } from '../../../shared/session/types';

export function ReplayBar() {
  const replay = useAppStore((state) => state.replay);
  const buffered = useAppStore((state) => state.liveBufferCount);
  const seek = useAppStore((state) => state.seekReplay);
  const step = useAppStore((state) => state.stepReplay);
  const setPlaying = useAppStore((state) => state.setReplayPlaying);
  const setSpeed = useAppStore((state) => state.setReplaySpeed);
  const setCapIdle = useAppStore((state) => state.setReplayCapIdle);
  const openResend = useSessionUi((state) => state.openResend);
  const openMock = useSessionUi((state) => state.openMock);
  const backToLive = useBackToLive();
  const plan = useReplayClock();
  if (replay?.session.browse)
    return <BrowseBar session={replay.session} buffered={buffered} backToLive={backToLive} />;
  if (!replay || !plan) return null;

  const { session, cursor } = replay;
  const total = replay.steps.length;
  const idleNote = describeIdle(plan, cursor, replay.speed, replay.capIdle);
  return (
    <section className="replay-bar" aria-label="Session replay" data-testid="replay-bar">
      <div className="replay-line">
        <SessionTitle badge="Replay" session={session} frames={replay.frames.length} />
        <span className="replay-spacer" />
        <button type="button" onClick={openResend} disabled={total === 0} data-testid="replay-resend">
          Re-send to agent…
        </button>
        <button type="button" onClick={openMock} data-testid="replay-mock">
          Serve as mock agent…
        </button>
        <button type="button" className="primary" onClick={backToLive} data-testid="back-to-live">
          Back to live
          {buffered > 0 && <span className="badge">{buffered} new</span>}
        </button>
      </div>
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
      {idleNote && (
        <p className="muted replay-idle" data-testid="replay-idle">
          {idleNote}
        </p>
      )}
      {buffered > 0 && (
        <p className="muted" data-testid="replay-buffered">
          {plural(buffered, 'live frame')} arrived during the replay; they are kept and shown on “Back to
          live”.
        </p>
      )}
      {session.notices.length > 0 && (
        <ul className="replay-notices" aria-label="Notices about this session" data-testid="replay-notices">
          {session.notices.map((notice, index) => (
            <li key={index} data-testid="replay-notice">
              {notice}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Long idle stretches are shown, never hidden: the next one when it is next, else how many there are. */
function describeIdle(plan: ReplayPlan, cursor: number, speed: ReplaySpeed, capIdle: boolean): string | null {
  const next = idleGapBefore(plan, cursor);
  if (next !== undefined) {
    const played =
      speed === 'max'
        ? 'skipped at this speed'
        : `played as ${formatElapsed(Math.min(next, capIdle ? DEFAULT_IDLE_CAP_MS : next) / speed)}`;
    return `Next: an idle gap of ${formatElapsed(next)} (${played}).`;
  }
  if (plan.idleGaps.length === 0) return null;
  // A loop, not Math.max(...gaps): a long session can have more gaps than a call takes arguments.
  const longest = plan.idleGaps.reduce((most, gap) => Math.max(most, gap.ms), Number.NEGATIVE_INFINITY);
  return `${plural(plan.idleGaps.length, 'idle gap')} of ${formatElapsed(DEFAULT_IDLE_CAP_MS)} or longer in this session (the longest ${formatElapsed(longest)}).`;
}

function parseSpeed(value: string): ReplaySpeed {
  return REPLAY_SPEEDS.find((speed) => String(speed) === value) ?? 1;
}

/** The bar of a session in browse mode: what it is, how large, and the way back; nothing to play or step. */
function BrowseBar({
  session,
  buffered,
  backToLive,
}: {
  session: SessionSummary;
  buffered: number;
  backToLive: () => void;
}) {
  return (
    <section className="replay-bar" aria-label="Session browser" data-testid="replay-bar">
      <div className="replay-line">
        <SessionTitle badge="Browse" session={session} frames={session.frameCount} />
        <span className="replay-spacer" />
        <button type="button" className="primary" onClick={backToLive} data-testid="back-to-live">
          Back to live
          {buffered > 0 && <span className="badge">{buffered} new</span>}
        </button>
      </div>
      <p className="muted" data-testid="browse-why">
        Too large to replay in the window: listed from disk as you scroll. Re-send, mock and export need a
        smaller session.
      </p>
    </section>
  );
}

function SessionTitle({
  badge,
  session,
  frames,
}: {
  badge: string;
  session: SessionSummary;
  frames: number;
}) {
  return (
    <>
      <span className="replay-badge">{badge}</span>
      <strong className="replay-title" data-testid="replay-title" title={session.path ?? session.title}>
        {session.title}
      </strong>
      <span className="muted" data-testid="replay-source">
        {describeSource(session)} · {plural(frames, 'frame')}
      </span>
    </>
  );
}
