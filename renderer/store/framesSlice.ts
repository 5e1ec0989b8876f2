// The frames every view is derived from (DESIGN.md §1), in order of first arrival. An exchange that takes time is
// published several times with a rising `rev` (frame.ts); the newest revision replaces the older one in place. A
// frame can also arrive twice with the same revision (as a call's result and as a host event): the first copy wins.

import type { StateCreator } from 'zustand';
import { TimelineModel } from '../../shared/timeline/timelineModel';
import type { Frame } from '../../shared/wire/frame';

export interface FramesSlice {
  frames: Frame[];
  /** Position of each frame in `frames`, by id. */
  frameIndex: ReadonlyMap<string, number>;
  selectedFrameId: string | null;
  /** Entries, tasks and conversation derived from the frames; mutable, so views watch `timelineVersion`. */
  timeline: TimelineModel;
  timelineVersion: number;
  addFrames(frames: readonly Frame[]): void;
  selectFrame(id: string | null): void;
}

/** A frame without `rev` is final, so it outranks every revision. */
function revision(frame: Frame): number {
  return frame.kind === 'http' && frame.rev !== undefined && frame.state !== 'done'
    ? frame.rev
    : Number.POSITIVE_INFINITY;
}

export const createFramesSlice: StateCreator<FramesSlice, [], [], FramesSlice> = (set) => {
  // One index for the store's life, updated in place: copying it per batch would cost O(n) per animation frame.
  const frameIndex = new Map<string, number>();
  const timeline = new TimelineModel();
  return {
    frames: [],
    frameIndex,
    selectedFrameId: null,
    timeline,
    timelineVersion: 0,
    addFrames(incoming) {
      set((state) => {
        let frames: Frame[] | undefined;
        const accepted: Frame[] = [];
        for (const frame of incoming) {
          const index = frameIndex.get(frame.id);
          const list = frames ?? state.frames;
          if (index !== undefined) {
            if (revision(frame) <= revision(list[index]!)) continue;
            frames ??= [...state.frames];
            frames[index] = frame;
            accepted.push(frame);
            continue;
          }
          frames ??= [...state.frames];
          frameIndex.set(frame.id, frames.length);
          frames.push(frame);
          accepted.push(frame);
        }
        if (!frames) return state;
        timeline.ingest(accepted);
        return { frames, timelineVersion: timeline.version };
      });
    },
    selectFrame(id) {
      set({ selectedFrameId: id });
    },
  };
};
