// The call graph's layout (PRX-2): callers in the first column, each agent one column right of the hop that first
// reaches it, siblings stacked, and a call back to an earlier agent leaving the columns as they were.

import { describe, expect, it } from 'vitest';
import { BOX, layoutGraph } from '../../../../../renderer/features/traces/graphLayout';
import type { TraceNode } from '../../../../../shared/timeline/traces';

const node = (id: string, kind: TraceNode['kind'] = 'agent'): TraceNode => ({ id, label: id, kind });
const edge = (from: string, to: string) => ({ from, to, calls: 1, errors: 0 });
const step = BOX.width + BOX.columnGap;

describe('layoutGraph', () => {
  it('places a chain left to right and siblings below each other', () => {
    const { placed, width, height } = layoutGraph(
      [node('client', 'client'), node('a'), node('b'), node('c')],
      [edge('client', 'a'), edge('a', 'b'), edge('a', 'c')],
    );
    expect(placed.map((p) => [p.id, p.x / step, p.y / (BOX.height + BOX.rowGap)])).toEqual([
      ['client', 0, 0],
      ['a', 1, 0],
      ['b', 2, 0],
      ['c', 2, 1],
    ]);
    expect(width).toBe(3 * BOX.width + 2 * BOX.columnGap);
    expect(height).toBe(2 * BOX.height + BOX.rowGap);
  });

  it('keeps a cycle finite: the agent called back keeps its first column', () => {
    const { placed } = layoutGraph(
      [node('sb', 'switchboard'), node('a'), node('b')],
      [edge('sb', 'a'), edge('a', 'b'), edge('b', 'a')],
    );
    expect(placed.map((p) => p.x / step)).toEqual([0, 1, 2]);
  });

  it('puts nodes only a cycle reaches in the first column', () => {
    const { placed } = layoutGraph([node('a'), node('b')], [edge('a', 'b'), edge('b', 'a')]);
    expect(placed.map((p) => [p.x, p.y])).toEqual([
      [0, 0],
      [0, BOX.height + BOX.rowGap],
    ]);
  });
});
