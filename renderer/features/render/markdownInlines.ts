// Markdown inlines → tree nodes (TL-4, SEC-3): code spans, emphasis, strong, strikethrough, links, images,
// autolinks, bare URLs and line breaks, never HTML (raw HTML stays literal text). This is CommonMark's delimiter and
// bracket algorithm over a linked list (https://spec.commonmark.org/0.31.2/#phase-2-inline-structure), so hostile
// input costs time linear in its length. The parser is one state object and a step per kind of character; the
// list and the nodes are in markdownInlineTree.ts, the link scanners in markdownLinks.ts.

import {
  container,
  InlineList,
  plainText,
  toInlines,
  type Bracket,
  type Delimiter,
  type Inline,
} from './markdownInlineTree';
import { ASCII_PUNCTUATION, autolinkAt, linkifyBareUrls, linkTail } from './markdownLinks';

const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/u;
const ORDINARY = /[^\n\\`<*_~![\]]+/y;

/** Where the parser is in the source, and what it has built so far. */
interface InlineState {
  readonly src: string;
  pos: number;
  /** Literal text read but not yet appended to the list. */
  text: string;
  readonly list: InlineList;
  /** Open brackets, innermost last. */
  readonly brackets: Bracket[];
  /** The top of the delimiter stack. */
  top: Delimiter | null;
  /** For each backtick run, where the closing run of a code span starts. */
  readonly codeClosers: Map<number, number>;
}

export function parseInlines(src: string): Inline[] {
  const state: InlineState = {
    src,
    pos: 0,
    text: '',
    list: new InlineList(),
    brackets: [],
    top: null,
    codeClosers: backtickRuns(src),
  };
  while (state.pos < src.length) step(state);
  flush(state);
  processEmphasis(state, null);
  return linkifyBareUrls(toInlines(state.list.head));
}

/** Reads what starts at the current position, by its first character. */
function step(state: InlineState): void {
  const { src, pos } = state;
  const c = src[pos] ?? '';
  if (c === '\n') return lineBreak(state);
  if (c === '\\') return backslash(state);
  if (c === '`') return codeSpan(state);
  if (c === '<') return autolink(state);
  if (c === '*' || c === '_' || c === '~') return delimiterRun(state, c);
  if (c === '!' && src[pos + 1] === '[') return openBracket(state, true);
  if (c === '[') return openBracket(state, false);
  if (c === ']') {
    flush(state);
    return closeBracket(state);
  }
  ORDINARY.lastIndex = pos;
  const run = ORDINARY.exec(src);
  if (run) {
    state.text += run[0];
    state.pos += run[0].length;
  } else {
    state.text += c;
    state.pos++;
  }
}

function flush(state: InlineState): void {
  if (state.text !== '') state.list.append({ kind: 'text', text: state.text });
  state.text = '';
}

function lineBreak(state: InlineState): void {
  // Trailing spaces before a line break are dropped; two or more would make it a hard break, shown the same.
  state.text = state.text.replace(/[ \t]+$/, '');
  flush(state);
  state.list.append({ kind: 'node', node: { type: 'break' } });
  state.pos++;
  while (state.src[state.pos] === ' ' || state.src[state.pos] === '\t') state.pos++;
}

function backslash(state: InlineState): void {
  const next = state.src[state.pos + 1];
  if (next === '\n') {
    state.pos++;
    return;
  }
  if (next !== undefined && ASCII_PUNCTUATION.test(next)) {
    state.text += next;
    state.pos += 2;
  } else {
    state.text += '\\';
    state.pos++;
  }
}

function codeSpan(state: InlineState): void {
  const { src, pos } = state;
  let end = pos;
  while (src[end] === '`') end++;
  const length = end - pos;
  const closerAt = state.codeClosers.get(pos);
  if (closerAt === undefined) {
    state.text += src.slice(pos, end);
    state.pos = end;
    return;
  }
  let code = src.slice(end, closerAt).replace(/\n/g, ' ');
  if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '')
    code = code.slice(1, -1);
  flush(state);
  state.list.append({ kind: 'node', node: { type: 'code', text: code } });
  state.pos = closerAt + length;
}

function autolink(state: InlineState): void {
  const found = autolinkAt(state.src, state.pos);
  if (found) {
    flush(state);
    state.list.append({ kind: 'node', node: found.node });
    state.pos += found.length;
  } else {
    state.text += '<';
    state.pos++;
  }
}

/** A run of `*`, `_` or `~`: pushed on the delimiter stack with whether it can open and close (left/right-flanking). */
function delimiterRun(state: InlineState, c: '*' | '_' | '~'): void {
  const { src, pos } = state;
  let end = pos;
  while (src[end] === c) end++;
  const count = end - pos;
  const before = src[pos - 1];
  const after = src[end];
  const leftFlanking = !isSpace(after) && (!isPunctuation(after) || isSpace(before) || isPunctuation(before));
  const rightFlanking =
    !isSpace(before) && (!isPunctuation(before) || isSpace(after) || isPunctuation(after));
  let canOpen = leftFlanking;
  let canClose = rightFlanking;
  if (c === '_') {
    canOpen = leftFlanking && (!rightFlanking || isPunctuation(before));
    canClose = rightFlanking && (!leftFlanking || isPunctuation(after));
  }
  if (c === '~' && count > 2) {
    state.text += src.slice(pos, end);
    state.pos = end;
    return;
  }
  flush(state);
  const item = state.list.append({ kind: 'text', text: '' });
  const delim: Delimiter = {
    char: c,
    count,
    original: count,
    canOpen,
    canClose,
    item,
    below: state.top,
    above: null,
  };
  item.piece = { kind: 'delim', delim };
  if (state.top) state.top.above = delim;
  state.top = delim;
  state.pos = end;
}

function openBracket(state: InlineState, image: boolean): void {
  flush(state);
  state.brackets.push({
    item: state.list.append({ kind: 'bracket', image }),
    image,
    active: true,
    bottom: state.top,
  });
  state.pos += image ? 2 : 1;
}

/** A "]": closes the innermost bracket into a link or image when a `(destination)` follows, else stays text. */
function closeBracket(state: InlineState): void {
  const { src, brackets, list } = state;
  const opener = brackets[brackets.length - 1];
  if (!opener || !opener.active) {
    if (opener) {
      brackets.pop();
      opener.item.piece = { kind: 'text', text: opener.image ? '![' : '[' };
    }
    state.text += ']';
    state.pos++;
    return;
  }
  const tail = src[state.pos + 1] === '(' ? linkTail(src, state.pos + 1) : null;
  brackets.pop();
  if (!tail) {
    opener.item.piece = { kind: 'text', text: opener.image ? '![' : '[' };
    state.text += ']';
    state.pos++;
    return;
  }
  flush(state);
  processEmphasis(state, opener.bottom);
  const inner = opener.item.next;
  if (inner) {
    inner.prev = null;
    const lastInner = list.tail;
    if (lastInner) lastInner.next = null;
  }
  opener.item.next = null;
  list.tail = opener.item;
  const children = toInlines(inner);
  const title = tail.title !== undefined ? { title: tail.title } : {};
  const node: Inline = opener.image
    ? { type: 'image', src: tail.destination, alt: plainText(children), ...title }
    : container((inner) => ({ type: 'link', href: tail.destination, children: inner, ...title }), children);
  opener.item.piece = { kind: 'node', node };
  // CommonMark: links may not contain links, so every earlier "[" can no longer open one.
  if (!opener.image) for (const earlier of brackets) if (!earlier.image) earlier.active = false;
  state.pos = tail.end;
}

function removeDelimiter(state: InlineState, delim: Delimiter): void {
  if (delim.below) delim.below.above = delim.above;
  if (delim.above) delim.above.below = delim.below;
  else state.top = delim.below;
}

/** Matches the delimiters above `bottom` into emphasis, strong and strikethrough nodes, then drops them. */
function processEmphasis(state: InlineState, bottom: Delimiter | null): void {
  // The lowest delimiter above `bottom`: closers are matched from left to right.
  let closer: Delimiter | null = state.top === bottom ? null : state.top;
  while (closer && closer.below !== bottom && closer.below !== null) closer = closer.below;
  const openersBottom = new Map<string, Delimiter | null>();
  while (closer) {
    if (!closer.canClose) {
      closer = closer.above;
      continue;
    }
    const key = `${closer.char}${closer.canOpen ? 'o' : ''}${closer.original % 3}`;
    const floor = openersBottom.has(key) ? (openersBottom.get(key) ?? null) : bottom;
    const opener = findOpener(closer, bottom, floor);
    const current: Delimiter = closer;
    if (!opener) {
      closer = current.above;
      openersBottom.set(key, current.below);
      if (!current.canOpen) removeDelimiter(state, current);
      continue;
    }
    closer = emphasize(state, opener, current);
  }
  while (state.top && state.top !== bottom) removeDelimiter(state, state.top);
}

/** The nearest delimiter below `closer`, above `bottom` and `floor`, that can open what it closes. */
function findOpener(closer: Delimiter, bottom: Delimiter | null, floor: Delimiter | null): Delimiter | null {
  let opener: Delimiter | null = closer.below;
  while (opener && opener !== bottom && opener !== floor) {
    // The rule of three: a run that can both open and close matches none whose lengths add up to a multiple of 3.
    const oddMatch =
      closer.char !== '~' &&
      (closer.canOpen || opener.canClose) &&
      closer.original % 3 !== 0 &&
      (opener.original + closer.original) % 3 === 0;
    const sameLength = closer.char !== '~' || opener.count === closer.count;
    if (opener.char === closer.char && opener.canOpen && !oddMatch && sameLength) return opener;
    opener = opener.below;
  }
  return null;
}

/** Wraps what lies between a matched opener and closer in a node; answers the closer to look at next. */
function emphasize(state: InlineState, opener: Delimiter, current: Delimiter): Delimiter | null {
  const { list } = state;
  const used = current.char === '~' ? current.count : current.count >= 2 && opener.count >= 2 ? 2 : 1;
  opener.count -= used;
  current.count -= used;
  const inner = list.cutBetween(opener.item, current.item);
  const type = current.char === '~' ? 'del' : used === 2 ? 'strong' : 'em';
  const node = container((children) => ({ type, children }), toInlines(inner));
  list.insertAfter(opener.item, { kind: 'node', node });
  // Delimiters between the two are now inside the new node and can no longer match anything.
  opener.above = current;
  current.below = opener;
  if (opener.count === 0) {
    list.remove(opener.item);
    removeDelimiter(state, opener);
  }
  if (current.count === 0) {
    const next: Delimiter | null = current.above;
    list.remove(current.item);
    removeDelimiter(state, current);
    return next;
  }
  return current;
}

/** For each backtick run, where the next run of the same length starts: code spans in one pass. */
function backtickRuns(src: string): Map<number, number> {
  const runs: Array<{ at: number; length: number }> = [];
  for (let i = 0; i < src.length;) {
    if (src[i] !== '`') {
      i++;
      continue;
    }
    let j = i;
    while (src[j] === '`') j++;
    runs.push({ at: i, length: j - i });
    i = j;
  }
  const closers = new Map<number, number>();
  const nextOfLength = new Map<number, number>();
  for (let k = runs.length - 1; k >= 0; k--) {
    const run = runs[k];
    if (!run) continue;
    const next = nextOfLength.get(run.length);
    if (next !== undefined) closers.set(run.at, next);
    nextOfLength.set(run.length, run.at);
  }
  return closers;
}

function isPunctuation(c: string | undefined): boolean {
  return c !== undefined && PUNCTUATION.test(c);
}

function isSpace(c: string | undefined): boolean {
  return c === undefined || WHITESPACE.test(c);
}
