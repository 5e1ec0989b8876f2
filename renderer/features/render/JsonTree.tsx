// A data part as a collapsible JSON tree (TL-4): objects and arrays fold, long lists page, long strings cut until
// asked; every key and value is a text node (SEC-3). Only expanded nodes are rendered, so a huge or deeply nested
// value costs nothing until the user opens it.

import { useState } from 'react';
import {
  childCount,
  isJsonContainer,
  JSON_PAGE,
  JSON_STRING_PREVIEW,
  jsonEntries,
  jsonKind,
  jsonSummary,
  scalarText,
} from './jsonTree';

export function JsonTree({ value }: { value: unknown }) {
  return (
    <div className="json-tree" data-testid="json-tree" role="tree">
      <JsonNode label={null} value={value} depth={0} />
    </div>
  );
}

function JsonNode({ label, value, depth }: { label: string | null; value: unknown; depth: number }) {
  const [open, setOpen] = useState(depth === 0);
  const [shown, setShown] = useState(JSON_PAGE);
  const key = label !== null && (
    <span className="json-key" data-testid="json-key">
      {label}:{' '}
    </span>
  );
  if (!isJsonContainer(value)) {
    return (
      <div className="json-row" role="treeitem">
        {key}
        <JsonScalar value={value} />
      </div>
    );
  }
  const total = childCount(value);
  return (
    <div className="json-row" role="treeitem" aria-expanded={open}>
      <button
        type="button"
        className="json-toggle"
        data-testid="json-toggle"
        aria-expanded={open}
        disabled={total === 0}
        onClick={() => setOpen(!open)}
      >
        <span className="json-caret" aria-hidden="true">
          {total === 0 ? ' ' : open ? '▾' : '▸'}
        </span>
        {key}
        <span className="json-summary">{jsonSummary(value)}</span>
      </button>
      {open && total > 0 && (
        <div className="json-children" role="group">
          {jsonEntries(value, shown).map(([childLabel, child]) => (
            <JsonNode key={childLabel} label={childLabel} value={child} depth={depth + 1} />
          ))}
          {total > shown && (
            <button type="button" className="json-more" onClick={() => setShown(shown + JSON_PAGE)}>
              Show {Math.min(JSON_PAGE, total - shown)} more of {total - shown}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function JsonScalar({ value }: { value: unknown }) {
  const [whole, setWhole] = useState(false);
  const { text, cut } = scalarText(value, whole ? undefined : JSON_STRING_PREVIEW);
  return (
    <>
      <span className={`json-value json-${jsonKind(value)}`} data-testid="json-value">
        {text}
      </span>
      {cut && (
        <button type="button" className="json-more" onClick={() => setWhole(true)}>
          show all
        </button>
      )}
    </>
  );
}
