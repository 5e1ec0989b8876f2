// Which main-area tab is showing.

import type { StateCreator } from 'zustand';

export const mainTabs = [
  'card',
  'conversation',
  'timeline',
  'tasks',
  'traces',
  'frames',
  'checks',
  'raw',
] as const;
export type MainTab = (typeof mainTabs)[number];

export interface LayoutSlice {
  activeTab: MainTab;
  setActiveTab(tab: MainTab): void;
}

export const createLayoutSlice: StateCreator<LayoutSlice, [], [], LayoutSlice> = (set) => ({
  activeTab: 'frames',
  setActiveTab(tab) {
    set({ activeTab: tab });
  },
});
