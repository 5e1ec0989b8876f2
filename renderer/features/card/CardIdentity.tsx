// The card's identity (CARD-5): name, version, generation and how it was told, description, provider, the
// protocol version it states and its documentation and icon addresses. Addresses are shown as text, never followed
// or loaded (an agent's links and images are untrusted, docs/architecture.md#security-rules).

import type { AgentSummary } from '../../../shared/host/agent';
import { VisibleName } from '../render';
import type { CardSummary } from './cardSummary';

export function CardIdentity({ agent, summary }: { agent: AgentSummary; summary: CardSummary }) {
  return (
    <header className="card-identity" data-testid="card-identity">
      <h2 data-testid="card-name">
        <VisibleName text={summary.name} />
      </h2>
      {summary.version && <span className="badge">v{summary.version}</span>}{' '}
      <span className="badge" data-testid="card-generation">
        A2A {agent.generation}
      </span>
      {agent.detection.superset && (
        <span className="badge" title="The card carries the fields of two generations">
          superset
        </span>
      )}
      <p className="muted">{agent.detection.reason}</p>
      {summary.description && <p className="card-description">{summary.description}</p>}
      <dl className="card-facts">
        {summary.provider && (
          <>
            <dt>Provider</dt>
            <dd data-testid="card-provider">
              {summary.provider.organization !== undefined ? (
                <VisibleName text={summary.provider.organization} />
              ) : (
                '(no organization)'
              )}
              {summary.provider.url && (
                <>
                  {' '}
                  <code>{summary.provider.url}</code>
                </>
              )}
            </dd>
          </>
        )}
        {summary.protocolVersion && (
          <>
            <dt>protocolVersion</dt>
            <dd>
              <code>{summary.protocolVersion}</code>
            </dd>
          </>
        )}
        <dt>Card from</dt>
        <dd>
          <code>{agent.cardUrl}</code>
        </dd>
        {summary.documentationUrl && (
          <>
            <dt>Documentation</dt>
            <dd>
              <code>{summary.documentationUrl}</code>
            </dd>
          </>
        )}
        {summary.iconUrl && (
          <>
            <dt>Icon</dt>
            <dd>
              <code>{summary.iconUrl}</code>
            </dd>
          </>
        )}
      </dl>
    </header>
  );
}
