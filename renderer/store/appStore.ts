// The one renderer store, combined from per-area slices.

import { create } from 'zustand';
import { createAgentsSlice, type AgentsSlice } from './agentsSlice';
import { createComposerSlice, type ComposerSlice } from './composerSlice';
import { createFramesSlice, type FramesSlice } from './framesSlice';
import { createLayoutSlice, type LayoutSlice } from './layoutSlice';
import { createSessionSlice, type SessionSlice } from './sessionSlice';

export type AppState = FramesSlice & LayoutSlice & AgentsSlice & ComposerSlice & SessionSlice;

/** A fresh store; the app uses one (`useAppStore`), tests make their own. */
export function createAppStore() {
  return create<AppState>()((set, get, api) => {
    const frames = createFramesSlice(set, get, api);
    return {
      ...frames,
      ...createLayoutSlice(set, get, api),
      ...createAgentsSlice(set, get, api),
      ...createComposerSlice(set, get, api),
      ...createSessionSlice(frames)(set, get, api),
      // Live frames reach the views, except while a recording is replayed: then they wait in the session slice
      // and come back with "Back to live" (SES-3). The replay shows its frames through `frames` directly.
      addFrames(batch) {
        if (get().replay) get().bufferLiveFrames(batch);
        else frames.addFrames(batch);
      },
    };
  });
}

export const useAppStore = createAppStore();
