// The replay clock (SES-3): when each frame falls due at each speed, idle gaps shown and shortened, the scrubber's
// recorded time, and playing measured from the start of play so that late timers do not add up.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createReplayPlan,
  cursorAtElapsed,
  delayBefore,
  durationOf,
  elapsedAt,
  formatElapsed,
  idleGapBefore,
  MAX_STEPS_PER_TICK,
  replayTick,
  speedLabel,
} from '../../../../renderer/store/replayPlan';

const T0 = 1_700_000_000_000;

/** Steps at these ms after T0. */
function stepsAt(offsets: number[]): number[] {
  return offsets.map((ms) => T0 + ms);
}

describe('replay plan', () => {
  const frames = stepsAt([0, 100, 250, 10_250, 10_300]);

  it('waits the recorded gap before each frame at 1×, half at 2×, a tenth at 10×, none at max', () => {
    const plan = createReplayPlan(frames);
    expect([0, 1, 2, 3, 4].map((i) => delayBefore(plan, i, 1))).toEqual([0, 100, 150, 10_000, 50]);
    expect(delayBefore(plan, 2, 2)).toBe(75);
    expect(delayBefore(plan, 3, 10)).toBe(1_000);
    expect([0, 1, 2, 3, 4].map((i) => delayBefore(plan, i, 'max'))).toEqual([0, 0, 0, 0, 0]);
    expect(delayBefore(plan, 99, 1)).toBe(0);
  });

  it('shows long idle gaps and, when asked, plays them shortened; the scrubber keeps the recorded time', () => {
    const capped = createReplayPlan(frames, { idleCapMs: 2_000 });
    expect(capped.idleGaps).toEqual([{ index: 3, ms: 10_000 }]);
    expect(idleGapBefore(capped, 3)).toBe(10_000);
    expect(idleGapBefore(capped, 2)).toBeUndefined();
    expect(delayBefore(capped, 3, 1)).toBe(2_000);
    expect(delayBefore(capped, 3, 2)).toBe(1_000);
    expect(elapsedAt(capped, 4)).toBe(10_250);
    expect(durationOf(capped)).toBe(10_300);
    // Without a cap the gap is still listed (default threshold 5 s) and played in full.
    const uncapped = createReplayPlan(frames);
    expect(uncapped.idleGaps).toEqual([{ index: 3, ms: 10_000 }]);
    expect(delayBefore(uncapped, 3, 1)).toBe(10_000);
  });

  it('maps the cursor to recorded time and back', () => {
    const plan = createReplayPlan(frames);
    expect(elapsedAt(plan, 0)).toBe(0);
    expect(elapsedAt(plan, 1)).toBe(0);
    expect(elapsedAt(plan, 3)).toBe(250);
    expect(elapsedAt(plan, 99)).toBe(10_300);
    expect(cursorAtElapsed(plan, -1)).toBe(0);
    expect(cursorAtElapsed(plan, 0)).toBe(1);
    expect(cursorAtElapsed(plan, 249)).toBe(2);
    expect(cursorAtElapsed(plan, 250)).toBe(3);
    expect(cursorAtElapsed(plan, 1e9)).toBe(5);
    expect(cursorAtElapsed(createReplayPlan([]), 10)).toBe(0);
  });

  it('never runs time backwards when a clock stepped back between frames', () => {
    const plan = createReplayPlan(stepsAt([0, 500, 300, 800]));
    expect(Array.from(plan.elapsed)).toEqual([0, 500, 500, 800]);
    expect(delayBefore(plan, 2, 1)).toBe(0);
    expect(delayBefore(plan, 3, 1)).toBe(500);
  });

  it('an empty session has nothing to play', () => {
    const plan = createReplayPlan([]);
    expect(durationOf(plan)).toBe(0);
    expect(replayTick(plan, 0, 0, 0, 1)).toEqual({ cursor: 0 });
  });
});

describe('playing', () => {
  const frames = stepsAt([0, 100, 250, 10_250, 10_300]);

  it('shows each frame when it falls due and says how long to wait for the next', () => {
    const plan = createReplayPlan(frames);
    expect(replayTick(plan, 0, 0, 0, 1)).toEqual({ cursor: 1, waitMs: 100 });
    expect(replayTick(plan, 0, 1, 99, 1)).toEqual({ cursor: 1, waitMs: 1 });
    expect(replayTick(plan, 0, 1, 100, 1)).toEqual({ cursor: 2, waitMs: 150 });
    // A timer that fired late catches up: every frame due by now is shown at once.
    expect(replayTick(plan, 0, 2, 400, 1)).toEqual({ cursor: 3, waitMs: 9_850 });
    expect(replayTick(plan, 0, 3, 10_300, 1)).toEqual({ cursor: 5 });
  });

  it('resumes from a scrubbed position with the gap before the next frame, faster at higher speeds', () => {
    const plan = createReplayPlan(frames);
    // Frames 0..1 shown; frame 2 came 150 ms after frame 1.
    expect(replayTick(plan, 2, 2, 0, 1)).toEqual({ cursor: 2, waitMs: 150 });
    expect(replayTick(plan, 2, 2, 0, 10)).toEqual({ cursor: 2, waitMs: 15 });
    expect(replayTick(plan, 2, 2, 15, 10)).toEqual({ cursor: 3, waitMs: 1_000 });
  });

  it('plays a capped idle gap in the capped time', () => {
    const plan = createReplayPlan(frames, { idleCapMs: 2_000 });
    expect(replayTick(plan, 3, 3, 0, 1)).toEqual({ cursor: 3, waitMs: 2_000 });
    expect(replayTick(plan, 3, 3, 2_000, 1)).toEqual({ cursor: 4, waitMs: 50 });
  });

  it('as fast as possible shows everything, a slice per tick', () => {
    const many = stepsAt(Array.from({ length: 600 }, (_, i) => i * 1_000));
    const plan = createReplayPlan(many);
    const first = replayTick(plan, 0, 0, 0, 'max');
    expect(first).toEqual({ cursor: MAX_STEPS_PER_TICK, waitMs: 0 });
    const second = replayTick(plan, 0, first.cursor, 0, 'max');
    expect(second).toEqual({ cursor: 2 * MAX_STEPS_PER_TICK, waitMs: 0 });
    expect(replayTick(plan, 0, second.cursor, 0, 'max')).toEqual({ cursor: 600 });
  });

  it('never moves the cursor backwards and reaches the end after the whole (scaled) duration', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 40 }),
        fc.constantFrom<1 | 2 | 10>(1, 2, 10),
        fc.array(fc.integer({ min: 0, max: 5_000 }), { maxLength: 30 }),
        (gaps, speed, steps) => {
          let at = 0;
          const plan = createReplayPlan(stepsAt(gaps.map((gap) => (at += gap))), { idleCapMs: 3_000 });
          let cursor = 0;
          let played = 0;
          for (const step of steps) {
            played += step;
            const tick = replayTick(plan, 0, cursor, played, speed);
            expect(tick.cursor).toBeGreaterThanOrEqual(cursor);
            cursor = tick.cursor;
          }
          const total = plan.playback[plan.count - 1]! / speed;
          let end = replayTick(plan, 0, cursor, total, speed);
          // Slices of MAX_STEPS_PER_TICK at most; 40 frames fit in one.
          expect(end).toEqual({ cursor: plan.count });
          end = replayTick(plan, 0, plan.count, total + 1, speed);
          expect(end.cursor).toBe(plan.count);
        },
      ),
    );
  });
});

describe('replay words', () => {
  it('formats elapsed time for the bar', () => {
    expect(formatElapsed(0)).toBe('0.00 s');
    expect(formatElapsed(420)).toBe('0.42 s');
    expect(formatElapsed(12_345)).toBe('12.3 s');
    expect(formatElapsed(125_000)).toBe('2:05.0');
    expect(formatElapsed(Number.NaN)).toBe('0.00 s');
    expect(formatElapsed(-5)).toBe('0.00 s');
  });

  it('names each speed', () => {
    expect([1, 2, 10, 'max'].map((s) => speedLabel(s as 1 | 2 | 10 | 'max'))).toEqual([
      'Original timing',
      '2×',
      '10×',
      'As fast as possible',
    ]);
  });
});
