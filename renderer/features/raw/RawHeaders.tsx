// The headers of a raw request (MSG-8): any name and value, in order, since the editor sends what is written; the
// host adds Host and Content-Length itself. A header marked secret is masked here, marked on its frame, redacted in
// Copy as … and kept out of the history; credential headers start out marked.

import { isCredentialHeader } from './editorRequest';
import type { DraftHeader, RawDraft } from './rawDraft';

export interface RawHeadersProps {
  headers: DraftHeader[];
  setHeader: (index: number, change: Partial<DraftHeader>) => void;
  update: (change: Partial<RawDraft>) => void;
}

export function RawHeaders({ headers, setHeader, update }: RawHeadersProps) {
  return (
    <fieldset className="raw-headers">
      <legend>Headers</legend>
      {headers.map((header, index) => (
        <div className="raw-header" key={index} data-testid="raw-header">
          <input
            aria-label={`Header ${index + 1} name`}
            placeholder="Name"
            value={header.name}
            onChange={(event) => {
              const name = event.target.value;
              // Typing a credential header's name marks it secret; the user can still unmark it.
              setHeader(
                index,
                isCredentialHeader(name) && !header.secret ? { name, secret: true } : { name },
              );
            }}
            data-testid="raw-header-name"
          />
          <input
            aria-label={`Header ${index + 1} value`}
            placeholder="Value"
            type={header.secret ? 'password' : 'text'}
            autoComplete="off"
            value={header.value}
            onChange={(event) => setHeader(index, { value: event.target.value })}
            data-testid="raw-header-value"
          />
          <label className="raw-secret">
            <input
              type="checkbox"
              checked={header.secret === true}
              onChange={(event) => setHeader(index, { secret: event.target.checked })}
              data-testid="raw-header-secret"
            />
            secret
          </label>
          <button
            type="button"
            aria-label={`Remove header ${header.name || index + 1}`}
            onClick={() => update({ headers: headers.filter((_, i) => i !== index) })}
          >
            ✕
          </button>
        </div>
      ))}
      <button
        type="button"
        onClick={() => update({ headers: [...headers, { name: '', value: '' }] })}
        data-testid="raw-add-header"
      >
        Add header
      </button>
    </fieldset>
  );
}
