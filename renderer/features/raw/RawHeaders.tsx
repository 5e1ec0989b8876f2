// The headers of a raw request (MSG-8): any name and value, in order, since the editor sends what is written; the
// host adds Host, Content-Length and the agent's credentials itself.

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
            onChange={(event) => setHeader(index, { name: event.target.value })}
            data-testid="raw-header-name"
          />
          <input
            aria-label={`Header ${index + 1} value`}
            placeholder="Value"
            value={header.value}
            onChange={(event) => setHeader(index, { value: event.target.value })}
            data-testid="raw-header-value"
          />
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
