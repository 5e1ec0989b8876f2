// Shows many frames without freezing the window: the first slice at once, the rest one slice per animation frame
// (docs/architecture.md#state-in-the-renderer: the UI drops renders, never data). Opening a replay of tens of thousands
// of frames used to build its timeline in one task of 0.3–0.4 s; in slices no task is longer than one slice's work.
// Frames added while slices are still waiting go behind them, so the order is kept; replacing drops what was waiting,
// which it replaces.

import type { Frame } from '../../shared/wire/frame';
import type { FramesSlice } from './framesSlice';

/** Frames per slice: with 2,000, opening a 49,000-frame replay has no task over 75 ms (it had one of 400 ms). */
export const SHOW_SLICE = 2_000;

type Show = Pick<FramesSlice, 'addFrames' | 'replaceFrames'>;
type Schedule = (run: () => void) => () => void;

export interface SlicedShow {
  replace(frames: readonly Frame[]): void;
  add(frames: readonly Frame[]): void;
  /** Slices still waiting (for tests and a progress note). */
  readonly waiting: number;
}

/** The window's animation frames; the store is also loaded where there are none (unit tests), hence the lookup. */
const frames = globalThis as {
  requestAnimationFrame?: (run: () => void) => number;
  cancelAnimationFrame?: (id: number) => void;
};

const nextFrame: Schedule = (run) => {
  if (frames.requestAnimationFrame && frames.cancelAnimationFrame) {
    const id = frames.requestAnimationFrame(() => run());
    return () => frames.cancelAnimationFrame?.(id);
  }
  const id = setTimeout(run, 0);
  return () => clearTimeout(id);
};

export function slicedShow(show: Show, schedule: Schedule = nextFrame, size = SHOW_SLICE): SlicedShow {
  let pending: Frame[][] = [];
  let cancel: (() => void) | undefined;

  const pump = () => {
    cancel = undefined;
    const slice = pending.shift();
    if (slice) show.addFrames(slice);
    if (pending.length > 0) cancel = schedule(pump);
  };
  const queue = (frames: readonly Frame[]) => {
    for (let at = 0; at < frames.length; at += size) pending.push(frames.slice(at, at + size));
    if (pending.length > 0 && !cancel) cancel = schedule(pump);
  };

  return {
    replace(frames) {
      cancel?.();
      cancel = undefined;
      pending = [];
      show.replaceFrames(frames.length > size ? frames.slice(0, size) : frames);
      if (frames.length > size) queue(frames.slice(size));
    },
    add(frames) {
      if (frames.length === 0) return;
      if (pending.length === 0 && frames.length <= size) show.addFrames(frames);
      else queue(frames);
    },
    get waiting() {
      return pending.length;
    },
  };
}
