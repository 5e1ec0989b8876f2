// @vitest-environment jsdom
// `preload()` of a lazily loaded view (renderer/ui/lazyView.ts), rendered in a real root of the app's runtime (jsdom):
// the import starts once however often it is asked for, a view whose code is already here renders in the same commit
// (no Suspense placeholder and no second render: bench:ui-open measured an opened session's first rows waiting
// behind one), and a view whose code cannot load says so in words.

import { act } from 'preact/test-utils';
import { createElement, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyView, lazyViewFailure } from '../../../../renderer/ui/lazyView';

// jsdom's document, typed here because the tests' tsconfig has no DOM library.
interface TestElement {
  innerHTML: string;
  querySelector(selector: string): TestElement | null;
  textContent: string | null;
  childElementCount: number;
}
interface MutationRecordLike {
  addedNodes: ArrayLike<{ nodeType: number; matches?(selector: string): boolean }>;
}
const page = globalThis as unknown as {
  document: { createElement(tag: string): TestElement; body: { appendChild(node: TestElement): void } };
  MutationObserver: new (callback: (records: MutationRecordLike[]) => void) => {
    observe(target: TestElement, options: { childList: boolean; subtree: boolean }): void;
    takeRecords(): MutationRecordLike[];
    disconnect(): void;
  };
};

/** Whether the container holds the placeholder alone: an empty block of the view's class, marked busy. */
function holdsPlaceholder(container: TestElement): boolean {
  return (
    container.childElementCount === 1 &&
    container.querySelector(':scope > div.lazy-view[aria-busy="true"]') !== null &&
    container.textContent === ''
  );
}

function Greeting({ name }: { name: string }) {
  return createElement('p', { 'data-testid': 'greeting' }, `Hello, ${name}`);
}

/** A loader that counts its calls and settles when the test says. */
function deferredLoader() {
  const calls = { count: 0 };
  let settle: { resolve(c: ComponentType<{ name: string }>): void; reject(e: Error): void } | undefined;
  const promise = new Promise<ComponentType<{ name: string }>>(
    (resolve, reject) => (settle = { resolve, reject }),
  );
  return {
    calls,
    load: () => {
      calls.count++;
      return promise;
    },
    resolve: (component: ComponentType<{ name: string }>) => settle!.resolve(component),
    reject: (error: Error) => settle!.reject(error),
  };
}

/** Lets the loader's promise settle and the runtime render what follows from it. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

let mounted: { root: Root; container: TestElement } | undefined;

/** Renders into a fresh container, noting whether the placeholder was ever put in the page. */
function mount(element: ReturnType<typeof createElement>) {
  const container = page.document.createElement('div');
  page.document.body.appendChild(container);
  const seen = { placeholder: false };
  const note = (records: MutationRecordLike[]) => {
    for (const record of records)
      for (const node of Array.from(record.addedNodes))
        if (node.nodeType === 1 && node.matches?.('.lazy-view')) seen.placeholder = true;
  };
  const observer = new page.MutationObserver(note);
  observer.observe(container, { childList: true, subtree: true });
  const root = createRoot(container as never);
  mounted = { root, container };
  act(() => root.render(element));
  // Records not yet handed to the callback (it runs as a microtask) are taken here.
  const stop = () => {
    note(observer.takeRecords());
    observer.disconnect();
  };
  return { container, seen, stop };
}

afterEach(() => {
  if (mounted) act(() => mounted!.root.unmount());
  mounted = undefined;
  vi.restoreAllMocks();
});

describe('lazyView', () => {
  it('shows the placeholder until the view has loaded, then the view with its props', async () => {
    const loader = deferredLoader();
    const View = lazyView('greeting', loader.load);
    expect(loader.calls.count).toBe(0);
    const { container, stop } = mount(createElement(View, { name: 'Ada' }));
    stop();
    expect(holdsPlaceholder(container)).toBe(true);
    expect(loader.calls.count).toBe(1);
    loader.resolve(Greeting);
    await settle();
    expect(container.innerHTML).toBe('<p data-testid="greeting">Hello, Ada</p>');
    expect(loader.calls.count).toBe(1);
  });
});

describe('lazyView.preload', () => {
  it('starts the import once, however often it is asked for and rendered', async () => {
    const loader = deferredLoader();
    const View = lazyView('greeting', loader.load);
    const first = View.preload();
    const second = View.preload();
    expect(loader.calls.count).toBe(1);
    loader.resolve(Greeting);
    await Promise.all([first, second]);
    await View.preload();
    mount(createElement(View, { name: 'Ada' }));
    expect(loader.calls.count).toBe(1);
  });

  it('renders a preloaded view in the first commit, with no placeholder in between', async () => {
    const loader = deferredLoader();
    const View = lazyView('greeting', loader.load);
    loader.resolve(Greeting);
    await View.preload();
    const { container, seen, stop } = mount(createElement(View, { name: 'Ada' }));
    // The first synchronous commit already holds the view: no Suspense fallback showed, so no reveal waits.
    expect(container.innerHTML).toBe('<p data-testid="greeting">Hello, Ada</p>');
    stop();
    expect(seen.placeholder).toBe(false);
  });

  it('shows the placeholder first when the code was not preloaded (what preloading spares)', async () => {
    const loader = deferredLoader();
    const View = lazyView('greeting', loader.load);
    const { container, seen, stop } = mount(createElement(View, { name: 'Ada' }));
    expect(holdsPlaceholder(container)).toBe(true);
    stop();
    expect(seen.placeholder).toBe(true);
    expect(loader.calls.count).toBe(1);
  });

  it('rejects with the loader error, and the view then says in words that it could not be loaded', async () => {
    // The runtime may report an error its boundary caught on the console; the sentence on the page is what is checked.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const loader = deferredLoader();
    const View = lazyView('session browser', loader.load);
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const preloaded = View.preload();
    loader.reject(failure);
    await expect(preloaded).rejects.toBe(failure);
    const { container } = mount(createElement(View, { name: 'Ada' }));
    // lazy() learns of the rejection a few microtasks after it first asks, and the boundary then renders again.
    await settle();
    const alert = container.querySelector('[data-testid="lazy-view-error"]');
    expect(alert?.textContent).toBe(lazyViewFailure('session browser', failure));
    expect(alert?.textContent).toBe(
      'The session browser could not be loaded (Failed to fetch dynamically imported module). Reload the window to try again.',
    );
    expect(loader.calls.count).toBe(1);
  });
});
