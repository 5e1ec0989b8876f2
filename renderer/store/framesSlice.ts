// The frames every view is derived from (docs/architecture.md#frames-are-the-single-source-of-truth), in order of first
// arrival. An exchange that takes time is published several times with a rising `rev` (frame.ts); the newest revision
// replaces the older one in place. A frame can also arrive twice with the same revision (as a call's result and as a
// host event): the first copy wins. The window keeps a bounded number of frames (SEC-4, `RETAINED_FRAMES`): past it,
// the oldest leave the window and are counted in `droppedFrames`; the host's journal keeps every one, so Save and the
// journal still have them all.
//
// The list is changed in place as frames arrive, and `framesVersion` says that it changed. A copy per update cost
// the whole history each time: with 200,000 frames, an 800 kB array up to 60 times a second (bench:ui-many), young
// garbage that made every garbage collection of the window longer. So a view that derives from `frames` (a memo, an
// effect, a deferred value) watches `framesVersion` beside it, as the timeline's views watch `timelineVersion`.
// `replaceFrames` and the retained cap still start a new list.

import type { StateCreator } from 'zustand';
import { revisionOf } from '../../shared/session/latestRevisions';
import { TimelineModel } from '../../shared/timeline/timelineModel';
import type { Frame } from '../../shared/wire/frame';
import { StringPool } from '../../shared/stringPool';
import { compactFrame, SharedParts } from './compactFrames';

/**
 * How many frames the window holds: past `max`, the oldest go, down to `keep` (dropping in steps, so the index and
 * timeline are rebuilt once per 50,000 frames rather than on every batch).
 */
export const RETAINED_FRAMES = { max: 250_000, keep: 200_000 } as const;

export interface FramesSlice {
  /** Changed in place by `addFrames`: watch `framesVersion` to see it change. */
  frames: Frame[];
  /** Bumped whenever `frames` changes, in place or for a new list. */
  framesVersion: number;
  /** Frames of this run that left the window for the retained cap; all of them are in the journal. */
  droppedFrames: number;
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

/** How the slice keeps its frames; the defaults are the window's, the alternatives the straightforward paths. */
export interface FramesSliceOptions {
  /** False keeps frames exactly as they came (tests/unit/renderer/store/compactFrames.test.ts compares). */
  compactFrames?: boolean;
  /** False gives a new list on every change (tests/unit/renderer/store/framesInPlace.test.ts compares). */
  framesInPlace?: boolean;
}

/** The slice with this cap. */
export function framesSliceWith(
  retain: { max: number; keep: number },
  options: FramesSliceOptions = {},
): StateCreator<FramesSlice, [], [], FramesSlice> {
  return (set) =>
    createSlice(set, retain, {
      compact: options.compactFrames ?? true,
      inPlace: options.framesInPlace ?? true,
    });
}

/** Where a smaller window can be asked for: a machine short of memory, or a test that watches the cap at work. */
export const WINDOW_FRAMES_KEY = 'switchboard.windowFrames';

/** The cap for a stored `max` (at least 10, below the default); the default for anything else. */
export function retainedFramesFor(stored: string | null | undefined): { max: number; keep: number } {
  const max = Number(stored);
  if (!stored || !Number.isInteger(max) || max < 10 || max >= RETAINED_FRAMES.max) return RETAINED_FRAMES;
  return { max, keep: Math.ceil(max * 0.8) };
}

function storedWindowFrames(): string | null {
  try {
    // Through globalThis: this module is also loaded by node-side unit tests, where there is no storage.
    const storage = (globalThis as { localStorage?: { getItem(key: string): string | null } }).localStorage;
    return storage ? storage.getItem(WINDOW_FRAMES_KEY) : null;
  } catch {
    // Storage refused (a sandboxed document): the default cap.
    return null;
  }
}

/** This window's cap, read once at start. */
export const WINDOW_FRAMES = retainedFramesFor(storedWindowFrames());

export const createFramesSlice = framesSliceWith(WINDOW_FRAMES);

type SetFrames = Parameters<StateCreator<FramesSlice, [], [], FramesSlice>>[0];

function createSlice(
  set: SetFrames,
  retain: { max: number; keep: number },
  { compact, inPlace }: { compact: boolean; inPlace: boolean },
): FramesSlice {
  // One index per list of frames, updated in place: copying it per batch would cost O(n) per animation frame.
  // `replaceFrames` starts a new index and a new timeline, so a view holding the old ones sees them change.
  let frameIndex = new Map<string, number>();
  let timeline = new TimelineModel();
  // Repeated strings of the frames kept, one copy each (compactFrames.ts).
  const pool = new StringPool();
  const shared = new SharedParts();

  /**
   * Merges a batch into `current` (in place, or into a copy made at the first change); undefined when nothing in it
   * was new. `current` is always a list this slice made, never one handed to it.
   */
  function merge(current: Frame[], incoming: readonly Frame[]): Frame[] | undefined {
    let frames: Frame[] | undefined;
    const accepted: Frame[] = [];
    for (const frame of incoming) {
      const index = frameIndex.get(frame.id);
      const list = frames ?? current;
      if (index !== undefined) {
        if (revisionOf(frame) <= revisionOf(list[index]!)) continue;
        frames ??= inPlace ? current : [...current];
        frames[index] = compact ? compactFrame(frame, pool, shared) : frame;
        accepted.push(frame);
        continue;
      }
      frames ??= inPlace ? current : [...current];
      frameIndex.set(frame.id, frames.length);
      frames.push(compact ? compactFrame(frame, pool, shared) : frame);
      accepted.push(frame);
    }
    if (frames) timeline.ingest(accepted);
    return frames;
  }

  /** The newest `retain.keep` frames, index and timeline rebuilt, when `frames` is over the cap; else undefined. */
  function trim(frames: Frame[]): { frames: Frame[]; dropped: number } | undefined {
    if (frames.length <= retain.max) return undefined;
    const dropped = frames.length - retain.keep;
    const kept = frames.slice(dropped);
    frameIndex = new Map(kept.map((frame, i) => [frame.id, i]));
    timeline = new TimelineModel();
    timeline.ingest(kept);
    return { frames: kept, dropped };
  }

  return {
    frames: [],
    framesVersion: 0,
    droppedFrames: 0,
    frameIndex,
    selectedFrameId: null,
    timeline,
    timelineVersion: 0,
    addFrames(incoming) {
      set((state) => {
        const frames = merge(state.frames, incoming);
        if (!frames) return state;
        const trimmed = trim(frames);
        const framesVersion = state.framesVersion + 1;
        if (!trimmed) return { frames, framesVersion, timelineVersion: timeline.version };
        return {
          frames: trimmed.frames,
          framesVersion,
          frameIndex,
          timeline,
          timelineVersion: timeline.version,
          droppedFrames: state.droppedFrames + trimmed.dropped,
          selectedFrameId:
            state.selectedFrameId !== null && frameIndex.has(state.selectedFrameId)
              ? state.selectedFrameId
              : null,
        };
      });
    },
    replaceFrames(frames) {
      frameIndex = new Map();
      timeline = new TimelineModel();
      const all = merge([], frames) ?? [];
      const trimmed = trim(all);
      const merged = trimmed?.frames ?? all;
      set((state) => ({
        frames: merged,
        framesVersion: state.framesVersion + 1,
        droppedFrames: trimmed?.dropped ?? 0,
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
}
