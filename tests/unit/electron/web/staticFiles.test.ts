// The browser edition's static files (electron/web/staticFiles.ts): how long a browser may keep each, and where the
// page is cut so that its head, with the token, goes out before the host's bootstrap answer.

import { describe, expect, it } from 'vitest';
import { cacheControlFor, splitPage } from '../../../../electron/web/staticFiles';

describe('cacheControlFor', () => {
  it.each([
    '/assets/index-_q9t1DW_.js',
    '/assets/index-DDEuasnh.css',
    '/assets/editor.worker-CX7Cj20z.js',
    '/assets/codicon-DF1abBS2.ttf',
  ])('keeps the hashed build file %s for good', (urlPath) => {
    expect(cacheControlFor(urlPath)).toBe('max-age=31536000, immutable');
  });

  it.each([
    '/favicon.png',
    '/assets/index.js',
    '/assets/a-b.js',
    '/assets/x/index-_q9t1DW_.js',
    '/index-_q9t1DW_.js',
  ])('asks again for %s, whose name does not change with its content', (urlPath) => {
    expect(cacheControlFor(urlPath)).toBe('no-cache');
  });
});

describe('splitPage', () => {
  it('ends the first part with the token, just before the head closes', () => {
    const html = '<html><head><script type="module" src="./a.js"></script></head><body></body></html>';
    const { head, rest } = splitPage(html, 'T0k');
    expect(head).toBe(
      '<html><head><script type="module" src="./a.js"></script><meta name="switchboard-token" content="T0k">',
    );
    expect(rest).toBe('</head><body></body></html>');
  });

  it('puts the token first in a page without a head', () => {
    expect(splitPage('<title>t</title>', 'T0k')).toEqual({
      head: '<meta name="switchboard-token" content="T0k">',
      rest: '<title>t</title>',
    });
  });
});
