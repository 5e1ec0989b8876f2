// @vitest-environment jsdom
// The bootstrap answer the renderer takes from the page (renderer/host/servedBootstrap.ts): a page without one, with
// JSON that does not parse, or with JSON of another shape gives no answer, so the app asks the host instead.

import { describe, expect, it } from 'vitest';
import { readServedBootstrap } from '../../../../renderer/host/servedBootstrap';
import { BOOTSTRAP_META } from '../../../../shared/host/webBridge';

interface ParsedPage {
  querySelector(selector: string): { getAttribute(name: string): string | null } | null;
}
const { DOMParser } = globalThis as unknown as {
  DOMParser: new () => { parseFromString(text: string, type: 'text/html'): ParsedPage };
};

/** A page whose bootstrap meta holds `content` (already escaped), or none when it is undefined. */
function page(content?: string): ParsedPage {
  const meta = content === undefined ? '' : `<meta name="${BOOTSTRAP_META}" content="${content}">`;
  const html = `<!doctype html><html><head>${meta}</head><body></body></html>`;
  return new DOMParser().parseFromString(html, 'text/html');
}

const json = (value: unknown) => JSON.stringify(value).replace(/"/g, '&quot;');
const part = { ok: true, value: [] };

describe('readServedBootstrap', () => {
  it('reads a whole answer, failed lists included', () => {
    const boot = {
      info: { appName: 'Switchboard' },
      library: { ok: true, value: { entries: [] } },
      recentSessions: { ok: false, error: { name: 'Error', message: 'unreadable' } },
      mockAgents: part,
      proxies: part,
    };
    expect(readServedBootstrap(page(json(boot)))).toEqual(boot);
  });

  it.each([
    ['no meta', undefined],
    ['an empty one', ''],
    ['JSON that does not parse', '{"info":'],
    ['an array', json([])],
    [
      'no description of the host',
      json({ library: part, recentSessions: part, mockAgents: part, proxies: part }),
    ],
    ['a list missing', json({ info: {}, library: part, recentSessions: part, mockAgents: part })],
    [
      'a list neither ok nor failed',
      json({ info: {}, library: { value: 1 }, recentSessions: part, mockAgents: part, proxies: part }),
    ],
    [
      'a failure without its error',
      json({ info: {}, library: { ok: false }, recentSessions: part, mockAgents: part, proxies: part }),
    ],
  ])('gives no answer for %s', (_label, content) => {
    expect(readServedBootstrap(page(content))).toBeUndefined();
  });
});
