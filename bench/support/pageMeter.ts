// What the UI benchmarks measure inside the page: the interval between animation frames (requestAnimationFrame)
// and long tasks (PerformanceObserver 'longtask', tasks over 50 ms), from `start` until `stop`, plus the JS heap
// (performance.memory, precise with --enable-precise-memory-info).

import type { Page } from '@playwright/test';
import { percentile } from './report';

export interface PageMeasure {
  /** Milliseconds between consecutive animation frames. */
  frameIntervals: number[];
  /** Durations of long tasks, in milliseconds. */
  longTasks: number[];
  usedHeapBytes: number;
}

interface Meter {
  intervals: number[];
  longTasks: number[];
  running: boolean;
  observer?: { disconnect(): void };
}

/** The page's globals these functions use (bench code is type-checked without the DOM library). */
interface PageGlobals {
  __benchMeter: Meter;
  requestAnimationFrame(callback: (now: number) => void): number;
  PerformanceObserver: new (callback: (list: { getEntries(): Array<{ duration: number }> }) => void) => {
    observe(options: { type: string; buffered: boolean }): void;
    disconnect(): void;
  };
  performance: { memory?: { usedJSHeapSize: number } };
  gc?: () => void;
}

export async function startMeter(page: Page): Promise<void> {
  await page.evaluate(() => {
    const page = globalThis as unknown as PageGlobals;
    const meter: Meter = { intervals: [], longTasks: [], running: true };
    page.__benchMeter = meter;
    let last = 0;
    const tick = (now: number) => {
      if (!meter.running) return;
      if (last) meter.intervals.push(now - last);
      last = now;
      page.requestAnimationFrame(tick);
    };
    page.requestAnimationFrame(tick);
    const observer = new page.PerformanceObserver((list) => {
      for (const entry of list.getEntries()) meter.longTasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask', buffered: false });
    meter.observer = observer;
  });
}

export async function stopMeter(page: Page): Promise<PageMeasure> {
  return page.evaluate(() => {
    const page = globalThis as unknown as PageGlobals;
    const meter = page.__benchMeter;
    meter.running = false;
    meter.observer?.disconnect();
    const memory = page.performance.memory;
    return {
      frameIntervals: meter.intervals,
      longTasks: meter.longTasks,
      usedHeapBytes: memory?.usedJSHeapSize ?? Number.NaN,
    };
  });
}

/** Forces a full collection in the page (needs --js-flags=--expose-gc), so heap figures are what is retained. */
export async function collectGarbage(page: Page): Promise<number> {
  return page.evaluate(() => {
    const page = globalThis as unknown as PageGlobals;
    page.gc?.();
    const memory = page.performance.memory;
    return memory?.usedJSHeapSize ?? Number.NaN;
  });
}

export function summarizeFrames(measure: PageMeasure): {
  p50: number;
  p95: number;
  p99: number;
  max: number;
} {
  const values = measure.frameIntervals;
  return {
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: values.length ? Math.max(...values) : Number.NaN,
  };
}
