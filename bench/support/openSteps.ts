// The steps bench:ui-open takes in the browser edition (issue 27): open a session file the way the desktop shell
// hands one over and time its first rows, wait for its index, fling the list end to end, search it through the
// search bar; and, outside the window, the floor (reading the file's bytes and nothing else) and the host's own
// share of an open (the open call and the index scan, timed on a host of its own).

import { open, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createHost } from '../../electron/host/createHost';
import type { BrowserApp } from './browserApp';
import { collectGarbage, startMeter, stopMeter, summarizeFrames } from './pageMeter';

/** Animation frames the fling from top to bottom takes (about ten seconds at 60 Hz). */
export const FLING_FRAMES = 600;
const READY = '[data-testid="session-browser"][data-ready="true"]';
const INDEXED = '[data-testid="session-browser"][data-indexed="true"]';

/** What the page's clock needs (bench code is type-checked without the DOM library). */
interface PageClock {
  __readyAt?: number;
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: { subtree: boolean; childList: boolean; attributes: boolean }): void;
    disconnect(): void;
  };
  document: { body: unknown; querySelector(selector: string): unknown };
  requestAnimationFrame(callback: () => void): number;
  performance: { timeOrigin: number; now(): number };
}

const wallNow = () => performance.timeOrigin + performance.now();

/** Opens `file` in the app's window and answers the ms until its first rows were on screen. */
export async function timeOpen(app: BrowserApp, file: string): Promise<number> {
  const { page, host } = app;
  // The page notes when the first rows are on screen (the frame after they went in), on the wall clock that both
  // processes share: waiting with a locator alone would add its polling interval, up to half a second, at random.
  await page.evaluate((selector) => {
    const g = globalThis as unknown as PageClock;
    const observer = new g.MutationObserver(() => {
      if (g.__readyAt !== undefined || !g.document.querySelector(selector)) return;
      observer.disconnect();
      g.requestAnimationFrame(() => (g.__readyAt = g.performance.timeOrigin + g.performance.now()));
    });
    observer.observe(g.document.body, { subtree: true, childList: true, attributes: true });
  }, READY);
  const started = wallNow();
  host.announceOpen(file);
  const readyAt = await page.waitForFunction(
    () => (globalThis as unknown as PageClock).__readyAt,
    undefined,
    {
      timeout: 120_000,
    },
  );
  return ((await readyAt.jsonValue()) as number) - started;
}

/** Waits until the window says the whole file is indexed; answers the ms from `since` (wall clock). */
export async function waitIndexed(page: Page, since: number): Promise<number> {
  await page.locator(INDEXED).waitFor({ timeout: 30 * 60_000 });
  return wallNow() - since;
}

export interface Fling {
  p50: number;
  p95: number;
  max: number;
  longTasks: number;
  longest: number;
  reachedEnd: boolean;
  heapAfter: number;
}

/** Flings the list from the first row to the last in FLING_FRAMES frames; the last row must then show. */
export async function fling(page: Page, lastIndex: number): Promise<Fling> {
  await startMeter(page);
  const reachedEnd = await page.evaluate(async (frames) => {
    const g = globalThis as unknown as {
      document: {
        querySelector(s: string): { scrollTop: number; scrollHeight: number; clientHeight: number } | null;
      };
      requestAnimationFrame(cb: () => void): number;
    };
    const scroller = g.document.querySelector('[data-testid="browse-scroller"]');
    if (!scroller) return false;
    const nextFrame = () => new Promise<void>((resolve) => g.requestAnimationFrame(() => resolve()));
    const end = scroller.scrollHeight - scroller.clientHeight;
    for (let i = 1; i <= frames; i++) {
      scroller.scrollTop = Math.round((end * i) / frames);
      await nextFrame();
    }
    return Math.abs(scroller.scrollTop - end) <= 1;
  }, FLING_FRAMES);
  const lastShown = await page
    .locator(`[data-testid="browse-row"][data-index="${lastIndex}"]`)
    .waitFor({ timeout: 60_000 })
    .then(() => true)
    .catch(() => false);
  const measure = await stopMeter(page);
  const frames = summarizeFrames(measure);
  return {
    p50: frames.p50,
    p95: frames.p95,
    max: frames.max,
    longTasks: measure.longTasks.length,
    longest: measure.longTasks.length ? Math.max(...measure.longTasks) : 0,
    reachedEnd: reachedEnd && lastShown,
    heapAfter: await collectGarbage(page),
  };
}

export interface Searched {
  firstHitMs: number;
  doneMs: number;
  status: string;
}

/** Searches the session through the window's search bar; answers when the status names the hits and it is done. */
export async function searchInWindow(page: Page, text: string, expectedHits: number): Promise<Searched> {
  await page.getByTestId('browse-search').fill(text);
  const started = wallNow();
  await page.getByTestId('browse-search-go').click();
  const status = page.getByTestId('browse-search-status');
  await status.filter({ hasText: / of / }).waitFor({ timeout: 30 * 60_000 });
  const firstHitMs = wallNow() - started;
  await page.getByTestId('browse-search-progress').waitFor({ state: 'hidden', timeout: 30 * 60_000 });
  const doneMs = wallNow() - started;
  const text2 = (await status.textContent()) ?? '';
  return {
    firstHitMs,
    doneMs,
    status: text2.includes(`of ${expectedHits}`) ? text2 : `unexpected: ${text2}`,
  };
}

/** The floor: the file's bytes read in 1 MiB pieces and nothing else done with them. */
export async function readFloorMs(file: string): Promise<number> {
  const started = performance.now();
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(1 << 20);
    for (let at = 0; ;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return performance.now() - started;
}

/** The host's share of a cold open, on a host of its own: the open call, then the index scan to its end. */
export async function hostOpen(file: string): Promise<{ openMs: number; indexMs: number }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-bench-host-'));
  const host = createHost({ edition: 'test', appVersion: 'bench', dataDir });
  try {
    const started = performance.now();
    let resolveDone: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (resolveDone = resolve));
    host.onEvent((event) => {
      if (event.type === 'session-index' && event.progress.done) resolveDone();
    });
    const summary = await host.openSession({ path: file });
    const openMs = performance.now() - started;
    if (summary.indexing) await done;
    const indexMs = performance.now() - started;
    await host.closeSession({ sessionId: summary.sessionId });
    return { openMs, indexMs };
  } finally {
    await host.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
