// The one renderer store, combined from per-area slices.

import { create } from 'zustand';
import { createAgentsSlice, type AgentsSlice } from './agentsSlice';
import { createComposerSlice, type ComposerSlice } from './composerSlice';
import { createFramesSlice, type FramesSlice } from './framesSlice';
import { createLayoutSlice, type LayoutSlice } from './layoutSlice';

export type AppState = FramesSlice & LayoutSlice & AgentsSlice & ComposerSlice;

export const useAppStore = create<AppState>()((...args) => ({
  ...createFramesSlice(...args),
  ...createLayoutSlice(...args),
  ...createAgentsSlice(...args),
  ...createComposerSlice(...args),
}));
