// The search box of a session in browse mode (TL-5): the host searches bodies, headers and events of every frame
// in the file, with progress ("scanned 120,000 of 1,010,000 frames") and a Cancel button; Enter / Shift+Enter and
// F3 / Shift+F3 move between the hits found so far, "3 of 41".

import { useEffect, useState, type KeyboardEvent } from 'react';
import { highlightSearch } from '../frames';
import type { useSessionSearch } from './useSessionSearch';

export function BrowseSearch({ search }: { search: ReturnType<typeof useSessionSearch> }) {
  const [query, setQuery] = useState('');
  const [caseSensitive, setCaseSensitive] = useState(false);
  const [asked, setAsked] = useState('');
  const { state } = search;

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'F3') return;
      event.preventDefault();
      search.move(event.shiftKey ? -1 : 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') search.cancel();
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (query && (query !== asked || state.error)) {
      setAsked(query);
      highlightSearch(query, caseSensitive);
      search.start(query, caseSensitive);
    } else search.move(event.shiftKey ? -1 : 1);
  };

  const found = state.hits.length.toLocaleString('en-US');
  const position = state.hits.length > 0 ? `${state.current < 0 ? 0 : state.current + 1} of ${found}` : '';
  const progress = state.running
    ? `scanned ${state.scanned.toLocaleString('en-US')} of ${state.total.toLocaleString('en-US')} frames`
    : state.cancelled
      ? `cancelled after ${state.scanned.toLocaleString('en-US')} frames`
      : asked && !state.error && state.hits.length === 0
        ? 'No match'
        : '';
  return (
    <div className="browse-search" role="search" data-testid="browse-search-bar">
      <input
        type="search"
        placeholder="Search bodies, headers and events (Enter)…"
        aria-label="Search every frame of the session"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
        data-testid="browse-search"
      />
      <label>
        <input
          type="checkbox"
          checked={caseSensitive}
          onChange={(event) => {
            setCaseSensitive(event.target.checked);
            setAsked('');
          }}
        />
        Aa
      </label>
      <button type="button" onClick={() => search.move(-1)} disabled={state.hits.length === 0}>
        ↑
      </button>
      <button
        type="button"
        onClick={() => search.move(1)}
        disabled={state.hits.length === 0}
        data-testid="browse-search-next"
      >
        ↓
      </button>
      {state.running && (
        <button type="button" onClick={search.cancel} data-testid="browse-search-cancel">
          Cancel
        </button>
      )}
      <span className="muted" role="status" data-testid="browse-search-status">
        {state.error ?? [position, progress].filter(Boolean).join(' · ')}
      </span>
    </div>
  );
}
