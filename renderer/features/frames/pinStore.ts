// Which frame is pinned for comparison (FRM-7). Only the frames view and its inspector care, so it lives beside them
// rather than in the app store; it holds an id, never a copy of the frame.

import { create } from 'zustand';

export interface PinState {
  pinnedFrameId: string | null;
  /** Pins `id`, or unpins it when it is already pinned. */
  togglePin(id: string): void;
}

export const usePinStore = create<PinState>()((set) => ({
  pinnedFrameId: null,
  togglePin(id) {
    set((state) => ({ pinnedFrameId: state.pinnedFrameId === id ? null : id }));
  },
}));
