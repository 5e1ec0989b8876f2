// When a cold start's page first carries data-app-state="ready", noted by the page itself. A script the bench adds to
// the page before any of the app's runs (Playwright's init script, so the page's CSP does not apply) watches the
// document and notes the wall clock once the first frame with the mark in it has been rendered: a task posted from
// that frame's animation callback runs after its style, layout and paint, so work the browser does for the frame
// counts wherever the app lets it happen. Waiting with a locator instead would add Playwright's polling backoff
// (checks 0, 20, 70, 170, 270 ms after the first, then every 500 ms) to the measure at random, and would evaluate
// Playwright's injected script on the page's main thread while the app starts.

import type { CDPSession, Page } from '@playwright/test';

/** The selector the mark is; what "ready" means is the app's (App.tsx), not the bench's. */
export const READY_SELECTOR = '[data-app-state="ready"]';

/** What the watcher needs of the page (bench code is type-checked without the DOM library). */
interface WatchedPage {
  __benchReadyAt?: Promise<number>;
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: { subtree: boolean; childList: boolean; attributes: boolean }): void;
    disconnect(): void;
  };
  document: { querySelector(selector: string): unknown };
  requestAnimationFrame(callback: () => void): number;
  MessageChannel: new () => {
    port1: { onmessage: (() => void) | null };
    port2: { postMessage(message: null): void };
  };
  performance: { timeOrigin: number; now(): number };
}

/**
 * Runs in the page before its own scripts (serialized, so it uses nothing from this module's scope). React builds
 * the first tree apart and inserts it whole, so the watcher looks for the mark on every change to the document
 * rather than for the attribute being set.
 */
export function watchReadyMark(selector: string): void {
  const g = globalThis as unknown as WatchedPage;
  g.__benchReadyAt = new Promise<number>((resolve) => {
    const observer = new g.MutationObserver(() => {
      if (!g.document.querySelector(selector)) return;
      observer.disconnect();
      const afterFrame = new g.MessageChannel();
      afterFrame.port1.onmessage = () => resolve(g.performance.timeOrigin + g.performance.now());
      g.requestAnimationFrame(() => afterFrame.port2.postMessage(null));
    });
    observer.observe(g.document, { subtree: true, childList: true, attributes: true });
  });
}

/** Adds the watcher to every document the page loads from now on. */
export async function installReadyMark(page: Page): Promise<void> {
  await page.addInitScript(watchReadyMark, READY_SELECTOR);
}

/**
 * The wall-clock time (ms since the epoch, the clock both processes share) once the first frame with the mark was
 * rendered, read
 * over the Chrome DevTools Protocol so that no helper script of Playwright's runs in the page; rejects after
 * `timeoutMs`.
 */
export async function readyMarkAt(cdp: CDPSession, timeoutMs: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The page was not ready within ${timeoutMs} ms.`)), timeoutMs);
  });
  try {
    const answer = await Promise.race([
      cdp.send('Runtime.evaluate', {
        expression: 'globalThis.__benchReadyAt',
        awaitPromise: true,
        returnByValue: true,
      }),
      timeout,
    ]);
    const value: unknown = answer.result.value;
    if (typeof value !== 'number') {
      throw new Error(`The page has no ready mark (${answer.exceptionDetails?.text ?? typeof value}).`);
    }
    return value;
  } finally {
    clearTimeout(timer);
  }
}
