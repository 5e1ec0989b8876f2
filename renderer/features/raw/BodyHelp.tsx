// Help under the editor's body (MSG-8): whether a JSON body parses (and where it does not), which A2A operation
// the request looks like, that operation's request schema checked against the body as the user types (each problem
// at its JSON path), and that generation's own skeleton body to insert (routeHints.ts asks the adapters).

import { useMemo } from 'react';
import { parseJsonText } from '../../../shared/wire/jsonText';
import type { RequestBodyCheck } from '../../../shared/wire/bodyProblems';
import { routeHints } from './routeHints';
import { hintKey, useRequestBodyCheck } from './useRequestBodyCheck';

/** A body is meant as JSON when its type says so or it starts like JSON. */
function looksJson(body: string, contentType: string | undefined): boolean {
  return /json/i.test(contentType ?? '') || /^\s*[[{]/.test(body);
}

function SchemaProblems({ check }: { check: RequestBodyCheck }) {
  if (!check.schema) return null;
  if (check.problems.length === 0) {
    return (
      <p className="muted" data-testid="raw-schema-check" data-valid="true">
        The body matches <code>{check.schema}</code>.
      </p>
    );
  }
  return (
    <div className="raw-json-error" data-testid="raw-schema-check" data-valid="false">
      <p>
        The body does not match <code>{check.schema}</code>:
      </p>
      <ul className="raw-schema-problems">
        {check.problems.map((problem) => (
          <li key={`${problem.path}\n${problem.message}`} data-testid="raw-schema-problem">
            <code>{problem.path}</code> {problem.message}
          </li>
        ))}
        {check.more > 0 && <li>…and {check.more} more.</li>}
      </ul>
    </div>
  );
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
  const checks = useRequestBodyCheck(hints, body, json?.ok === true);
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
      {hints.map((hint) => {
        const check = checks.find((one) => one.key === hintKey(hint))?.check;
        return (
          <div key={hintKey(hint)}>
            <p className="muted" data-testid="raw-route-hint">
              Looks like A2A {hint.generation} {hint.binding} <code>{hint.operation}</code>.
              {hint.example && (
                <>
                  {' '}
                  <button
                    type="button"
                    onClick={() => onInsert(hint.example!)}
                    data-testid="raw-insert-example"
                  >
                    Insert skeleton
                  </button>
                </>
              )}
            </p>
            {check && <SchemaProblems check={check} />}
          </div>
        );
      })}
    </div>
  );
}
