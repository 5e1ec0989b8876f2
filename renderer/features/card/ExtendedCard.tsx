// The extended (authenticated) card (CARD-6): says whether the card offers one and where, fetches it with the
// agent's credentials on request, shows the host's outcome, and on success lists how it differs from the public
// card. A bearer-token field sets the agent's credentials for this purpose; the full credentials form lives in the
// agent settings. The state and actions are in useExtendedCard.ts.

import type { AgentAuth, AgentSummary, OperationOutcome } from '../../../shared/host/agent';
import { CardDiffList } from './CardDiffList';
import type { CardSummary } from './cardSummary';
import { prettyCardText } from './findingPlacement';
import { profileOf } from '../../../shared/a2a/profile';
import { useExtendedCard } from './useExtendedCard';

export interface ExtendedCardProps {
  agent: AgentSummary;
  summary: CardSummary;
  publicCard: unknown;
}

const AUTH_WORDS: Record<AgentAuth['type'], string> = {
  none: 'No credentials are set for this agent.',
  apiKey: 'An API key is set for this agent.',
  bearer: 'A bearer token is set for this agent.',
  basic: 'A user name and password are set for this agent.',
  'oauth2-client-credentials': 'OAuth 2 client credentials are set for this agent.',
  'oauth2-authorization-code': 'OAuth 2 sign-in (authorization code) is set for this agent.',
};

export function ExtendedCard({ agent, summary, publicCard }: ExtendedCardProps) {
  const { configure, extended, token, setToken, outcome, card, entries, busy, fetchExtended, trustOrigin } =
    useExtendedCard(agent, publicCard);

  const { extendedCardFlag } = profileOf(agent.generation);
  if (!extendedCardFlag) {
    return (
      <section aria-label="Extended card" data-testid="extended-card">
        <h3>Extended card</h3>
        <p className="muted">A2A {agent.generation} has no extended card.</p>
      </section>
    );
  }

  return (
    <section aria-label="Extended card" className="card-extended" data-testid="extended-card">
      <h3>Extended card</h3>
      <p data-testid="extended-offer">
        {summary.extendedCard ? (
          <>
            The card offers an extended card (<code>{summary.extendedCard.field}</code> is true); agents send
            it only to authenticated clients.
          </>
        ) : (
          <span className="muted">
            The card does not offer an extended card (<code>{extendedCardFlag}</code> is not true). You can
            still ask; the agent should refuse.
          </span>
        )}
      </p>
      <form
        className="card-extended-form"
        onSubmit={(event) => {
          event.preventDefault();
          void fetchExtended();
        }}
      >
        <label>
          Bearer token for the extended card{' '}
          <input
            type="password"
            autoComplete="off"
            value={token}
            onChange={(event) => setToken(event.target.value)}
            placeholder={agent.settings.auth.type === 'bearer' ? 'set (leave empty to keep it)' : 'optional'}
            data-testid="extended-token"
          />
        </label>{' '}
        <button type="submit" disabled={busy} data-testid="fetch-extended-card">
          {busy ? 'Fetching…' : 'Fetch extended card'}
        </button>
        <p className="muted" data-testid="extended-credentials">
          {AUTH_WORDS[agent.settings.auth.type]} A token typed here replaces the agent's credentials for every
          request.
        </p>
      </form>
      {configure.error && (
        <p className="error-text" role="alert">
          The token could not be set: {configure.error.message}
        </p>
      )}
      {extended.error && (
        <p className="error-text" role="alert" data-testid="extended-outcome" data-status="host-error">
          The host could not run the request: {extended.error.message}
        </p>
      )}
      {outcome && <ExtendedOutcome outcome={outcome} busy={busy} onTrust={trustOrigin} />}
      {card !== undefined && (
        <CardDiffList
          entries={entries}
          beforeLabel="public card"
          afterLabel="extended card"
          testId="extended-diff"
          sideBySide={{
            original: prettyCardText(agent.cardText) ?? agent.cardText,
            modified: JSON.stringify(card, null, 2),
            modelPath: `card/${agent.id}/extended-diff`,
          }}
        />
      )}
      {card !== undefined && entries.length === 0 && (
        <p className="muted">
          Some agents answer with the public card when the request carries no valid credentials.
        </p>
      )}
    </section>
  );
}

/** The host's answer to the request, with the way to allow credentials to an origin when it asked (AUTH-5). */
function ExtendedOutcome({
  outcome,
  busy,
  onTrust,
}: {
  outcome: OperationOutcome;
  busy: boolean;
  onTrust: () => void;
}) {
  return (
    <p
      className={outcome.status === 'result' ? 'outcome' : 'outcome error'}
      role="status"
      data-testid="extended-outcome"
      data-status={outcome.status}
    >
      {outcome.message}
      {outcome.confirm && (
        <>
          {' '}
          <button type="button" disabled={busy} onClick={onTrust}>
            Allow credentials to {outcome.confirm.origin}
          </button>
        </>
      )}
    </p>
  );
}
