// The matcher for the search box's query, or undefined when there is nothing to search for (or the query is too
// long, which the box says in words).

import { useMemo } from 'react';
import { createMatcher, queryProblem, type TextMatcher } from '../../../shared/search/textMatch';
import { useSearchStore } from './searchStore';

export function useSearchMatcher(): TextMatcher | undefined {
  const query = useSearchStore((state) => state.query);
  const caseSensitive = useSearchStore((state) => state.caseSensitive);
  return useMemo(() => {
    const request = { text: query, caseSensitive };
    return queryProblem(request) ? undefined : createMatcher(request);
  }, [query, caseSensitive]);
}
