// The search box of a session in browse mode (TL-5): the host searches bodies, headers and events of every frame
// in the file, with the shared progress notice ("Searching the session: 120,000 of 1,010,000 frames") and its Cancel
// (UX-5); Escape cancels too. Enter / Shift+Enter and
// F3 / Shift+F3 move between the hits found so far, "3 of 41". The filters of the timeline and frames list (kind,
// task, state, operation) go with the search, so the host keeps only the frames they pass; filters alone search too.

import { useEffect, useState, type KeyboardEvent } from 'react';
import { hasFilters } from '../../../shared/search/frameSearch';
import { FilterBar, highlightSearch, useFilterStore } from '../frames';
import { ProgressNotice } from '../../ui/ProgressNotice';
import type { useSessionSearch } from './useSessionSearch';

/** Suggested in the state filter: the task states of the A2A spec (https://a2a-protocol.org/latest/specification/). */
const taskStates = [
  'submitted',
  'working',
  'input-required',
  'auth-required',
  'completed',
  'canceled',
  'failed',
  'rejected',
];

export function BrowseSearch({ search }: { search: ReturnType<typeof useSessionSearch> }) {
  const [query, setQuery] = useState('');
  const [caseSensitive, setCaseSensitive] = useState(false);
  const [asked, setAsked] = useState('');
  const filters = useFilterStore((store) => store.filters);
  const setFilters = useFilterStore((store) => store.setFilters);
  const { state } = search;
  // What was asked: text, case and filters. Enter asks again when any of them changed, else moves to the next hit.
  const asking = JSON.stringify([query, caseSensitive, filters]);
  const canAsk = query.length > 0 || hasFilters(filters);
  const ask = () => {
    setAsked(asking);
    if (query) highlightSearch(query, caseSensitive);
    search.start(query, caseSensitive, hasFilters(filters) ? filters : undefined);
  };

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
    if (canAsk && (asking !== asked || state.error)) ask();
    else search.move(event.shiftKey ? -1 : 1);
  };

  const found = state.hits.length.toLocaleString('en-US');
  const position = state.hits.length > 0 ? `${state.current < 0 ? 0 : state.current + 1} of ${found}` : '';
  // While it runs, how far it got is the progress notice's to say.
  const progress = state.running
    ? ''
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
          onChange={(event) => setCaseSensitive(event.target.checked)}
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
      <button type="button" onClick={ask} disabled={!canAsk} data-testid="browse-search-go">
        Search
      </button>
      <span className="muted" role="status" data-testid="browse-search-status">
        {state.error ?? [position, progress].filter(Boolean).join(' · ')}
      </span>
      {state.running && state.startedAt !== undefined && (
        <ProgressNotice
          testId="browse-search-progress"
          label="Searching the session"
          done={state.scanned}
          total={state.total}
          unit="frames"
          startedAt={state.startedAt}
          onCancel={search.cancel}
          cancelling={state.cancelling === true}
        />
      )}
      <FilterBar
        name="browse"
        free
        filters={filters}
        onChange={setFilters}
        options={() => ({ taskIds: [], states: taskStates, operations: [] })}
      />
    </div>
  );
}
