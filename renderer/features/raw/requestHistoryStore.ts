// The request editor's history (MSG-8), kept in this browser's local storage like the window's other preferences,
// secrets already removed by requestHistory.ts. Local to the raw editor feature.

import { create } from 'zustand';
import { windowStorage as storage } from '../../ui/windowStorage';
import { addToHistory, parseHistory, type HistoryEntry } from './requestHistory';

export const HISTORY_KEY = 'switchboard.requestHistory';

function save(entries: HistoryEntry[]): void {
  try {
    storage()?.setItem(HISTORY_KEY, JSON.stringify(entries));
  } catch {
    // Storage full or refused: the history still works for this window.
  }
}

export interface RequestHistoryState {
  entries: HistoryEntry[];
  record(entry: HistoryEntry): void;
  clear(): void;
}

export const useRequestHistory = create<RequestHistoryState>()((set, get) => ({
  entries: parseHistory(storage()?.getItem(HISTORY_KEY) ?? null),
  record(entry) {
    const entries = addToHistory(get().entries, entry);
    set({ entries });
    save(entries);
  },
  clear() {
    set({ entries: [] });
    save([]);
  },
}));
