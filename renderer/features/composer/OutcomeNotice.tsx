// What an operation came back with, in one line, and the consent button when credentials would go elsewhere. When the
// interface answered as if its route were missing (CARD-3), the frame that showed it is linked, and a held send can
// be sent anyway.

import type { OperationOutcome } from '../../../shared/host/agent';
import { FrameLink } from '../../ui/FrameLink';
import { useTrustOrigin } from '../agents';
import { OpenInRequestEditor } from './OpenInRequestEditor';

export function OutcomeNotice({
  outcome,
  error,
  agentId,
  onSendAnyway,
}: {
  outcome: OperationOutcome | undefined;
  error: Error | null;
  agentId: string;
  /** Sends the same request again past the route-missing hold. */
  onSendAnyway?: () => void;
}) {
  const trust = useTrustOrigin();
  if (error) {
    return (
      <p className="outcome error" role="alert" data-testid="outcome">
        {error.message}
      </p>
    );
  }
  if (!outcome) return null;
  const bad = outcome.status !== 'result' && outcome.status !== 'stream';
  return (
    <div className={bad ? 'outcome error' : 'outcome'} data-testid="outcome" data-status={outcome.status}>
      <span>{outcome.message}</span>
      {outcome.confirm && (
        <button
          type="button"
          data-testid="trust-origin"
          onClick={() => trust.mutate({ agentId, origin: outcome.confirm!.origin })}
        >
          Allow credentials to {outcome.confirm.origin}
        </button>
      )}
      {outcome.routeMissing && <FrameLink id={outcome.routeMissing.frameId} testId="route-missing-frame" />}
      {outcome.routeMissing && <OpenInRequestEditor frameId={outcome.routeMissing.frameId} />}
      {outcome.routeMissing && outcome.status === 'refused' && onSendAnyway && (
        <button type="button" data-testid="send-anyway" onClick={onSendAnyway}>
          Send anyway
        </button>
      )}
    </div>
  );
}
