// A virtual list of equal-height rows (fixedRows.ts): the rows in view from the scroller's position and size, read
// on scroll and on resize, with the parts of @tanstack/react-virtual's interface the timeline used (total size,
// visible items, scroll to an index), so a list of hundreds of thousands of rows costs per update what it shows.

import { useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { rowsInView, scrollTopToShow, type RowSlot } from './fixedRows';

export interface FixedRows {
  /** Give this to the scrolling element. */
  scrollerRef: (element: HTMLElement | null) => void;
  totalSize: number;
  rows: RowSlot[];
  scrollToIndex(index: number): void;
}

export function useFixedRows(count: number, rowHeight: number, overscan: number): FixedRows {
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [view, setView] = useState({ top: 0, height: 0 });
  useLayoutEffect(() => {
    if (!scroller) return;
    const read = () =>
      setView((current) =>
        current.top === scroller.scrollTop && current.height === scroller.clientHeight
          ? current
          : { top: scroller.scrollTop, height: scroller.clientHeight },
      );
    read();
    scroller.addEventListener('scroll', read, { passive: true });
    const observer = new ResizeObserver(read);
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', read);
      observer.disconnect();
    };
  }, [scroller]);
  const rows = useMemo(
    () => rowsInView(count, rowHeight, view.top, view.height, overscan),
    [count, rowHeight, view, overscan],
  );
  const scrollToIndex = useCallback(
    (index: number) => {
      if (!scroller) return;
      const top = scrollTopToShow(index, rowHeight, scroller.scrollTop, scroller.clientHeight);
      if (top !== undefined) scroller.scrollTop = top;
    },
    [scroller, rowHeight],
  );
  return { scrollerRef: setScroller, totalSize: count * rowHeight, rows, scrollToIndex };
}
