// The search box (TL-5): finds text in every frame's URL, headers, bodies and stream events, says "3 of 41"
// (frames with a match), and moves between them with Enter / Shift+Enter, F3 / Shift+F3 or the arrows, selecting
// each frame so the inspector shows it with its matches marked.

import { useDeferredValue, useEffect, useMemo, type KeyboardEvent } from 'react';
import { queryProblem } from '../../../shared/search/textMatch';
import { useViewStore } from '../../store/viewStore';
import { frameHits, stepHit } from './frameHits';
import { useSearchStore } from './searchStore';
import { useSearchMatcher } from './useSearchMatcher';

export function SearchBar() {
  const frames = useViewStore((state) => state.frames);
  // The list changes in place (store/framesSlice.ts): its version says when.
  const version = useViewStore((state) => state.framesVersion);
  const selectFrame = useViewStore((state) => state.selectFrame);
  const { query, caseSensitive, current, owner, setQuery, setCaseSensitive, setCurrent } = useSearchStore();
  const matcher = useSearchMatcher();
  // Typing stays responsive over a long run: the hits follow the query a render later.
  const deferredVersion = useDeferredValue(version);
  const hits = useMemo(() => {
    void deferredVersion;
    return frameHits(frames, matcher);
  }, [frames, deferredVersion, matcher]);
  const matches = useMemo(() => hits.reduce((sum, hit) => sum + hit.matches, 0), [hits]);
  const problem = query.length > 0 ? queryProblem({ text: query }) : undefined;

  const move = (direction: 1 | -1) => {
    const next = stepHit(current, hits.length, direction);
    if (next === -1) return;
    setCurrent(next);
    selectFrame(hits[next]!.frameId);
  };

  // F3 and Shift+F3 work wherever the focus is, as in a browser's find.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'F3' || owner !== 'frames') return;
      event.preventDefault();
      move(event.shiftKey ? -1 : 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      move(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape') setQuery('');
  };

  const status = problem
    ? problem
    : !matcher
      ? ''
      : hits.length === 0
        ? 'No match'
        : `${current < 0 ? 0 : current + 1} of ${hits.length.toLocaleString('en-US')}`;
  return (
    <div className="search-bar" role="search" data-testid="search-bar">
      <input
        type="search"
        className="search-input"
        placeholder="Search bodies, headers and events…"
        aria-label="Search every frame"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
        data-testid="search-input"
      />
      <label className="search-case">
        <input
          type="checkbox"
          checked={caseSensitive}
          onChange={(event) => setCaseSensitive(event.target.checked)}
          data-testid="search-case"
        />
        Aa
      </label>
      <button type="button" onClick={() => move(-1)} disabled={hits.length === 0} data-testid="search-prev">
        ↑ Previous
      </button>
      <button type="button" onClick={() => move(1)} disabled={hits.length === 0} data-testid="search-next">
        ↓ Next
      </button>
      <span
        className="search-count"
        role="status"
        title={matcher ? `${matches.toLocaleString('en-US')} matches in ${hits.length} frames` : undefined}
        data-testid="search-count"
      >
        {status}
      </span>
    </div>
  );
}
