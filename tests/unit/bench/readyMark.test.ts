// @vitest-environment jsdom
// bench:start's ready mark (bench/support/readyMark.ts), run in jsdom's document as Chromium runs the init script:
// it settles only once the document carries data-app-state="ready", whether the attribute is set on an element
// already in place or arrives inside a tree inserted whole (as React's first commit does), and on the wall clock.

import { describe, expect, it } from 'vitest';
import { READY_SELECTOR, watchReadyMark } from '../../../bench/support/readyMark';

// jsdom's globals in this environment (the tests' tsconfig has no DOM types).
interface TestElement {
  setAttribute(name: string, value: string): void;
  appendChild(child: TestElement): TestElement;
  remove(): void;
}
interface TestPage {
  __benchReadyAt?: Promise<number>;
  document: { body: TestElement; createElement(tag: string): TestElement };
}

const page = globalThis as unknown as TestPage;

/** Whether `promise` has settled by the time the microtasks queued so far have run. */
async function settled(promise: Promise<number>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('watchReadyMark', () => {
  it('waits through other states and settles when the root says ready', async () => {
    watchReadyMark(READY_SELECTOR);
    const mark = page.__benchReadyAt!;
    const root = page.document.createElement('div');
    root.setAttribute('data-app-state', 'booting');
    page.document.body.appendChild(root);
    expect(await settled(mark)).toBe(false);
    const before = Date.now();
    root.setAttribute('data-app-state', 'ready');
    const at = await mark;
    expect(at).toBeGreaterThanOrEqual(before - 1);
    expect(at).toBeLessThanOrEqual(Date.now() + 1);
    root.remove();
  });

  it('settles when a tree that already carries the mark is inserted whole', async () => {
    watchReadyMark(READY_SELECTOR);
    const mark = page.__benchReadyAt!;
    const shell = page.document.createElement('div');
    const root = page.document.createElement('div');
    root.setAttribute('data-app-state', 'ready');
    shell.appendChild(root);
    expect(await settled(mark)).toBe(false);
    page.document.body.appendChild(shell);
    await expect(mark).resolves.toEqual(expect.any(Number));
    shell.remove();
  });

  it('does not take an error state for ready', async () => {
    watchReadyMark(READY_SELECTOR);
    const mark = page.__benchReadyAt!;
    const root = page.document.createElement('div');
    root.setAttribute('data-app-state', 'error');
    page.document.body.appendChild(root);
    expect(await settled(mark)).toBe(false);
    root.remove();
  });
});
