// The frames every view is derived from (DESIGN.md §1), in order of first arrival. An exchange that takes time is
// published several times with a rising `rev` (frame.ts); the newest revision replaces the older one in place. A
// frame can also arrive twice with the same revision (as a call's result and as a host event): the first copy wins.

import type { StateCreator } from 'zustand';
import { revisionOf } from '../../shared/session/latestRevisions';
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
  /**
   * Starts again from these frames: a new index and timeline built from zero (a replay scrubbed backwards, or the
   * live frames put back after a replay). The selection stays when its frame is still there.
   */
  replaceFrames(frames: readonly Frame[]): void;
  selectFrame(id: string | null): void;
}

export const createFramesSlice: StateCreator<FramesSlice, [], [], FramesSlice> = (set) => {
  // One index per list of frames, updated in place: copying it per batch would cost O(n) per animation frame.
  // `replaceFrames` starts a new index and a new timeline, so a view holding the old ones sees them change.
  let frameIndex = new Map<string, number>();
  let timeline = new TimelineModel();

  /** Merges a batch into `current`; undefined when nothing in it was new. */
  function merge(current: Frame[], incoming: readonly Frame[]): Frame[] | undefined {
    let frames: Frame[] | undefined;
    const accepted: Frame[] = [];
    for (const frame of incoming) {
      const index = frameIndex.get(frame.id);
      const list = frames ?? current;
      if (index !== undefined) {
        if (revisionOf(frame) <= revisionOf(list[index]!)) continue;
        frames ??= [...current];
        frames[index] = frame;
        accepted.push(frame);
        continue;
      }
      frames ??= [...current];
      frameIndex.set(frame.id, frames.length);
      frames.push(frame);
      accepted.push(frame);
    }
    if (frames) timeline.ingest(accepted);
    return frames;
  }

  return {
    frames: [],
    frameIndex,
    selectedFrameId: null,
    timeline,
    timelineVersion: 0,
    addFrames(incoming) {
      set((state) => {
        const frames = merge(state.frames, incoming);
        return frames ? { frames, timelineVersion: timeline.version } : state;
      });
    },
    replaceFrames(frames) {
      frameIndex = new Map();
      timeline = new TimelineModel();
      const merged = merge([], frames) ?? [];
      set((state) => ({
        frames: merged,
        frameIndex,
        timeline,
        timelineVersion: timeline.version,
        selectedFrameId:
          state.selectedFrameId !== null && frameIndex.has(state.selectedFrameId)
            ? state.selectedFrameId
            : null,
      }));
    },
    selectFrame(id) {
      set({ selectedFrameId: id });
    },
  };
};
