// What the last editor send came to (MSG-8): the agent's outcome with its error code named, the status line of a
// plain exchange, or why the request was refused before it left; with a link to the exchange's frame.

import { useAppStore } from '../../store/appStore';
import { useTrustOrigin } from '../agents';
import { useRawDraftStore } from './rawDraftStore';

export function RawOutcome({ agentId }: { agentId: string | null }) {
  const result = useRawDraftStore((state) => state.result);
  const selectFrame = useAppStore((state) => state.selectFrame);
  const trust = useTrustOrigin();
  if (!result) return null;
  if ('failure' in result) {
    return (
      <p className="raw-outcome error" role="alert" data-testid="raw-outcome" data-status="rejected">
        {result.failure}
      </p>
    );
  }
  if ('fetched' in result) {
    const { fetched } = result;
    return (
      <div
        className={`raw-outcome${fetched.failed ? ' error' : ''}`}
        role="status"
        data-testid="raw-outcome"
        data-status={fetched.failed ? 'failed' : 'answered'}
      >
        <p data-testid="raw-outcome-message">{fetched.summary}</p>
        <div className="raw-outcome-actions">
          <button type="button" onClick={() => selectFrame(fetched.frameId)} data-testid="raw-show-frame">
            Show the exchange
          </button>
        </div>
      </div>
    );
  }
  const { outcome } = result;
  const bad = outcome.status !== 'result' && outcome.status !== 'stream';
  const a2aError = outcome.error;
  return (
    <div
      className={`raw-outcome${bad ? ' error' : ''}`}
      role="status"
      data-testid="raw-outcome"
      data-status={outcome.status}
    >
      <p data-testid="raw-outcome-message">{outcome.message}</p>
      {a2aError && (
        <p data-testid="raw-outcome-error">
          Code <code>{a2aError.code ?? a2aError.httpStatus ?? '—'}</code>
          {a2aError.name && (
            <>
              {' '}
              <strong>{a2aError.name}</strong>
            </>
          )}
          {a2aError.reasons && a2aError.reasons.length > 0 && <> · {a2aError.reasons.join(', ')}</>}
        </p>
      )}
      <div className="raw-outcome-actions">
        {outcome.exchangeId && (
          <button
            type="button"
            onClick={() => selectFrame(outcome.exchangeId ?? null)}
            data-testid="raw-show-frame"
          >
            Show the exchange
          </button>
        )}
        {outcome.confirm && agentId !== null && (
          <button
            type="button"
            onClick={() => trust.mutate({ agentId, origin: outcome.confirm!.origin })}
            data-testid="raw-trust-origin"
          >
            Allow credentials to {outcome.confirm.origin}
          </button>
        )}
      </div>
    </div>
  );
}
