// Which rows of a list of equal-height rows are in view: pure arithmetic on the scroll position, the viewport's
// height and the row height. A general virtualizer keeps a measurement object per row and rebuilds them all whenever
// the row count changes, which for a timeline growing by thousands of rows a second meant O(rows) work and garbage
// on every update (bench:ui-many); equal rows need none of it.

export interface RowSlot {
  index: number;
  /** Offset of the row's top from the top of the list, in pixels. */
  start: number;
}

/** The rows in view, plus `overscan` either side, for a list of `count` rows `rowHeight` high. */
export function rowsInView(
  count: number,
  rowHeight: number,
  scrollTop: number,
  viewHeight: number,
  overscan: number,
): RowSlot[] {
  if (count <= 0 || rowHeight <= 0) return [];
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((scrollTop + Math.max(0, viewHeight)) / rowHeight) + overscan);
  const rows: RowSlot[] = [];
  for (let index = first; index <= last; index++) rows.push({ index, start: index * rowHeight });
  return rows;
}

/** The scroll position that brings row `index` into view, moving as little as possible; undefined when in view. */
export function scrollTopToShow(
  index: number,
  rowHeight: number,
  scrollTop: number,
  viewHeight: number,
): number | undefined {
  const start = index * rowHeight;
  let target = scrollTop;
  if (start < scrollTop) target = start;
  // Its bottom below the view: bring it up, but never past its top (a row taller than the view shows its top).
  else if (start + rowHeight > scrollTop + viewHeight)
    target = Math.min(start, start + rowHeight - viewHeight);
  return target === scrollTop ? undefined : target;
}
