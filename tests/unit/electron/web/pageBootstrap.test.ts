// @vitest-environment jsdom
// The bootstrap answer written into the browser edition's page (electron/web/pageBootstrap.ts) and read back by the
// renderer (renderer/host/servedBootstrap.ts) through a real HTML parser (jsdom's): for any answer, agent-chosen names
// with quotes, angle brackets and ampersands included, the page hands back exactly what the HTTP API's JSON would,
// and nothing in it can end the attribute and start markup of its own.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bootstrapMeta, escapeAttribute } from '../../../../electron/web/pageBootstrap';
import { readServedBootstrap } from '../../../../renderer/host/servedBootstrap';
import type { HostBootstrap } from '../../../../shared/host/bootstrap';
import { BROWSER_HOST_INFO } from '../../support/hostInfo';

// jsdom's parser (this file runs in the jsdom environment; the tests' tsconfig has no DOM types).
interface ParsedPage {
  querySelector(selector: string): { getAttribute(name: string): string | null } | null;
  querySelectorAll(selector: string): ArrayLike<unknown>;
}
const { DOMParser } = globalThis as unknown as {
  DOMParser: new () => { parseFromString(text: string, type: 'text/html'): ParsedPage };
};

const parsePage = (head: string) =>
  new DOMParser().parseFromString(
    `<!doctype html><html><head>${head}</head><body></body></html>`,
    'text/html',
  );

const info: HostBootstrap['info'] = BROWSER_HOST_INFO;

/** A bootstrap whose library entries carry the given names and URLs, the agent-chosen text a page can hold. */
function withAgents(names: string[]): HostBootstrap {
  return {
    info,
    library: {
      ok: true,
      value: { entries: names.map((name, i) => ({ url: `http://127.0.0.1:${i}/`, name })) },
    },
    recentSessions: { ok: false, error: { name: 'Error', message: names.join('"') } },
    mockAgents: { ok: true, value: [] },
    proxies: { ok: true, value: [] },
  };
}

describe('escapeAttribute', () => {
  it('hands any text without CR or NUL (JSON has neither) back through the parser', () => {
    const text = fc.string({ unit: 'grapheme' }).filter((s) => !/[\r\0]/.test(s));
    fc.assert(
      fc.property(text, (value) => {
        const meta = parsePage(`<meta name="x" content="${escapeAttribute(value)}">`).querySelector('meta');
        expect(meta?.getAttribute('content')).toBe(value);
      }),
    );
  });
});

describe('bootstrapMeta read by readServedBootstrap', () => {
  it('gives back what the HTTP API would answer, for any names', () => {
    const names = fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 4 });
    fc.assert(
      fc.property(names, (list) => {
        const boot = withAgents(list);
        const page = parsePage(bootstrapMeta(boot));
        expect(readServedBootstrap(page)).toEqual(JSON.parse(JSON.stringify(boot)));
      }),
    );
  });

  it('keeps markup in a name as text: one meta, no element of its own', () => {
    const boot = withAgents([
      '"><script src="https://evil.example/x.js"></script><meta name="x',
      "'&amp;<b>",
    ]);
    const page = parsePage(bootstrapMeta(boot));
    expect(page.querySelectorAll('script')).toHaveLength(0);
    expect(page.querySelectorAll('b')).toHaveLength(0);
    expect(page.querySelectorAll('meta')).toHaveLength(1);
    expect(readServedBootstrap(page)?.library).toEqual(boot.library);
  });
});
