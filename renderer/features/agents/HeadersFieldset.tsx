// The custom headers of the agent settings (UX-1): name, value and whether the value is a secret (then it is masked
// here and kept with the other secrets). Rows with an empty name are dropped when the settings are saved.

import type { CustomHeader } from '../../../shared/host/agent';

export function HeadersFieldset({
  headers,
  setHeaders,
}: {
  headers: CustomHeader[];
  setHeaders: (headers: CustomHeader[]) => void;
}) {
  return (
    <fieldset>
      <legend>Headers</legend>
      {headers.map((header, i) => (
        <div className="header-row" key={i}>
          <input
            aria-label="Header name"
            data-testid="settings-header-name"
            value={header.name}
            onChange={(e) =>
              setHeaders(headers.map((h, j) => (j === i ? { ...h, name: e.target.value } : h)))
            }
          />
          <input
            aria-label="Header value"
            data-testid="settings-header-value"
            type={header.secret ? 'password' : 'text'}
            value={header.value}
            onChange={(e) =>
              setHeaders(headers.map((h, j) => (j === i ? { ...h, value: e.target.value } : h)))
            }
          />
          <label>
            <input
              type="checkbox"
              checked={header.secret ?? false}
              onChange={(e) =>
                setHeaders(headers.map((h, j) => (j === i ? { ...h, secret: e.target.checked } : h)))
              }
            />{' '}
            secret
          </label>
          <button type="button" onClick={() => setHeaders(headers.filter((_, j) => j !== i))}>
            ✕
          </button>
        </div>
      ))}
      <button
        type="button"
        onClick={() => setHeaders([...headers, { name: '', value: '' }])}
        data-testid="settings-header-add"
      >
        Add header
      </button>
    </fieldset>
  );
}
