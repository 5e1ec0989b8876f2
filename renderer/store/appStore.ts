// The one renderer store, combined from per-area slices.

import { create } from 'zustand';
import { createFramesSlice, type FramesSlice } from './framesSlice';
import { createLayoutSlice, type LayoutSlice } from './layoutSlice';

export type AppState = FramesSlice & LayoutSlice;

export const useAppStore = create<AppState>()((...args) => ({
  ...createFramesSlice(...args),
  ...createLayoutSlice(...args),
}));
