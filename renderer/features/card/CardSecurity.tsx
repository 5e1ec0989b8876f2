// The security schemes the card declares, in any generation's shape (CARD-5, AUTH-2): what each one is, what the
// auth form can do with it, and which schemes requests must satisfy.

import type { AgentSummary } from '../../../shared/host/agent';
import type { SecurityScheme } from '../../../shared/a2a/securitySchemes';

export function CardSecurity({ agent }: { agent: AgentSummary }) {
  const { securitySchemes: schemes, securityRequirements: requirements } = agent;
  return (
    <section aria-label="Security" className="card-section" data-testid="card-security">
      <h3>Security schemes</h3>
      {schemes.length === 0 ? (
        <p className="muted">No security schemes declared.</p>
      ) : (
        <ul className="card-schemes">
          {schemes.map((scheme) => {
            const offer = agent.authOffers.find((o) => o.scheme === scheme.name);
            return (
              <li key={scheme.pointer} data-testid="card-scheme" data-kind={scheme.kind}>
                <strong>{scheme.name}</strong> <span className="muted">{scheme.kind}</span>{' '}
                {schemeDetail(scheme)}
                {scheme.description && <p>{scheme.description}</p>}
                {offer?.note && <p className="muted">{offer.note}</p>}
              </li>
            );
          })}
        </ul>
      )}
      <p className="muted" data-testid="card-requirements">
        {requirementText(requirements)}
      </p>
    </section>
  );
}

function schemeDetail(scheme: SecurityScheme): string {
  switch (scheme.kind) {
    case 'apiKey':
      return `${scheme.paramName || '(no name)'} in the ${scheme.location}`;
    case 'http':
      return `HTTP ${scheme.scheme || '(no scheme)'}${scheme.bearerFormat ? ` (${scheme.bearerFormat})` : ''}`;
    case 'oauth2': {
      const flows = Object.entries(scheme.flows).map(
        ([name, flow]) => `${name}${flow.tokenUrl ? ` → ${flow.tokenUrl}` : ''}`,
      );
      return `flows: ${flows.join('; ') || 'none'}${scheme.metadataUrl ? ` · metadata ${scheme.metadataUrl}` : ''}`;
    }
    case 'openIdConnect':
      return scheme.url || '(no discovery URL)';
    case 'mutualTLS':
      return 'client certificate';
    case 'unknown':
      return 'a shape no generation defines';
  }
}

function requirementText(requirements: readonly string[][]): string {
  const sets = requirements.filter((set) => set.length > 0).map((set) => set.join(' and '));
  if (sets.length === 0) return 'The card requires no scheme for its requests.';
  if (sets.length === 1) return `Requests need: ${sets[0]}.`;
  return `Requests need one of: ${sets.map((s) => `(${s})`).join(' or ')}.`;
}
