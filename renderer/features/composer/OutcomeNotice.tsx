// What an operation came back with, in one line, and the consent button when credentials would go elsewhere.

import type { OperationOutcome } from '../../../shared/host/agent';
import { useTrustOrigin } from '../agents';

export function OutcomeNotice({
  outcome,
  error,
  agentId,
}: {
  outcome: OperationOutcome | undefined;
  error: Error | null;
  agentId: string;
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
    </div>
  );
}
