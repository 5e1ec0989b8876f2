// The markdown tree → React elements (TL-4, SEC-3). Only a fixed set of elements is created and every piece of agent
// text becomes a text node, so nothing here can produce markup. Links become live only when checkLinkUrl accepts
// them, and always open outside the app window: `target="_blank"` is denied by the desktop shell's window-open
// handler, which offers the URL to the system browser after asking (SEC-1); the browser edition opens a new tab.
// Images are handed to `renderImage`, which decides when (on click) and how a remote image loads.
// Written with createElement rather than JSX so that unit tests can render it without a DOM or a JSX build.

import { createElement as h, Fragment, type ReactNode } from 'react';
import type { Block, Inline } from './markdown';
import { checkLinkUrl, shortenUrl } from './safeUrl';

export interface ImageRequest {
  src: string;
  alt: string;
  title?: string;
}

export interface MarkdownRenderOptions {
  renderImage(image: ImageRequest, key: string): ReactNode;
}

/** Deeper trees (only hostile input nests this far) are shown as their text. */
export const MAX_RENDER_DEPTH = 48;

export function renderBlocks(blocks: Block[], options: MarkdownRenderOptions, depth = 0): ReactNode[] {
  return blocks.map((block, i) => renderBlock(block, options, depth, String(i)));
}

function renderBlock(block: Block, options: MarkdownRenderOptions, depth: number, key: string): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return h('p', { key }, renderInlines(block.children, options, depth));
    case 'heading':
      return h(
        `h${block.level}`,
        { key, className: 'md-heading' },
        renderInlines(block.children, options, depth),
      );
    case 'code':
      return h(
        'pre',
        { key, className: 'md-code-block' },
        h('code', block.lang ? { 'data-lang': block.lang } : {}, block.text),
      );
    case 'quote':
      return h('blockquote', { key }, renderBlocks(block.children, options, depth + 1));
    case 'rule':
      return h('hr', { key });
    case 'list': {
      const items = block.items.map((item, i) => {
        // A one-paragraph item is shown without the paragraph's margins, as in a "tight" CommonMark list.
        const only = item.length === 1 ? item[0] : undefined;
        const content =
          only?.type === 'paragraph'
            ? renderInlines(only.children, options, depth + 1)
            : renderBlocks(item, options, depth + 1);
        return h('li', { key: String(i) }, content);
      });
      return block.ordered
        ? h('ol', { key, ...(block.start !== undefined ? { start: block.start } : {}) }, items)
        : h('ul', { key }, items);
    }
    case 'table': {
      const cellStyle = (column: number) => {
        const align = block.align[column];
        return align ? { style: { textAlign: align } } : {};
      };
      return h(
        'div',
        { key, className: 'md-table-wrap' },
        h(
          'table',
          null,
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              block.head.map((cell, c) =>
                h('th', { key: String(c), ...cellStyle(c) }, renderInlines(cell, options, depth)),
              ),
            ),
          ),
          h(
            'tbody',
            null,
            block.rows.map((row, r) =>
              h(
                'tr',
                { key: String(r) },
                row.map((cell, c) =>
                  h('td', { key: String(c), ...cellStyle(c) }, renderInlines(cell, options, depth)),
                ),
              ),
            ),
          ),
        ),
      );
    }
  }
}

export function renderInlines(nodes: Inline[], options: MarkdownRenderOptions, depth: number): ReactNode[] {
  return nodes.map((node, i) => renderInline(node, options, depth, String(i)));
}

function renderInline(node: Inline, options: MarkdownRenderOptions, depth: number, key: string): ReactNode {
  if (depth > MAX_RENDER_DEPTH) return h(Fragment, { key }, textOf(node));
  switch (node.type) {
    case 'text':
      return h(Fragment, { key }, node.text);
    case 'code':
      return h('code', { key, className: 'md-code' }, node.text);
    case 'break':
      return h('br', { key });
    case 'em':
    case 'strong':
    case 'del':
      return h(node.type, { key }, renderInlines(node.children, options, depth + 1));
    case 'image':
      return h(
        Fragment,
        { key },
        options.renderImage(
          { src: node.src, alt: node.alt, ...(node.title !== undefined ? { title: node.title } : {}) },
          key,
        ),
      );
    case 'link':
      return renderLink(node, options, depth, key);
  }
}

function renderLink(
  node: Extract<Inline, { type: 'link' }>,
  options: MarkdownRenderOptions,
  depth: number,
  key: string,
): ReactNode {
  const children = renderInlines(node.children, options, depth + 1);
  const verdict = checkLinkUrl(node.href);
  if (!verdict.ok) {
    // Inert: the text the agent wrote and, beside it (unless it is the same), the URL it pointed to, as plain text.
    const sameAsText = node.children.map(textOf).join('') === node.href;
    return h(
      'span',
      { key, className: 'md-inert-link', 'data-testid': 'md-inert-link', title: verdict.reason },
      sameAsText ? shortenUrl(node.href) : children,
      sameAsText ? null : h('span', { className: 'md-inert-href' }, ` (${shortenUrl(node.href)})`),
    );
  }
  return h(
    'a',
    {
      key,
      href: verdict.href,
      target: '_blank',
      rel: 'noopener noreferrer',
      referrerPolicy: 'no-referrer',
      title: node.title ? `${node.title}\n${verdict.href}` : verdict.href,
      className: 'md-link',
      'data-testid': 'md-link',
    },
    children,
  );
}

function textOf(node: Inline): string {
  switch (node.type) {
    case 'text':
    case 'code':
      return node.text;
    case 'image':
      return node.alt;
    case 'break':
      return '\n';
    default:
      return node.children.map(textOf).join('');
  }
}
