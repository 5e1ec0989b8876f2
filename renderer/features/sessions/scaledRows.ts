// Where rows sit in the browse list's scroll range (issue 27, useScaledRows.ts): past MAX_HEIGHT one scrolled pixel
// stands for several row pixels, so ten million rows fit a spacer the browser can lay out. Pure, so the mapping is
// tested at ten million rows without a browser.

/** Tallest spacer the list uses: well under the browser's limit on layout sizes (about 33 million pixels). */
export const MAX_HEIGHT = 16_000_000;

export interface ScaledItem {
  index: number;
  /** Offset inside the spacer. */
  start: number;
}

/** The spacer's height, and how many row pixels one scrolled pixel stands for (1 up to MAX_HEIGHT). */
export function scaledGeometry(count: number, rowHeight: number, viewHeight: number) {
  const natural = count * rowHeight;
  if (natural <= MAX_HEIGHT) return { height: natural, scale: 1 };
  const span = Math.max(1, MAX_HEIGHT - viewHeight);
  return { height: MAX_HEIGHT, scale: Math.max(1, natural - viewHeight) / span };
}

/** The rows that cover a view scrolled to `top` (spacer pixels), with `overscan` more at each end. */
export function scaledWindow(options: {
  count: number;
  rowHeight: number;
  overscan: number;
  top: number;
  height: number;
}): ScaledItem[] {
  const { count, rowHeight, overscan, top, height } = options;
  const { scale } = scaledGeometry(count, rowHeight, height);
  // The rows' own offset of the view's top, then the rows that cover the view.
  const rowsTop = top * scale;
  const first = Math.max(0, Math.floor(rowsTop / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((rowsTop + height) / rowHeight) + overscan);
  const items: ScaledItem[] = [];
  for (let index = first; index <= last; index++)
    items.push({ index, start: top + index * rowHeight - rowsTop });
  return items;
}

/** The scroll position (spacer pixels) that puts row `index` in the middle of a view `viewHeight` tall. */
export function scaledScrollTop(index: number, count: number, rowHeight: number, viewHeight: number): number {
  const { scale } = scaledGeometry(count, rowHeight, viewHeight);
  const centred = index * rowHeight - (viewHeight - rowHeight) / 2;
  return Math.max(0, centred / scale);
}
