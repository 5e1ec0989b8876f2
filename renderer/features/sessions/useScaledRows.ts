// The virtual list of browse mode (issue 27). A browser lays out no element taller than about 33 million pixels,
// and ten million rows of 24 px are 240 million: past MAX_HEIGHT the scroll range is scaled, so the scroll bar
// still spans the whole session and a fling reaches its last row. Rows on screen are placed relative to where the
// scroll position says the view starts; up to MAX_HEIGHT this is the plain one-pixel-a-pixel list. The mapping
// itself is pure (scaledRows.ts), tested at ten million rows without a browser.

import { useCallback, useEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { scaledGeometry, scaledScrollTop, scaledWindow } from './scaledRows';

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
    // The view's height comes from the resize observer, which runs after layout: reading clientHeight in the
    // scroll handler forced a style and layout pass per frame of a fling (bench:ui-open trace).
    let height = element.clientHeight;
    let top = element.scrollTop;
    setView({ top, height });
    const onScroll = () => {
      const next = element.scrollTop;
      if (next === top) return;
      top = next;
      // Rendered in the scroll event, before this frame's layout: left to the scheduler, the rows changed in a
      // task after the frame, and the next scroll event's read forced a second layout.
      flushSync(() => setView({ top, height }));
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    const resized = new ResizeObserver(() => {
      height = element.clientHeight;
      top = element.scrollTop;
      setView({ top, height });
    });
    resized.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      resized.disconnect();
    };
  }, [scroller]);
  const geometry = scaledGeometry(count, rowHeight, view.height);
  const items = scaledWindow({ count, rowHeight, overscan, top: view.top, height: view.height });
  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scroller.current;
      if (!element) return;
      element.scrollTop = scaledScrollTop(index, count, rowHeight, element.clientHeight);
    },
    [count, rowHeight, scroller],
  );
  return { items, totalSize: geometry.height, scrollToIndex };
}
