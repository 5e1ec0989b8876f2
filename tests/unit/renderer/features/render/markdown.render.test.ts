// Markdown rendered to React elements (renderer/features/render/markdownElements.ts), checked as static markup: agent
// HTML comes out escaped, only a fixed set of elements is ever produced, and links are live only for http(s) and
// mailto — opened in a new browsing context, never in the app window.

import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../../../renderer/features/render/markdown';
import {
  renderBlocks,
  type MarkdownRenderOptions,
} from '../../../../../renderer/features/render/markdownElements';

/** Images are the caller's business (click-to-load); here they become a marker that records the request. */
const options: MarkdownRenderOptions = {
  renderImage: (image, key) => createElement('span', { key, 'data-image': image.src }, image.alt),
};

function html(markdown: string): string {
  return renderToStaticMarkup(createElement('div', null, renderBlocks(parseMarkdown(markdown), options)));
}

const ALLOWED_TAGS = new Set([
  'div',
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'code',
  'blockquote',
  'hr',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'em',
  'strong',
  'del',
  'br',
  'a',
  'span',
]);

function tagsOf(markup: string): string[] {
  return [...markup.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)/g)].map((m) => (m[1] ?? '').toLowerCase());
}

/** The markup with `>` unescaped: a renderer may leave it as it is in text, where only `<` and `&` start markup. */
function gtPlain(markup: string): string {
  return markup.replaceAll('&gt;', '>');
}

function hrefsOf(markup: string): string[] {
  return [...markup.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1] ?? '');
}

describe('agent HTML', () => {
  it('is escaped text, never elements', () => {
    const out = html(
      '<script>window.__pwned=1</script>\n\n<img src=x onerror="window.__pwned=1"> <iframe src="javascript:1">',
    );
    expect(gtPlain(out)).toContain('&lt;script>window.__pwned=1&lt;/script>');
    expect(gtPlain(out)).toContain('&lt;img src=x onerror=&quot;window.__pwned=1&quot;>');
    expect(tagsOf(out).every((tag) => ALLOWED_TAGS.has(tag))).toBe(true);
    expect(out).not.toMatch(/<(script|img|iframe)/i);
  });

  it('stays text inside code, headings, tables and link text', () => {
    const out = html(
      '# <b>h</b>\n\n`<b>`\n\n| <i>a</i> |\n|-|\n| <u>b</u> |\n\n[<svg onload=x>](https://ok.example)',
    );
    expect(tagsOf(out).every((tag) => ALLOWED_TAGS.has(tag))).toBe(true);
    expect(gtPlain(out)).toContain('&lt;svg onload=x>');
  });
});

describe('links', () => {
  it('are live for http(s) and mailto, in a new browsing context without opener or referrer', () => {
    const out = html(
      '[docs](https://example.com/docs "Docs") <mailto:me@example.com> http://plain.example/x',
    );
    expect(hrefsOf(out)).toEqual([
      'https://example.com/docs',
      'mailto:me@example.com',
      'http://plain.example/x',
    ]);
    for (const anchor of out.match(/<a [^>]*>/g) ?? []) {
      expect(anchor).toContain('target="_blank"');
      expect(anchor).toContain('rel="noopener noreferrer"');
    }
  });

  it.each([
    ['javascript:window.__pwned=1'],
    ['JaVaScRiPt:window.__pwned=1'],
    ['data:text/html,<script>window.__pwned=1</script>'],
    ['vbscript:msgbox(1)'],
    ['file:///etc/passwd'],
    ['/relative/path'],
    ['https://user:secret@evil.example/'],
    ['https://evil.example/\u202egnp.exe'],
  ])('%s is inert text, with the URL shown beside it', (url) => {
    const out = html(`[click me](${url}) <${url}>`);
    expect(hrefsOf(out)).toEqual([]);
    expect(out).not.toContain('<a ');
    expect(out).toContain('data-testid="md-inert-link"');
    expect(out).toContain('click me');
  });

  it('cuts a very long inert URL', () => {
    const out = html(`[x](data:text/plain,${'a'.repeat(5000)})`);
    expect(out.length).toBeLessThan(1000);
  });
});

describe('images', () => {
  it('are handed to the caller with the URL as written, never rendered as <img> here', () => {
    const out = html('![pixel](https://tracker.example/p.png) ![x](javascript:1)');
    expect(out).toContain('data-image="https://tracker.example/p.png"');
    expect(out).toContain('data-image="javascript:1"');
    expect(out).not.toContain('<img');
  });
});

describe('hostile structure', () => {
  it('renders deep nesting without overflowing the stack', () => {
    expect(() => html(`${'> '.repeat(5000)}x`)).not.toThrow();
    expect(() => html(`${'*a '.repeat(5000)}x${' a*'.repeat(5000)}`)).not.toThrow();
    expect(() => html(`${'[*'.repeat(3000)}x${'*](https://a.example)'.repeat(3000)}`)).not.toThrow();
  });

  it('produces only allowed elements and http(s)/mailto links, whatever the input', () => {
    const token = fc.constantFrom(
      '<script>',
      '</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:1">',
      '<svg onload=1>',
      '[',
      ']',
      '(',
      ')',
      '![',
      '](',
      'javascript:alert(1)',
      'data:text/html,<b>',
      'https://ok.example/',
      'mailto:a@b.example',
      '<',
      '>',
      '*',
      '**',
      '_',
      '~~',
      '`',
      '```',
      '\n',
      '\n\n',
      '# ',
      '> ',
      '- ',
      '1. ',
      '|',
      '|-|',
      '\\',
      ' ',
      'text',
      '"',
      '&amp;',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 60 }), (tokens) => {
        const out = html(tokens.join(''));
        for (const tag of tagsOf(out)) expect(ALLOWED_TAGS).toContain(tag);
        for (const href of hrefsOf(out)) expect(href).toMatch(/^(https?:|mailto:)/);
        // No event-handler attribute on any element (quoted attribute values are text and are skipped).
        for (const tag of out.match(/<[^>]+>/g) ?? []) {
          expect(tag.replace(/"[^"]*"/g, '""')).not.toMatch(/\son[a-z]+=/i);
        }
      }),
      { numRuns: 400 },
    );
  });
});
