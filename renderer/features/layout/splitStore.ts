// Whether the timeline and the conversation sit side by side (TL-4), remembered in this browser's local storage like
// the window's other preferences. Local to the layout feature.

import { create } from 'zustand';
import { windowStorage as storage } from '../../ui/windowStorage';

export const SPLIT_KEY = 'switchboard.splitConversation';

export interface SplitState {
  split: boolean;
  setSplit(split: boolean): void;
}

export const useSplitLayout = create<SplitState>()((set) => ({
  split: storage()?.getItem(SPLIT_KEY) === 'true',
  setSplit(split) {
    try {
      storage()?.setItem(SPLIT_KEY, String(split));
    } catch {
      // Storage full or refused: the choice still holds for this window.
    }
    set({ split });
  },
}));
