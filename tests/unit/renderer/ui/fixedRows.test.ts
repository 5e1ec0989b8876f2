// Differential test for the timeline's rows in view (renderer/ui/fixedRows.ts): the arithmetic gives, for every
// scroll position and size tried, exactly the rows a straightforward pass over all of them picks (a row is shown when
// it overlaps the viewport widened by `overscan` rows either side), and scrolling to a row brings it into view.

import { describe, expect, it } from 'vitest';
import { rowsInView, scrollTopToShow } from '../../../../renderer/ui/fixedRows';

function straightforward(count: number, h: number, top: number, height: number, overscan: number) {
  const rows: Array<{ index: number; start: number }> = [];
  for (let index = 0; index < count; index++) {
    const start = index * h;
    const first = Math.floor(top / h) - overscan;
    const last = Math.ceil((top + height) / h) + overscan;
    if (index >= first && index <= last) rows.push({ index, start });
  }
  return rows;
}

describe('rows in view', () => {
  it('are the rows a pass over all of them picks', () => {
    for (const count of [0, 1, 7, 500]) {
      for (const top of [0, 1, 25, 26, 27, 400, 5_000, 13_000]) {
        for (const height of [0, 26, 300, 901]) {
          for (const overscan of [0, 3, 20]) {
            expect(rowsInView(count, 26, top, height, overscan)).toEqual(
              straightforward(count, 26, top, height, overscan),
            );
          }
        }
      }
    }
  });

  it('are none for a zero row height', () => {
    expect(rowsInView(10, 0, 0, 100, 2)).toEqual([]);
  });

  it('scroll just far enough to show a row, and not at all when it shows', () => {
    expect(scrollTopToShow(10, 26, 0, 260)).toBe(26);
    expect(scrollTopToShow(9, 26, 0, 260)).toBeUndefined();
    expect(scrollTopToShow(2, 26, 100, 260)).toBe(52);
    expect(scrollTopToShow(0, 26, 0, 10)).toBeUndefined();
  });
});
