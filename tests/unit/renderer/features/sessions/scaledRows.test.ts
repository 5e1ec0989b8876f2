// The browse list's scaled scroll range (renderer/features/sessions/scaledRows.ts, used by useScaledRows.ts) at ten million rows: the
// rows shown for a scroll position and the scroll position for a row agree, both ends are reachable, and no row
// is skipped or shown twice at either end; below MAX_HEIGHT the list is the plain one-pixel-a-pixel one.

import { describe, expect, it } from 'vitest';
import {
  MAX_HEIGHT,
  scaledGeometry,
  scaledScrollTop,
  scaledWindow,
} from '../../../../../renderer/features/sessions/scaledRows';

const ROW = 24;
const VIEW = 600;
const TEN_MILLION = 10_000_000;

/** The rows wholly or partly inside the view (no overscan), as the user sees them. */
function onScreen(count: number, top: number, height = VIEW) {
  return scaledWindow({ count, rowHeight: ROW, overscan: 0, top, height }).filter(
    (item) => item.start + ROW > top && item.start < top + height,
  );
}

describe('the scaled scroll range', () => {
  it('is plain up to MAX_HEIGHT and capped past it', () => {
    expect(scaledGeometry(1000, ROW, VIEW)).toEqual({ height: 24_000, scale: 1 });
    expect(scaledGeometry(MAX_HEIGHT / ROW, ROW, VIEW)).toEqual({ height: MAX_HEIGHT, scale: 1 });
    const big = scaledGeometry(TEN_MILLION, ROW, VIEW);
    expect(big.height).toBe(MAX_HEIGHT);
    expect(big.scale).toBeCloseTo((TEN_MILLION * ROW - VIEW) / (MAX_HEIGHT - VIEW), 9);
  });

  it('shows the first rows at the top of ten million and the last ones at the bottom', () => {
    const top = onScreen(TEN_MILLION, 0);
    expect(top[0]).toEqual({ index: 0, start: 0 });
    expect(top.map((item) => item.index)).toEqual([...Array(VIEW / ROW).keys()]);
    const end = MAX_HEIGHT - VIEW;
    const bottom = onScreen(TEN_MILLION, end);
    expect(bottom.at(-1)!.index).toBe(TEN_MILLION - 1);
    // The last row ends exactly at the bottom of the view: reachable, and nothing past it.
    expect(bottom.at(-1)!.start + ROW).toBeCloseTo(end + VIEW, 6);
    expect(bottom.map((item) => item.index)).toEqual(
      Array.from({ length: VIEW / ROW }, (_, i) => TEN_MILLION - VIEW / ROW + i),
    );
    // With overscan the list never names a row past the end or before the start.
    const over = scaledWindow({ count: TEN_MILLION, rowHeight: ROW, overscan: 4, top: end, height: VIEW });
    expect(over.at(-1)!.index).toBe(TEN_MILLION - 1);
    expect(
      scaledWindow({ count: TEN_MILLION, rowHeight: ROW, overscan: 4, top: 0, height: VIEW })[0]!.index,
    ).toBe(0);
  });

  it('lays rows out one row height apart, in order, wherever the view is', () => {
    for (const top of [0, 1, 12_345.5, 8_000_000, MAX_HEIGHT - VIEW - 1, MAX_HEIGHT - VIEW]) {
      const items = scaledWindow({ count: TEN_MILLION, rowHeight: ROW, overscan: 4, top, height: VIEW });
      for (let i = 1; i < items.length; i++) {
        expect(items[i]!.index).toBe(items[i - 1]!.index + 1);
        expect(items[i]!.start - items[i - 1]!.start).toBeCloseTo(ROW, 6);
      }
      // The view is covered: a row starts at or above its top and one ends at or below its bottom.
      const shown = onScreen(TEN_MILLION, top);
      expect(shown[0]!.start).toBeLessThanOrEqual(top);
      expect(shown.at(-1)!.start + ROW).toBeGreaterThanOrEqual(Math.min(top + VIEW, MAX_HEIGHT) - 1e-6);
    }
  });

  it('puts a row asked for in the middle of the view, and clamps at the ends', () => {
    for (const index of [0, 1, 5_000_000, TEN_MILLION - 2, TEN_MILLION - 1, 1234]) {
      const top = Math.min(scaledScrollTop(index, TEN_MILLION, ROW, VIEW), MAX_HEIGHT - VIEW);
      expect(onScreen(TEN_MILLION, top).map((item) => item.index)).toContain(index);
    }
    expect(scaledScrollTop(0, TEN_MILLION, ROW, VIEW)).toBe(0);
    const middle = scaledScrollTop(5_000_000, TEN_MILLION, ROW, VIEW);
    const centre = onScreen(TEN_MILLION, middle).find((item) => item.index === 5_000_000)!;
    expect(centre.start - middle).toBeCloseTo((VIEW - ROW) / 2, 6);
  });

  it('maps every scroll position of a small list to the same rows as a plain list', () => {
    for (const top of [0, 7, 24, 1000, 24_000 - VIEW]) {
      const plain = Array.from({ length: 1000 }, (_, index) => ({ index, start: index * ROW })).filter(
        (item) => item.start + ROW > top && item.start < top + VIEW,
      );
      expect(onScreen(1000, top)).toEqual(plain);
    }
  });
});
