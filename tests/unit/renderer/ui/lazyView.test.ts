// Views loaded on first use (renderer/ui/lazyView.ts): a stable placeholder while the code loads, the view itself
// once it has, and a plain sentence when it cannot load.

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyView, lazyViewFailure } from '../../../../renderer/ui/lazyView';

function Greeting({ name }: { name: string }) {
  return createElement('p', { 'data-testid': 'greeting' }, `Hello, ${name}`);
}

describe('lazyView', () => {
  it('shows the placeholder until the view has loaded, then the view with its props', async () => {
    let loads = 0;
    let resolve: (component: typeof Greeting) => void = () => undefined;
    const loaded = new Promise<typeof Greeting>((r) => (resolve = r));
    const View = lazyView('greeting', () => {
      loads++;
      return loaded;
    });
    expect(loads).toBe(0);
    expect(renderToStaticMarkup(createElement(View, { name: 'Ada' }))).toBe(
      '<div class="lazy-view" aria-busy="true"></div>',
    );
    expect(loads).toBe(1);
    resolve(Greeting);
    await loaded;
    // React.lazy settles its payload one microtask after the loader's promise.
    await Promise.resolve();
    expect(renderToStaticMarkup(createElement(View, { name: 'Ada' }))).toBe(
      '<p data-testid="greeting">Hello, Ada</p>',
    );
    expect(loads).toBe(1);
  });

  it('names the view and the reason when its code cannot be loaded', () => {
    expect(
      lazyViewFailure('conversation view', new TypeError('Failed to fetch dynamically imported module')),
    ).toBe(
      'The conversation view could not be loaded (Failed to fetch dynamically imported module). ' +
        'Reload the window to try again.',
    );
    expect(lazyViewFailure('timeline', 'offline')).toBe(
      'The timeline could not be loaded (offline). Reload the window to try again.',
    );
  });
});
