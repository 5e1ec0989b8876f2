// Where the call graph's boxes go: callers on the left, each agent one column right of the first hop that reaches it,
// in the order met. Pure, so the layout is tested without a DOM. A cycle (an agent calling back) keeps the column it
// was first given; the arrow then runs backwards.

import type { TraceEdge, TraceNode } from '../../../shared/timeline/traces';

export const BOX = { width: 190, height: 34, columnGap: 70, rowGap: 18 } as const;

export interface PlacedNode extends TraceNode {
  x: number;
  y: number;
}

export function layoutGraph(
  nodes: readonly TraceNode[],
  edges: readonly TraceEdge[],
): { placed: PlacedNode[]; width: number; height: number } {
  const column = new Map<string, number>();
  const incoming = new Set(edges.map((edge) => edge.to));
  const queue = nodes.filter((node) => !incoming.has(node.id)).map((node) => node.id);
  for (const id of queue) column.set(id, 0);
  for (let i = 0; i < queue.length; i++) {
    const from = queue[i]!;
    for (const edge of edges) {
      if (edge.from !== from || column.has(edge.to)) continue;
      column.set(edge.to, column.get(from)! + 1);
      queue.push(edge.to);
    }
  }
  const rows = new Map<number, number>();
  const placed = nodes.map((node) => {
    const col = column.get(node.id) ?? 0;
    const row = rows.get(col) ?? 0;
    rows.set(col, row + 1);
    return {
      ...node,
      x: col * (BOX.width + BOX.columnGap),
      y: row * (BOX.height + BOX.rowGap),
    };
  });
  const columns = Math.max(1, ...[...rows.keys()].map((col) => col + 1));
  const tallest = Math.max(1, ...rows.values());
  return {
    placed,
    width: columns * BOX.width + (columns - 1) * BOX.columnGap,
    height: tallest * BOX.height + (tallest - 1) * BOX.rowGap,
  };
}
