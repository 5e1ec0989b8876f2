// A data part (TL-4): the JSON tree, or the value as formatted JSON text.

import { useState } from 'react';
import { JsonTree } from './JsonTree';
import './render.css';

export function DataPartView({ data }: { data: unknown }) {
  const [source, setSource] = useState(false);
  return (
    <div className="part part-data data-part" data-testid="part-data">
      {source ? (
        <pre className="text-source">{JSON.stringify(data, null, 2)}</pre>
      ) : (
        <JsonTree value={data} />
      )}
      <button
        type="button"
        className="part-toggle"
        data-testid="toggle-source"
        aria-pressed={source}
        onClick={() => setSource(!source)}
        // Labelled by CSS, like the text part's switch, so the label is not part of the data's text.
        data-label={source ? 'Tree' : 'JSON'}
        aria-label="Show as JSON text"
      />
    </div>
  );
}
