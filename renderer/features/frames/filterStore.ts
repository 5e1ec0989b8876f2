// The filters of TL-5 the timeline and the frames list share (kind, task, state, operation) and each view's own
// text filter. Kept in a store rather than in the views, so they survive switching tabs.

import { create } from 'zustand';
import type { SearchFilters } from '../../../shared/search/frameSearch';

interface FilterState {
  filters: SearchFilters;
  timelineText: string;
  framesText: string;
  setFilters(filters: SearchFilters): void;
  setTimelineText(text: string): void;
  setFramesText(text: string): void;
  /** Clears the shared filters and both text filters. */
  clear(): void;
}

export const useFilterStore = create<FilterState>()((set) => ({
  filters: {},
  timelineText: '',
  framesText: '',
  setFilters: (filters) => set({ filters }),
  setTimelineText: (timelineText) => set({ timelineText }),
  setFramesText: (framesText) => set({ framesText }),
  clear: () => set({ filters: {}, timelineText: '', framesText: '' }),
}));
