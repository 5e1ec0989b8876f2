// The virtual list of browse mode (issue 27). A browser lays out no element taller than about 33 million pixels,
// and ten million rows of 24 px are 240 million: past MAX_HEIGHT the scroll range is scaled, so the scroll bar
// still spans the whole session and a fling reaches its last row. Rows on screen are placed relative to where the
// scroll position says the view starts; up to MAX_HEIGHT this is the plain one-pixel-a-pixel list.

import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Tallest spacer the list uses: well under the browser's limit on layout sizes. */
export const MAX_HEIGHT = 16_000_000;

export interface ScaledItem {
  index: number;
  /** Offset inside the spacer. */
  start: number;
}

export function useScaledRows(options: {
  count: number;
  rowHeight: number;
  overscan: number;
  scroller: RefObject<HTMLElement | null>;
}) {
  const { count, rowHeight, overscan, scroller } = options;
  const [view, setView] = useState({ top: 0, height: 0 });
  useEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const update = () => setView({ top: element.scrollTop, height: element.clientHeight });
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      resized.disconnect();
    };
  }, [scroller]);
  const geometry = scaledGeometry(count, rowHeight, view.height);
  // The rows' own offset of the view's top, then the rows that cover the view.
  const rowsTop = view.top * geometry.scale;
  const first = Math.max(0, Math.floor(rowsTop / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((rowsTop + view.height) / rowHeight) + overscan);
  const items: ScaledItem[] = [];
  for (let index = first; index <= last; index++)
    items.push({ index, start: view.top + index * rowHeight - rowsTop });
  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scroller.current;
      if (!element) return;
      const { scale } = scaledGeometry(count, rowHeight, element.clientHeight);
      const centred = index * rowHeight - (element.clientHeight - rowHeight) / 2;
      element.scrollTop = Math.max(0, centred / scale);
    },
    [count, rowHeight, scroller],
  );
  return { items, totalSize: geometry.height, scrollToIndex };
}

/** The spacer's height, and how many row pixels one scrolled pixel stands for (1 up to MAX_HEIGHT). */
export function scaledGeometry(count: number, rowHeight: number, viewHeight: number) {
  const natural = count * rowHeight;
  if (natural <= MAX_HEIGHT) return { height: natural, scale: 1 };
  const span = Math.max(1, MAX_HEIGHT - viewHeight);
  return { height: MAX_HEIGHT, scale: Math.max(1, natural - viewHeight) / span };
}
