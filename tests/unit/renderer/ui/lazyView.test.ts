// The sentence a view loaded on first use (renderer/ui/lazyView.ts) shows when its code cannot load.

import { describe, expect, it } from 'vitest';
import { lazyViewFailure } from '../../../../renderer/ui/lazyView';

// Rendering, the placeholder and the view once loaded, is checked in a real root: lazyViewPreload.test.ts.

describe('lazyView', () => {
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
