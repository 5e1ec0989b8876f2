// The frames every view is derived from (DESIGN.md §1). A frame can arrive twice (as a call's result and as a host
// event); the first copy wins and order of first arrival is kept.

import type { StateCreator } from 'zustand';
import type { Frame } from '../../shared/wire/frame';

export interface FramesSlice {
  frames: Frame[];
  frameIds: ReadonlySet<string>;
  selectedFrameId: string | null;
  addFrames(frames: readonly Frame[]): void;
  selectFrame(id: string | null): void;
}

export const createFramesSlice: StateCreator<FramesSlice, [], [], FramesSlice> = (set) => ({
  frames: [],
  frameIds: new Set(),
  selectedFrameId: null,
  addFrames(incoming) {
    set((state) => {
      const frameIds = new Set(state.frameIds);
      const fresh: Frame[] = [];
      for (const frame of incoming) {
        if (frameIds.has(frame.id)) continue;
        frameIds.add(frame.id);
        fresh.push(frame);
      }
      if (fresh.length === 0) return state;
      return { frames: [...state.frames, ...fresh], frameIds };
    });
  },
  selectFrame(id) {
    set({ selectedFrameId: id });
  },
});
