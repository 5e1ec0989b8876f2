// Help under the editor's body (MSG-8): whether a JSON body parses (and where it does not), and which A2A operation
// the request looks like, with that generation's own example body to insert (routeHints.ts asks the adapters).

import { useMemo } from 'react';
import { parseJsonText } from '../../../shared/wire/jsonText';
import { routeHints } from './routeHints';

/** A body is meant as JSON when its type says so or it starts like JSON. */
function looksJson(body: string, contentType: string | undefined): boolean {
  return /json/i.test(contentType ?? '') || /^\s*[[{]/.test(body);
}

export function BodyHelp({
  method,
  url,
  body,
  contentType,
  onInsert,
}: {
  method: string;
  url: string;
  body: string;
  contentType: string | undefined;
  onInsert: (body: string) => void;
}) {
  const hints = useMemo(() => routeHints(method, url, body), [method, url, body]);
  const json = body.trim() !== '' && looksJson(body, contentType) ? parseJsonText(body) : undefined;
  return (
    <div className="raw-body-help" data-testid="raw-body-help">
      {json && (
        <p
          className={json.ok ? 'muted' : 'raw-json-error'}
          data-testid="raw-json-check"
          data-valid={json.ok ? 'true' : 'false'}
        >
          {json.ok ? 'The body is valid JSON.' : `Not valid JSON: ${json.finding.message}`}
        </p>
      )}
      {hints.map((hint) => (
        <p key={`${hint.generation}-${hint.binding}`} className="muted" data-testid="raw-route-hint">
          Looks like A2A {hint.generation} {hint.binding} <code>{hint.operation}</code>.
          {hint.example && (
            <>
              {' '}
              <button type="button" onClick={() => onInsert(hint.example!)} data-testid="raw-insert-example">
                Insert its example body
              </button>
            </>
          )}
        </p>
      ))}
    </div>
  );
}
