// Views that are not on the first screen (the other main tabs, the inspector, the session browser) load on first use:
// `lazyView` wraps a loader in React.lazy with its own Suspense boundary, so a feature's index.ts can export the
// wrapper under the view's name and nothing that renders it changes. While the chunk loads, an empty block of the
// same class holds the place; a chunk that cannot load is said in words instead of unmounting the app.

import {
  Component,
  createElement,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';

/** The sentence shown when a view's code could not be loaded. */
export function lazyViewFailure(view: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `The ${view} could not be loaded (${reason}). Reload the window to try again.`;
}

class LazyViewBoundary extends Component<{ view: string; children?: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error: error ?? new Error('unknown error') };
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children;
    return createElement(
      'p',
      { className: 'lazy-view-error warning', role: 'alert', 'data-testid': 'lazy-view-error' },
      lazyViewFailure(this.props.view, this.state.error),
    );
  }
}

/** A lazily loaded view, and a way to start loading its code before it is first rendered. */
export type LazyView<P extends object> = ComponentType<P> & {
  /** Starts loading the view's code (once); it then renders at once, with no Suspense fallback in between. */
  preload(): Promise<void>;
};

/**
 * A component that renders the one `load` resolves to, loading it on first render. `view` names it in the error
 * sentence ("conversation view").
 */
export function lazyView<P extends object>(view: string, load: () => Promise<ComponentType<P>>): LazyView<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let ready: ComponentType<P> | undefined;
  const loadOnce = () =>
    (loading ??= load().then((component) => {
      ready = component;
      return component;
    }));
  const Lazy = lazy(async () => ({ default: await loadOnce() }));
  const Loaded = Lazy as unknown as ComponentType<P>;
  // Plain createElement, not JSX, so that the unit tests (type-checked without JSX) can import this module.
  function LazyView(props: P) {
    // Code already loaded (preloaded, or rendered before) is rendered directly: a lazy component would suspend for
    // a microtask, putting the placeholder in the page and the view a render later (under React, which held a
    // boundary's reveal back after a fallback, bench:ui-open measured 270 ms of an opened session's first rows
    // there). Chosen once per mount, so the tree keeps its shape.
    const [Direct] = useState(() => ready);
    const placeholder = createElement('div', { className: 'lazy-view', 'aria-busy': true });
    return createElement(
      LazyViewBoundary,
      { view },
      createElement(Suspense, { fallback: placeholder }, createElement(Direct ?? Loaded, props)),
    );
  }
  return Object.assign(LazyView, {
    preload: () => loadOnce().then(() => undefined),
  });
}
