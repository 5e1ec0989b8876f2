// Paces host frames into the store: at most one store update per animation frame, and no more frames in it than
// fit the frame's budget (docs/architecture.md#state-in-the-renderer: the UI drops renders, never data). Before,
// everything that had arrived went into one update; when many agents stream and the host hands on a backlog at once,
// that one update ran for hundreds of milliseconds (bench:ui-many). What does not fit waits, in order, for the next
// animation frames. The allowance adapts to what the last update cost, so a fast machine still shows a burst at once.
// Pure and clock-injected, so it is tested without a DOM.

import { Fifo } from '../../shared/fifo';
import type { Frame } from '../../shared/wire/frame';

export interface FrameFeedOptions {
  addFrames(frames: readonly Frame[]): void;
  requestFrame(callback: () => void): number;
  cancelFrame(handle: number): void;
  /** Milliseconds, for measuring what an update cost. */
  now(): number;
  /** Milliseconds of store work an animation frame may take (default 6: a 60 Hz frame also has to render). */
  budgetMs?: number;
}

export interface FrameFeed {
  /** Frames from a host event, shown over the coming animation frames. */
  push(frames: readonly Frame[]): void;
  /** Everything waiting into the store now (the feed is going away). */
  flush(): void;
  /** Frames waiting for an animation frame. */
  waiting(): number;
  dispose(): void;
}

/** Frames per update to start with, and the bounds the allowance moves within. */
export const FEED_ALLOWANCE = { start: 2_000, min: 200, max: 100_000 } as const;

export function createFrameFeed(options: FrameFeedOptions): FrameFeed {
  const budget = options.budgetMs ?? 6;
  const queue = new Fifo<Frame>();
  let allowance: number = FEED_ALLOWANCE.start;
  let scheduled = 0;

  const showNext = () => {
    scheduled = 0;
    const batch = queue.take(allowance);
    const started = options.now();
    options.addFrames(batch);
    const cost = options.now() - started;
    // Over budget: fewer next time, in proportion. Well under it with more waiting: twice as many.
    if (cost > budget) allowance = Math.max(FEED_ALLOWANCE.min, Math.floor((allowance * budget) / cost));
    else if (cost < budget / 2 && queue.length > 0) allowance = Math.min(FEED_ALLOWANCE.max, allowance * 2);
    if (queue.length > 0) scheduled = options.requestFrame(showNext);
  };

  return {
    push(frames) {
      for (const frame of frames) queue.push(frame);
      if (!scheduled && queue.length > 0) scheduled = options.requestFrame(showNext);
    },
    flush() {
      if (scheduled) options.cancelFrame(scheduled);
      scheduled = 0;
      if (queue.length > 0) options.addFrames(queue.take(queue.length));
    },
    waiting: () => queue.length,
    dispose() {
      if (scheduled) options.cancelFrame(scheduled);
      scheduled = 0;
      queue.clear();
    },
  };
}
