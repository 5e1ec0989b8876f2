// The renderer's Content-Security-Policy, directive by directive (SEC-1, SEC-3). Both editions send this one string
// (the app scheme in electronMain.test.ts, the browser edition in webServer.security.test.ts); here each directive is
// pinned, so widening one — an http(s) image source, a frame source, inline script — fails a test that says why.

import { describe, expect, it } from 'vitest';
import { RENDERER_CSP, RENDERER_SECURITY_HEADERS } from '../../../../electron/shell/csp';

function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

describe('RENDERER_CSP', () => {
  const csp = directives(RENDERER_CSP);

  it('has exactly these directives', () => {
    expect(Object.fromEntries(csp)).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'media-src': ["'self'", 'blob:'],
      'font-src': ["'self'", 'data:'],
      'worker-src': ["'self'", 'blob:'],
      'connect-src': ["'self'"],
      'frame-src': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
  });

  it('lets agent content reach no other origin: remote images are fetched by the host, as blob: URLs', () => {
    for (const [name, sources] of csp) {
      for (const source of sources) {
        expect(source, `${name} ${source}`).not.toMatch(/^(https?:|\*|ws:|wss:)/);
        expect(source, `${name} ${source}`).not.toContain('://');
      }
    }
  });

  it('frames nothing by URL: the sandboxed previews are srcdoc documents, which frame-src does not govern', () => {
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('child-src')).toBeUndefined();
  });

  it('never allows eval or inline script', () => {
    expect(RENDERER_CSP).not.toContain('unsafe-eval');
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });

  it('is the policy in the headers both editions send', () => {
    expect(RENDERER_SECURITY_HEADERS['Content-Security-Policy']).toBe(RENDERER_CSP);
  });
});
