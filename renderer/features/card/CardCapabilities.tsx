// What the card says the agent can do (CARD-5): each capability flag it states, true or false, its default input
// and output modes, and the extensions it declares (uri, required, description, params as JSON text).

import type { CardSummary } from './cardSummary';
import { previewJson } from './jsonPreview';

export function CardCapabilities({ summary }: { summary: CardSummary }) {
  return (
    <section aria-label="Capabilities" className="card-section" data-testid="card-capabilities">
      <h3>Capabilities</h3>
      {summary.capabilities.length === 0 ? (
        <p className="muted">No capability flags declared.</p>
      ) : (
        <ul className="card-flags">
          {summary.capabilities.map((flag) => (
            <li key={flag.name} data-testid="card-capability" data-on={flag.on ? 'true' : 'false'}>
              <span className={flag.on ? 'flag-on' : 'flag-off'}>{flag.on ? '✓' : '✗'}</span> {flag.name}
            </li>
          ))}
        </ul>
      )}
      {(summary.defaultInputModes.length > 0 || summary.defaultOutputModes.length > 0) && (
        <p className="muted">
          Input: {summary.defaultInputModes.join(', ') || '—'} · Output:{' '}
          {summary.defaultOutputModes.join(', ') || '—'}
        </p>
      )}
      <h4>Extensions</h4>
      {summary.extensions.length === 0 ? (
        <p className="muted">No extensions declared.</p>
      ) : (
        <ul className="card-extensions" data-testid="card-extensions">
          {summary.extensions.map((extension, i) => (
            <li key={`${extension.uri} ${i}`} data-testid="card-extension">
              <code>{extension.uri}</code>{' '}
              {extension.required ? (
                <span className="badge required">required</span>
              ) : (
                <span className="muted">optional</span>
              )}
              {extension.description && <p>{extension.description}</p>}
              {extension.params !== undefined && (
                <p className="muted">
                  params <code>{previewJson(extension.params, 300)}</code>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
