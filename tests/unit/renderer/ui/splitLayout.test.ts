// Pane sizes and divider moves (renderer/ui/split/splitLayout.ts): defaults that add up, sizes the user chose kept as
// panes come and go, and a divider that never takes a pane below its minimum.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dividerRange,
  layoutPanes,
  moveDivider,
  type PaneSize,
} from '../../../../renderer/ui/split/splitLayout';

const sidebar: PaneSize = { id: 'sidebar', defaultSize: 18, minSize: 10 };
const main: PaneSize = { id: 'main', defaultSize: 82, minSize: 20, fill: true };
const inspector: PaneSize = { id: 'inspector', defaultSize: 38, minSize: 15 };

describe('layoutPanes', () => {
  it('starts every pane at its default, the fill pane taking the rest', () => {
    expect(layoutPanes([sidebar, main], new Map())).toEqual([18, 82]);
    expect(layoutPanes([sidebar, main, inspector], new Map())).toEqual([18, 44, 38]);
  });

  it('keeps a size the user chose when a pane opens or closes beside it', () => {
    const kept = new Map([
      ['sidebar', 25],
      ['main', 75],
    ]);
    expect(layoutPanes([sidebar, main, inspector], kept)).toEqual([25, 37, 38]);
    const withInspector = new Map([
      ['sidebar', 25],
      ['main', 30],
      ['inspector', 45],
    ]);
    expect(layoutPanes([sidebar, main], withInspector)).toEqual([25, 75]);
  });

  it('scales every pane when the fill pane would fall below its minimum, or there is none', () => {
    const kept = new Map([
      ['sidebar', 60],
      ['inspector', 38],
    ]);
    const sizes = layoutPanes([sidebar, main, inspector], kept);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeCloseTo(100);
    const halves = layoutPanes(
      [
        { id: 'a', defaultSize: 30, minSize: 20 },
        { id: 'b', defaultSize: 30, minSize: 20 },
      ],
      new Map(),
    );
    expect(halves).toEqual([50, 50]);
  });
});

describe('moveDivider', () => {
  it('gives one neighbour what it takes from the other', () => {
    expect(moveDivider([18, 82], [sidebar, main], 0, 5)).toEqual([23, 77]);
    expect(moveDivider([18, 44, 38], [sidebar, main, inspector], 1, -4)).toEqual([18, 40, 42]);
  });

  it('stops at either minimum, and Home and End go all the way there', () => {
    expect(moveDivider([18, 82], [sidebar, main], 0, -100)).toEqual([10, 90]);
    expect(moveDivider([18, 82], [sidebar, main], 0, 100)).toEqual([80, 20]);
  });

  it('keeps the total and every minimum, whatever the moves', () => {
    const panes = [sidebar, main, inspector];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1 }), fc.double({ min: -120, max: 120, noNaN: true }))),
        (moves) => {
          let sizes = layoutPanes(panes, new Map());
          for (const [index, delta] of moves) sizes = moveDivider(sizes, panes, index, delta);
          expect(sizes.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 6);
          sizes.forEach((size, i) => expect(size).toBeGreaterThanOrEqual(panes[i]!.minSize - 1e-9));
        },
      ),
    );
  });
});

describe('dividerRange', () => {
  it('is the size of the pane before it, between its minimum and what the one after can give', () => {
    expect(dividerRange([18, 82], [sidebar, main], 0)).toEqual({ now: 18, min: 10, max: 80 });
    expect(dividerRange([18, 44, 38], [sidebar, main, inspector], 1)).toEqual({ now: 44, min: 20, max: 67 });
  });
});
