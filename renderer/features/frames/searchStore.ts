// What the search box (TL-5) holds: the query, whether case matters and which hit is current. The inspector's views
// read the query to highlight matches; the box works out the hits.

import { create } from 'zustand';

interface SearchState {
  query: string;
  caseSensitive: boolean;
  /** Position of the current hit among the hits, -1 before the first move. */
  current: number;
  /** Who set the query: this box, or a session in browse mode whose own box then takes F3. */
  owner: 'frames' | 'session';
  setQuery(query: string): void;
  setCaseSensitive(caseSensitive: boolean): void;
  setCurrent(current: number): void;
}

export const useSearchStore = create<SearchState>()((set) => ({
  query: '',
  caseSensitive: false,
  current: -1,
  owner: 'frames',
  setQuery: (query) => set({ query, current: -1, owner: 'frames' }),
  setCaseSensitive: (caseSensitive) => set({ caseSensitive, current: -1 }),
  setCurrent: (current) => set({ current }),
}));

/** Marks `query` in the inspector's views, as a search run elsewhere (a session in browse mode) asks. */
export function highlightSearch(query: string, caseSensitive: boolean): void {
  useSearchStore.setState({ query, caseSensitive, current: -1, owner: 'session' });
}
