// Links in markdown inlines (TL-4, SEC-3): autolinks (`<scheme:…>`, `<user@host>`), the `(destination "title")` after
// a link's closing bracket, and GFM's bare http(s) URLs. URLs are kept exactly as written; whether one may be used is
// decided by the renderer (safeUrl.ts). Each scanner is bounded, so hostile input stays linear
// (https://spec.commonmark.org/0.31.2/#links, https://github.github.com/gfm/#autolinks-extension-).

import type { Inline } from './markdownInlineTree';

/** The characters a backslash escapes in CommonMark. */
export const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const AUTOLINK_URI = /<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>/y;
const AUTOLINK_EMAIL =
  /<([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)>/y;
const BARE_URL = /\bhttps?:\/\/[^\s<]+/gi;
const MAX_LINK_PARENS = 32;

/** The autolink that starts at `pos` (on a "<"), as the link node and the characters it took; null when none does. */
export function autolinkAt(src: string, pos: number): { node: Inline; length: number } | null {
  AUTOLINK_URI.lastIndex = pos;
  const uri = AUTOLINK_URI.exec(src);
  AUTOLINK_EMAIL.lastIndex = pos;
  const email = uri ? null : AUTOLINK_EMAIL.exec(src);
  const match = uri ?? email;
  if (!match) return null;
  const target = match[1] ?? '';
  return {
    node: {
      type: 'link',
      href: uri ? target : `mailto:${target}`,
      children: [{ type: 'text', text: target }],
    },
    length: match[0].length,
  };
}

/** `(destination "title")` after a link's closing bracket; null when it is not one. */
export function linkTail(
  src: string,
  open: number,
): { destination: string; title?: string; end: number } | null {
  let i = open + 1;
  const skipSpace = () => {
    const start = i;
    while (src[i] === ' ' || src[i] === '\t' || src[i] === '\n') i++;
    return i > start;
  };
  skipSpace();
  let destination: string;
  if (src[i] === '<') {
    const close = src.indexOf('>', i + 1);
    const raw = close === -1 ? '' : src.slice(i + 1, close);
    if (close === -1 || raw.includes('\n') || raw.includes('<')) return null;
    destination = unescape(raw);
    i = close + 1;
  } else {
    const start = i;
    let depth = 0;
    while (i < src.length) {
      const c = src[i] ?? '';
      if (c <= ' ') break;
      if (c === '\\' && i + 1 < src.length && ASCII_PUNCTUATION.test(src[i + 1] ?? '')) {
        i += 2;
        continue;
      }
      if (c === '(') {
        depth++;
        if (depth > MAX_LINK_PARENS) return null;
      } else if (c === ')') {
        if (depth === 0) break;
        depth--;
      }
      i++;
    }
    if (depth !== 0) return null;
    destination = unescape(src.slice(start, i));
  }
  const spaced = skipSpace();
  let title: string | undefined;
  const quote = src[i];
  if (spaced && (quote === '"' || quote === "'" || quote === '(')) {
    const closeChar = quote === '(' ? ')' : quote;
    let j = i + 1;
    while (j < src.length && src[j] !== closeChar) j += src[j] === '\\' ? 2 : 1;
    if (j >= src.length) return null;
    title = unescape(src.slice(i + 1, j));
    i = j + 1;
    skipSpace();
  }
  if (src[i] !== ')') return null;
  return title !== undefined ? { destination, title, end: i + 1 } : { destination, end: i + 1 };
}

function unescape(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** GFM's bare-URL links, only for http(s), outside links and code; trailing punctuation stays text. */
export function linkifyBareUrls(nodes: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    if (node.type === 'em' || node.type === 'strong' || node.type === 'del') {
      // In place: the node keeps its nesting record, and the walk is as deep as the capped tree.
      node.children = linkifyBareUrls(node.children);
      out.push(node);
      continue;
    }
    if (node.type !== 'text') {
      out.push(node);
      continue;
    }
    let last = 0;
    for (const match of node.text.matchAll(BARE_URL)) {
      const start = match.index;
      const url = trimUrlEnd(match[0]);
      if (start > last) out.push({ type: 'text', text: node.text.slice(last, start) });
      out.push({ type: 'link', href: url, children: [{ type: 'text', text: url }] });
      last = start + url.length;
    }
    if (last === 0) out.push(node);
    else if (last < node.text.length) out.push({ type: 'text', text: node.text.slice(last) });
  }
  return out;
}

function trimUrlEnd(url: string): string {
  let end = url.length;
  while (end > 0) {
    const c = url[end - 1] ?? '';
    if ('.,:;!?"\'*_~'.includes(c)) {
      end--;
      continue;
    }
    if (c === ')') {
      const body = url.slice(0, end);
      const opens = body.split('(').length - 1;
      const closes = body.split(')').length - 1;
      if (closes > opens) {
        end--;
        continue;
      }
    }
    break;
  }
  return url.slice(0, end);
}
