// The query of an editor URL as a table (MSG-8): each parameter a row, edited in place; the URL is rewritten from
// the rows, so the URL field and the table never disagree. A URL the browser cannot parse shows no table.

import { queryRows, withQueryRows, type QueryRow } from './queryRows';

export function QueryParams({ url, onUrl }: { url: string; onUrl: (url: string) => void }) {
  const rows = queryRows(url);
  if (rows === undefined) return null;
  const set = (next: QueryRow[]) => onUrl(withQueryRows(url, next));
  return (
    <fieldset className="raw-query">
      <legend>Query</legend>
      {rows.map((row, index) => (
        <div className="raw-header" key={index} data-testid="raw-query-row">
          <input
            aria-label={`Parameter ${index + 1} name`}
            value={row.name}
            onChange={(event) =>
              set(rows.map((r, i) => (i === index ? { ...r, name: event.target.value } : r)))
            }
            data-testid="raw-query-name"
          />
          <input
            aria-label={`Parameter ${index + 1} value`}
            value={row.value}
            onChange={(event) =>
              set(rows.map((r, i) => (i === index ? { ...r, value: event.target.value } : r)))
            }
            data-testid="raw-query-value"
          />
          <button
            type="button"
            aria-label={`Remove parameter ${row.name || index + 1}`}
            onClick={() => set(rows.filter((_, i) => i !== index))}
          >
            ✕
          </button>
        </div>
      ))}
      <button
        type="button"
        onClick={() => set([...rows, { name: '', value: '' }])}
        data-testid="raw-add-query"
      >
        Add parameter
      </button>
    </fieldset>
  );
}
