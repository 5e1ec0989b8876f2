// The replay bar (SES-3): which session is shown, where in it the views are (step position and recorded time),
// play/pause at the original timing or faster, one step back or forward, and the way back to live. Re-send and mock
// start here too, since both act on the replayed session. The views below are the live ones, fed the session's
// frames up to the cursor. The controls are in ReplayControls.tsx.

import { useAppStore } from '../../store/appStore';
import {
  DEFAULT_IDLE_CAP_MS,
  formatElapsed,
  idleGapBefore,
  type ReplayPlan,
  type ReplaySpeed,
} from '../../store/replayPlan';
import { ReplayControls } from './ReplayControls';
import { describeSource, describeSpan, plural } from './sessionText';
import { useSessionUi } from './sessionUiStore';
import { useReplayClock } from './useReplayClock';
import { useBackToLive } from './useSessionActions';
import type { SessionSummary } from '../../../shared/session/types';

export function ReplayBar() {
  const replay = useAppStore((state) => state.replay);
  const buffered = useAppStore((state) => state.liveBufferCount);
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
      <ReplayControls replay={replay} plan={plan} />
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
  const span = describeSpan(session);
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
      {span && (
        <p className="muted" data-testid="browse-span">
          {span}
        </p>
      )}
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
