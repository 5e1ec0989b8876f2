// The markdown parser (renderer/features/render/markdown.ts): the CommonMark/GFM subset agents use, raw HTML kept as
// text, URLs kept exactly as written (the renderer judges them), and hostile input that stays linear and shallow.

import { describe, expect, it } from 'vitest';
import {
  MAX_BLOCK_NESTING,
  MAX_INLINE_NESTING,
  parseInlines,
  parseMarkdown,
  type Block,
  type Inline,
} from '../../../../../renderer/features/render/markdown';

const text = (value: string): Inline => ({ type: 'text', text: value });

function inlineDepth(nodes: Inline[]): number {
  let deepest = 0;
  for (const node of nodes) {
    if (node.type === 'em' || node.type === 'strong' || node.type === 'del' || node.type === 'link') {
      deepest = Math.max(deepest, 1 + inlineDepth(node.children));
    }
  }
  return deepest;
}

function blockDepth(blocks: Block[]): number {
  let deepest = 0;
  for (const block of blocks) {
    if (block.type === 'quote') deepest = Math.max(deepest, 1 + blockDepth(block.children));
    if (block.type === 'list')
      for (const item of block.items) deepest = Math.max(deepest, 1 + blockDepth(item));
  }
  return deepest;
}

describe('blocks', () => {
  it('reads headings, paragraphs, rules and fenced code', () => {
    expect(
      parseMarkdown('# Title #\n\nfirst line\nsecond line\n\n---\n\n```ts\nconst a = 1;\n```\n'),
    ).toEqual([
      { type: 'heading', level: 1, children: [text('Title')] },
      { type: 'paragraph', children: [text('first line'), { type: 'break' }, text('second line')] },
      { type: 'rule' },
      { type: 'code', lang: 'ts', text: 'const a = 1;' },
    ]);
  });

  it('keeps a heading marker without a space as text, and an unclosed fence runs to the end', () => {
    expect(parseMarkdown('#hashtag')).toEqual([{ type: 'paragraph', children: [text('#hashtag')] }]);
    expect(parseMarkdown('~~~\n<b>x</b>\n')).toEqual([{ type: 'code', text: '<b>x</b>\n' }]);
  });

  it('nests lists and block quotes', () => {
    const blocks = parseMarkdown('- one\n- two\n  - deep\n\n3. three\n4. four\n\n> quoted\n> *text*');
    expect(blocks).toEqual([
      {
        type: 'list',
        ordered: false,
        items: [
          [{ type: 'paragraph', children: [text('one')] }],
          [
            { type: 'paragraph', children: [text('two')] },
            { type: 'list', ordered: false, items: [[{ type: 'paragraph', children: [text('deep')] }]] },
          ],
        ],
      },
      {
        type: 'list',
        ordered: true,
        start: 3,
        items: [
          [{ type: 'paragraph', children: [text('three')] }],
          [{ type: 'paragraph', children: [text('four')] }],
        ],
      },
      {
        type: 'quote',
        children: [
          {
            type: 'paragraph',
            children: [text('quoted'), { type: 'break' }, { type: 'em', children: [text('text')] }],
          },
        ],
      },
    ]);
  });

  it('reads GFM tables with alignment and escaped pipes', () => {
    expect(parseMarkdown('| a | b \\| c | d |\n|:--|:-:|--:|\n| 1 | `x|y` | 3 |')).toEqual([
      {
        type: 'table',
        align: ['left', 'center', 'right'],
        head: [[text('a')], [text('b | c')], [text('d')]],
        rows: [[[text('1')], [{ type: 'code', text: 'x|y' }], [text('3')]]],
      },
    ]);
  });

  it('keeps raw HTML as literal text, in blocks and inline', () => {
    const source = '<script>window.__pwned=1</script>\n\n<img src=x onerror="window.__pwned=1">';
    expect(parseMarkdown(source)).toEqual([
      { type: 'paragraph', children: [text('<script>window.__pwned=1</script>')] },
      { type: 'paragraph', children: [text('<img src=x onerror="window.__pwned=1">')] },
    ]);
  });
});

describe('inlines', () => {
  it('reads emphasis the CommonMark way', () => {
    expect(parseInlines('*foo**bar**baz*')).toEqual([
      {
        type: 'em',
        children: [text('foo'), { type: 'strong', children: [text('bar')] }, text('baz')],
      },
    ]);
    expect(parseInlines('**foo*')).toEqual([text('*'), { type: 'em', children: [text('foo')] }]);
    expect(parseInlines('snake_case_name and 2*3*4')).toEqual([
      text('snake_case_name and 2'),
      { type: 'em', children: [text('3')] },
      text('4'),
    ]);
    expect(parseInlines('~~gone~~ ~~~three~~~')).toEqual([
      { type: 'del', children: [text('gone')] },
      text(' ~~~three~~~'),
    ]);
  });

  it('reads code spans, escapes and autolinks', () => {
    expect(parseInlines('`` a ` b `` \\*not em\\* `open')).toEqual([
      { type: 'code', text: 'a ` b' },
      text(' *not em* `open'),
    ]);
    expect(parseInlines('<https://a.example/x> <me@example.com> <script>')).toEqual([
      { type: 'link', href: 'https://a.example/x', children: [text('https://a.example/x')] },
      text(' '),
      { type: 'link', href: 'mailto:me@example.com', children: [text('me@example.com')] },
      text(' <script>'),
    ]);
  });

  it('reads links and images with titles, keeping every URL as written', () => {
    expect(parseInlines('[a *b*](https://x.example/p_(1) "T") ![alt **text**](img.png)')).toEqual([
      {
        type: 'link',
        href: 'https://x.example/p_(1)',
        title: 'T',
        children: [text('a '), { type: 'em', children: [text('b')] }],
      },
      text(' '),
      { type: 'image', src: 'img.png', alt: 'alt text' },
    ]);
    expect(parseInlines('[x](javascript:alert(1)) [y](<data:text/html,<b>>)')).toEqual([
      { type: 'link', href: 'javascript:alert(1)', children: [text('x')] },
      text(' [y](<data:text/html,<b>>)'),
    ]);
  });

  it('does not put links inside links, and leaves unmatched brackets as text', () => {
    expect(parseInlines('[foo [bar](/in)](/out) [no link] ]')).toEqual([
      text('[foo '),
      { type: 'link', href: '/in', children: [text('bar')] },
      text('](/out) [no link] ]'),
    ]);
  });

  it('links bare http(s) URLs, without trailing punctuation, but not inside code', () => {
    expect(parseInlines('see https://a.example/x_(y)). and `https://b.example`')).toEqual([
      text('see '),
      { type: 'link', href: 'https://a.example/x_(y)', children: [text('https://a.example/x_(y)')] },
      text('). and '),
      { type: 'code', text: 'https://b.example' },
    ]);
  });
});

describe('hostile input', () => {
  it('caps block nesting', () => {
    const quotes = parseMarkdown(`${'>'.repeat(200)} deep`);
    expect(blockDepth(quotes)).toBeLessThanOrEqual(MAX_BLOCK_NESTING + 1);
    const list = parseMarkdown(
      Array.from({ length: 100 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n'),
    );
    expect(blockDepth(list)).toBeLessThanOrEqual(MAX_BLOCK_NESTING + 1);
  });

  it('caps inline nesting and keeps the text', () => {
    const nested = parseInlines(`${'*a '.repeat(500)}core${' a*'.repeat(500)}`);
    expect(inlineDepth(nested)).toBeLessThanOrEqual(MAX_INLINE_NESTING);
    expect(JSON.stringify(nested)).toContain('core');
    const links = parseInlines(`${'[*'.repeat(300)}x${'*](u)'.repeat(300)}`);
    expect(inlineDepth(links)).toBeLessThanOrEqual(MAX_INLINE_NESTING);
  });

  it('parses long runs of delimiters, brackets and backticks (linear algorithms; a quadratic one would time out)', () => {
    const big = 150_000;
    for (const source of [
      '*'.repeat(big),
      '*a'.repeat(big / 2),
      '_a '.repeat(big / 3),
      '['.repeat(big),
      '[a]('.repeat(big / 4),
      '`'.repeat(big),
      Array.from({ length: 500 }, (_, i) => '`'.repeat(i + 1)).join(' '),
      `#${' '.repeat(big)}x`,
      `\`\`\`${' '.repeat(big)}x`,
      `|a|\n|${'-'.repeat(big)}${' '.repeat(big)}x`,
      `<${'a'.repeat(big)}`,
      `https://${'a'.repeat(big)}`,
    ]) {
      expect(() => parseMarkdown(source)).not.toThrow();
    }
  });
});
