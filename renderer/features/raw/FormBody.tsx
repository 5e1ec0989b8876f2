// The body as a form (MSG-8): name and value rows written as application/x-www-form-urlencoded, the encoding HTML
// forms and curl -d use; the body text stays the source of truth, so switching back shows exactly what is sent.

import { formRows, formText, type QueryRow } from './queryRows';

export function FormBody({ body, onBody }: { body: string; onBody: (body: string) => void }) {
  const rows = formRows(body);
  const set = (next: QueryRow[]) => onBody(formText(next));
  return (
    <fieldset className="raw-query" data-testid="raw-form">
      <legend>Form fields</legend>
      {rows.map((row, index) => (
        <div className="raw-header" key={index} data-testid="raw-form-row">
          <input
            aria-label={`Field ${index + 1} name`}
            value={row.name}
            onChange={(event) =>
              set(rows.map((r, i) => (i === index ? { ...r, name: event.target.value } : r)))
            }
            data-testid="raw-form-name"
          />
          <input
            aria-label={`Field ${index + 1} value`}
            value={row.value}
            onChange={(event) =>
              set(rows.map((r, i) => (i === index ? { ...r, value: event.target.value } : r)))
            }
            data-testid="raw-form-value"
          />
          <button
            type="button"
            aria-label={`Remove field ${row.name || index + 1}`}
            onClick={() => set(rows.filter((_, i) => i !== index))}
          >
            ✕
          </button>
        </div>
      ))}
      <button
        type="button"
        onClick={() => set([...rows, { name: '', value: '' }])}
        data-testid="raw-add-form"
      >
        Add field
      </button>
    </fieldset>
  );
}
