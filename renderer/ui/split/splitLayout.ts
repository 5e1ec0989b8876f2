// The sizes of panes laid side by side, in percent of their group, and how a divider between two of them moves. Pure,
// so the rules are unit-tested apart from the pointer and keyboard handling in SplitPanes.tsx.

export interface PaneSize {
  id: string;
  /** Percent of the group when the pane first appears. */
  defaultSize: number;
  /** The least percent a divider may leave it. */
  minSize: number;
  /** The pane that takes up what the others leave when panes come and go (the main column). */
  fill?: boolean;
}

/**
 * The sizes to show: a pane seen before keeps the size it had (a divider the user moved stays moved when the
 * inspector opens or closes), a new pane starts at its default, and the fill pane (else every pane, in proportion)
 * makes the total 100.
 */
export function layoutPanes(panes: readonly PaneSize[], kept: ReadonlyMap<string, number>): number[] {
  const sizes = panes.map((pane) => kept.get(pane.id) ?? pane.defaultSize);
  const fill = panes.findIndex((pane) => pane.fill);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (fill >= 0) {
    const rest = total - sizes[fill]!;
    const room = 100 - rest;
    if (room >= panes[fill]!.minSize) {
      sizes[fill] = room;
      return sizes;
    }
  }
  return total > 0 ? sizes.map((size) => (size * 100) / total) : panes.map(() => 100 / panes.length);
}

/**
 * Moves the divider after pane `index` by `delta` percent (positive: towards the end), taking from one neighbour what
 * it gives the other, and stopping where either would go below its minimum.
 */
export function moveDivider(
  sizes: readonly number[],
  panes: readonly PaneSize[],
  index: number,
  delta: number,
): number[] {
  const before = sizes[index];
  const after = sizes[index + 1];
  if (before === undefined || after === undefined) return [...sizes];
  const lowest = panes[index]!.minSize - before;
  const highest = after - panes[index + 1]!.minSize;
  const moved = Math.min(Math.max(delta, Math.min(lowest, 0)), Math.max(highest, 0));
  const next = [...sizes];
  next[index] = before + moved;
  next[index + 1] = after - moved;
  return next;
}

/** What a divider tells assistive technology: the size of the pane before it and the range it can take. */
export function dividerRange(sizes: readonly number[], panes: readonly PaneSize[], index: number) {
  const before = sizes[index] ?? 0;
  const after = sizes[index + 1] ?? 0;
  const min = panes[index]?.minSize ?? 0;
  return {
    now: Math.round(before),
    min: Math.round(min),
    max: Math.round(before + after - (panes[index + 1]?.minSize ?? 0)),
  };
}
