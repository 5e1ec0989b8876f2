// Markdown → a small syntax tree, for agent text (TL-4, SEC-3). It never produces HTML: raw HTML in the source stays
// literal text, because the tree has no node that could carry markup. The subset follows CommonMark where agents
// use it (ATX headings, emphasis, code spans and fences, lists, block quotes, rules, inline links and images,
// autolinks) plus GFM tables, strikethrough and bare http(s) URLs. Left out on purpose: reference links, setext
// headings, indented code, entity decoding (shown as written). Whether a link or image URL may be used is decided by
// the renderer, not here: the tree keeps URLs exactly as written.
//
// The inline parser is the CommonMark delimiter and bracket algorithm over a linked list, so hostile input costs
// time linear in its length; nesting is capped so the tree cannot grow deeper than the renderer can walk.

export type Align = 'left' | 'center' | 'right' | null;

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'em' | 'strong' | 'del'; children: Inline[] }
  | { type: 'link'; href: string; title?: string; children: Inline[] }
  | { type: 'image'; src: string; alt: string; title?: string }
  | { type: 'break' };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'code'; lang?: string; text: string }
  | { type: 'quote'; children: Block[] }
  | { type: 'list'; ordered: boolean; start?: number; items: Block[][] }
  | { type: 'rule' }
  | { type: 'table'; align: Align[]; head: Inline[][]; rows: Inline[][][] };

/** Longer text is shown as plain text: a chat message this long is data, and parsing it would stall the UI. */
export const MAX_MARKDOWN_CHARS = 200_000;
/** Block quotes and lists nested deeper than this are kept as plain paragraphs. */
export const MAX_BLOCK_NESTING = 16;
/** Emphasis and links nested deeper than this keep only their text, so every walk over the tree stays shallow. */
export const MAX_INLINE_NESTING = 24;

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n').map(expandLeadingTabs);
  return parseBlocks(lines, 0);
}

// ---------------------------------------------------------------------------------------------------------------------
// Blocks

// No lazy groups before a trailing [ \t]*: on a long run of spaces they would backtrack quadratically.
const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;
const RULE = /^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const QUOTE = /^ {0,3}> ?/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(?:([ \t]+)(.*))?$/;
/** Tested on the trimmed line, for the same reason. */
const TABLE_DELIMITER = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?$/;

function expandLeadingTabs(line: string): string {
  if (
    !line.startsWith('\t') &&
    !line.startsWith(' \t') &&
    !line.startsWith('  \t') &&
    !line.startsWith('   \t')
  )
    return line;
  let column = 0;
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) {
    column = line[i] === '\t' ? column + 4 - (column % 4) : column + 1;
    i++;
  }
  return ' '.repeat(column) + line.slice(i);
}

function isBlank(line: string): boolean {
  return line.trim() === '';
}

function indentOf(line: string): number {
  let i = 0;
  while (line[i] === ' ') i++;
  return i;
}

interface ListMarker {
  indent: number;
  ordered: boolean;
  /** The bullet character or the ordered delimiter: a different one starts a new list. */
  symbol: string;
  start: number;
  contentIndent: number;
  rest: string;
}

function listMarker(line: string): ListMarker | null {
  const match = LIST_ITEM.exec(line);
  if (!match) return null;
  const indent = match[1]?.length ?? 0;
  const marker = match[2] ?? '';
  const spacing = match[3] ?? '';
  const ordered = /\d/.test(marker);
  // Five or more spaces after the marker would be indented code in CommonMark; here the content starts after one.
  const gap = spacing.length === 0 ? 1 : spacing.length > 4 ? 1 : spacing.length;
  return {
    indent,
    ordered,
    symbol: ordered ? marker.slice(-1) : marker,
    start: ordered ? Number.parseInt(marker, 10) : 1,
    contentIndent: indent + marker.length + gap,
    rest: spacing.length > 4 ? spacing.slice(1) + (match[4] ?? '') : (match[4] ?? ''),
  };
}

function startsBlock(line: string): boolean {
  return (
    FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || listMarker(line) !== null
  );
}

/** Lines that may interrupt a paragraph: CommonMark lets only lists starting at 1 do so, and not empty items. */
function interruptsParagraph(line: string): boolean {
  if (FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line)) return true;
  const marker = listMarker(line);
  return marker !== null && marker.rest.trim() !== '' && (!marker.ordered || marker.start === 1);
}

function paragraphOf(lines: string[]): Block {
  return { type: 'paragraph', children: parseInlines(lines.map((l) => l.trimStart()).join('\n')) };
}

function parseBlocks(lines: string[], depth: number): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (isBlank(line)) {
      i++;
      continue;
    }

    const fence = FENCE.exec(line);
    const info = fence?.[3]?.trim() ?? '';
    if (fence && !(fence[2]?.startsWith('`') && info.includes('`'))) {
      const indent = fence[1]?.length ?? 0;
      const marker = fence[2] ?? '```';
      const body: string[] = [];
      i++;
      while (i < lines.length) {
        const inner = lines[i] ?? '';
        i++;
        if (isClosingFence(inner, marker)) break;
        body.push(inner.slice(Math.min(indent, indentOf(inner))));
      }
      const lang = info.split(/\s/, 1)[0];
      blocks.push({ type: 'code', text: body.join('\n'), ...(lang ? { lang } : {}) });
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading) {
      const level = (heading[1]?.length ?? 1) as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: 'heading', level, children: parseInlines(headingText(heading[2] ?? '')) });
      i++;
      continue;
    }

    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }

    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i] ?? '')) {
        inner.push((lines[i] ?? '').replace(QUOTE, ''));
        i++;
      }
      blocks.push(
        depth + 1 > MAX_BLOCK_NESTING
          ? paragraphOf(inner)
          : { type: 'quote', children: parseBlocks(inner, depth + 1) },
      );
      continue;
    }

    const marker = listMarker(line);
    if (marker) {
      const list = collectList(lines, i, marker, depth);
      blocks.push(list.block);
      i = list.next;
      continue;
    }

    const table = collectTable(lines, i);
    if (table) {
      blocks.push(table.block);
      i = table.next;
      continue;
    }

    const paragraph: string[] = [line];
    i++;
    while (i < lines.length && !isBlank(lines[i] ?? '') && !interruptsParagraph(lines[i] ?? '')) {
      paragraph.push(lines[i] ?? '');
      i++;
    }
    blocks.push(paragraphOf(paragraph));
  }
  return blocks;
}

/** The heading's text without its optional closing run of #s (which needs a space before it, or nothing). */
function headingText(raw: string): string {
  const text = raw.trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end === 0) return '';
  if (end < text.length && (text[end - 1] === ' ' || text[end - 1] === '\t'))
    return text.slice(0, end).trimEnd();
  return text;
}

function isClosingFence(line: string, marker: string): boolean {
  const trimmed = line.trim();
  const char = marker[0] ?? '`';
  if (indentOf(line) > 3 || trimmed.length < marker.length) return false;
  for (const c of trimmed) if (c !== char) return false;
  return true;
}

function collectList(
  lines: string[],
  from: number,
  first: ListMarker,
  depth: number,
): { block: Block; next: number } {
  const items: Block[][] = [];
  let i = from;
  let marker: ListMarker | null = first;
  while (marker && marker.ordered === first.ordered && marker.symbol === first.symbol) {
    const itemLines: string[] = [marker.rest];
    const contentIndent = marker.contentIndent;
    i++;
    while (i < lines.length) {
      const line = lines[i] ?? '';
      if (isBlank(line)) {
        // A blank line stays inside the item only when the item's content continues after it.
        let j = i;
        while (j < lines.length && isBlank(lines[j] ?? '')) j++;
        if (j < lines.length && indentOf(lines[j] ?? '') >= contentIndent) {
          while (i < j) {
            itemLines.push('');
            i++;
          }
          continue;
        }
        break;
      }
      if (indentOf(line) >= contentIndent) {
        itemLines.push(line.slice(contentIndent));
        i++;
        continue;
      }
      const previous = itemLines[itemLines.length - 1] ?? '';
      // Lazy continuation: an unindented line carries on the item's paragraph.
      if (!startsBlock(line) && !isBlank(previous)) {
        itemLines.push(line.trimStart());
        i++;
        continue;
      }
      break;
    }
    items.push(depth + 1 > MAX_BLOCK_NESTING ? [paragraphOf(itemLines)] : parseBlocks(itemLines, depth + 1));
    let j = i;
    while (j < lines.length && isBlank(lines[j] ?? '')) j++;
    marker = j < lines.length ? listMarker(lines[j] ?? '') : null;
    if (marker && marker.indent >= contentIndent) marker = null;
    if (marker) i = j;
  }
  const block: Block =
    first.ordered && first.start !== 1
      ? { type: 'list', ordered: true, start: first.start, items }
      : { type: 'list', ordered: first.ordered, items };
  return { block, next: i };
}

/** Splits a table row on pipes that are not escaped and not inside a code span. */
function tableCells(line: string): string[] {
  let text = line.trim();
  if (text.startsWith('|')) text = text.slice(1);
  if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
  const cells: string[] = [];
  let current = '';
  let ticks = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if (c === '\\' && text[i + 1] === '|') {
      current += '|';
      i++;
    } else if (c === '`') {
      ticks = ticks === 0 ? 1 : 0;
      current += c;
    } else if (c === '|' && ticks === 0) {
      cells.push(current.trim());
      current = '';
    } else current += c;
  }
  cells.push(current.trim());
  return cells;
}

function collectTable(lines: string[], from: number): { block: Block; next: number } | null {
  const headLine = lines[from] ?? '';
  const delimiter = lines[from + 1];
  if (!headLine.includes('|') || delimiter === undefined || !TABLE_DELIMITER.test(delimiter.trim()))
    return null;
  const head = tableCells(headLine);
  const align: Align[] = tableCells(delimiter).map((cell) => {
    const left = cell.startsWith(':');
    const right = cell.endsWith(':');
    return left && right ? 'center' : right ? 'right' : left ? 'left' : null;
  });
  if (align.length !== head.length) return null;
  const rows: Inline[][][] = [];
  let i = from + 2;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (isBlank(line) || !line.includes('|') || startsBlock(line)) break;
    const cells = tableCells(line);
    rows.push(head.map((_, column) => parseInlines(cells[column] ?? '')));
    i++;
  }
  return {
    block: { type: 'table', align, head: head.map((cell) => parseInlines(cell)), rows },
    next: i,
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Inlines

type Piece =
  | { kind: 'text'; text: string }
  | { kind: 'node'; node: Inline }
  | { kind: 'delim'; delim: Delimiter }
  | { kind: 'bracket'; image: boolean };

interface Item {
  piece: Piece;
  prev: Item | null;
  next: Item | null;
}

interface Delimiter {
  char: '*' | '_' | '~';
  count: number;
  /** The run's length before any of it was used, for the rule of three. */
  original: number;
  canOpen: boolean;
  canClose: boolean;
  item: Item;
  below: Delimiter | null;
  above: Delimiter | null;
}

interface Bracket {
  item: Item;
  image: boolean;
  active: boolean;
  /** The delimiter on top of the stack when the bracket opened: emphasis inside the link text stops there. */
  bottom: Delimiter | null;
}

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/u;
const ORDINARY = /[^\n\\`<*_~![\]]+/y;
const AUTOLINK_URI = /<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>/y;
const AUTOLINK_EMAIL =
  /<([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)>/y;
const BARE_URL = /\bhttps?:\/\/[^\s<]+/gi;
const MAX_LINK_PARENS = 32;

class InlineList {
  head: Item | null = null;
  tail: Item | null = null;

  append(piece: Piece): Item {
    const item: Item = { piece, prev: this.tail, next: null };
    if (this.tail) this.tail.next = item;
    else this.head = item;
    this.tail = item;
    return item;
  }

  insertAfter(anchor: Item, piece: Piece): Item {
    const item: Item = { piece, prev: anchor, next: anchor.next };
    if (anchor.next) anchor.next.prev = item;
    else this.tail = item;
    anchor.next = item;
    return item;
  }

  remove(item: Item): void {
    if (item.prev) item.prev.next = item.next;
    else this.head = item.next;
    if (item.next) item.next.prev = item.prev;
    else this.tail = item.prev;
    item.prev = item.next = null;
  }

  /** Unlinks the items strictly between `after` and `before` and returns the first of them (null when none). */
  cutBetween(after: Item, before: Item): Item | null {
    const first = after.next;
    if (!first || first === before) return null;
    const last = before.prev;
    if (last) last.next = null;
    first.prev = null;
    after.next = before;
    before.prev = after;
    return first;
  }
}

function textOfDelimiter(delim: Delimiter): string {
  return delim.char.repeat(delim.count);
}

/** Turns a run of items into tree nodes: leftover delimiters and brackets become the text they were. */
function toInlines(first: Item | null): Inline[] {
  const out: Inline[] = [];
  const pushText = (text: string) => {
    if (text === '') return;
    const last = out[out.length - 1];
    if (last?.type === 'text') last.text += text;
    else out.push({ type: 'text', text });
  };
  for (let item = first; item; item = item.next) {
    const piece = item.piece;
    if (piece.kind === 'text') pushText(piece.text);
    else if (piece.kind === 'delim') pushText(textOfDelimiter(piece.delim));
    else if (piece.kind === 'bracket') pushText(piece.image ? '![' : '[');
    else out.push(piece.node);
  }
  return out;
}

const nestingOf = new WeakMap<Inline, number>();

/** Wraps children in a container node, flattening them to text when the tree would grow too deep. */
function container<T extends Inline>(make: (children: Inline[]) => T, children: Inline[]): T {
  let depth = 1;
  for (const child of children) depth = Math.max(depth, 1 + (nestingOf.get(child) ?? 0));
  if (depth > MAX_INLINE_NESTING) {
    const node = make([{ type: 'text', text: plainText(children) }]);
    nestingOf.set(node, 1);
    return node;
  }
  const node = make(children);
  nestingOf.set(node, depth);
  return node;
}

function plainText(nodes: Inline[]): string {
  let text = '';
  for (const node of nodes) {
    if (node.type === 'text' || node.type === 'code') text += node.text;
    else if (node.type === 'image') text += node.alt;
    else if (node.type === 'break') text += ' ';
    else text += plainText(node.children);
  }
  return text;
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

export function parseInlines(src: string): Inline[] {
  const list = new InlineList();
  const brackets: Bracket[] = [];
  const codeClosers = backtickRuns(src);
  let top: Delimiter | null = null;
  let text = '';
  let pos = 0;

  const flush = () => {
    if (text !== '') list.append({ kind: 'text', text });
    text = '';
  };
  const removeDelimiter = (delim: Delimiter) => {
    if (delim.below) delim.below.above = delim.above;
    if (delim.above) delim.above.below = delim.below;
    else top = delim.below;
  };

  const processEmphasis = (bottom: Delimiter | null) => {
    // The lowest delimiter above `bottom`: closers are matched from left to right.
    let closer: Delimiter | null = top === bottom ? null : top;
    while (closer && closer.below !== bottom && closer.below !== null) closer = closer.below;
    const openersBottom = new Map<string, Delimiter | null>();
    while (closer) {
      if (!closer.canClose) {
        closer = closer.above;
        continue;
      }
      const key = `${closer.char}${closer.canOpen ? 'o' : ''}${closer.original % 3}`;
      const floor = openersBottom.has(key) ? (openersBottom.get(key) ?? null) : bottom;
      let opener: Delimiter | null = closer.below;
      let found = false;
      while (opener && opener !== bottom && opener !== floor) {
        const oddMatch =
          closer.char !== '~' &&
          (closer.canOpen || opener.canClose) &&
          closer.original % 3 !== 0 &&
          (opener.original + closer.original) % 3 === 0;
        const sameLength = closer.char !== '~' || opener.count === closer.count;
        if (opener.char === closer.char && opener.canOpen && !oddMatch && sameLength) {
          found = true;
          break;
        }
        opener = opener.below;
      }
      const current: Delimiter = closer;
      if (!found || !opener) {
        closer = current.above;
        openersBottom.set(key, current.below);
        if (!current.canOpen) removeDelimiter(current);
        continue;
      }
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
        removeDelimiter(opener);
      }
      if (current.count === 0) {
        const next: Delimiter | null = current.above;
        list.remove(current.item);
        removeDelimiter(current);
        closer = next;
      }
    }
    while (top && top !== bottom) removeDelimiter(top);
  };

  const closeBracket = () => {
    const opener = brackets[brackets.length - 1];
    if (!opener || !opener.active) {
      if (opener) {
        brackets.pop();
        opener.item.piece = { kind: 'text', text: opener.image ? '![' : '[' };
      }
      text += ']';
      pos++;
      return;
    }
    const tail = src[pos + 1] === '(' ? linkTail(src, pos + 1) : null;
    brackets.pop();
    if (!tail) {
      opener.item.piece = { kind: 'text', text: opener.image ? '![' : '[' };
      text += ']';
      pos++;
      return;
    }
    flush();
    processEmphasis(opener.bottom);
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
    pos = tail.end;
  };

  while (pos < src.length) {
    const c = src[pos] ?? '';
    if (c === '\n') {
      // Trailing spaces before a line break are dropped; two or more would make it a hard break, shown the same.
      text = text.replace(/[ \t]+$/, '');
      flush();
      list.append({ kind: 'node', node: { type: 'break' } });
      pos++;
      while (src[pos] === ' ' || src[pos] === '\t') pos++;
      continue;
    }
    if (c === '\\') {
      const next = src[pos + 1];
      if (next === '\n') {
        pos++;
        continue;
      }
      if (next !== undefined && ASCII_PUNCTUATION.test(next)) {
        text += next;
        pos += 2;
      } else {
        text += '\\';
        pos++;
      }
      continue;
    }
    if (c === '`') {
      let end = pos;
      while (src[end] === '`') end++;
      const length = end - pos;
      const closerAt = codeClosers.get(pos);
      if (closerAt === undefined) {
        text += src.slice(pos, end);
        pos = end;
        continue;
      }
      let code = src.slice(end, closerAt).replace(/\n/g, ' ');
      if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '')
        code = code.slice(1, -1);
      flush();
      list.append({ kind: 'node', node: { type: 'code', text: code } });
      pos = closerAt + length;
      continue;
    }
    if (c === '<') {
      AUTOLINK_URI.lastIndex = pos;
      const uri = AUTOLINK_URI.exec(src);
      AUTOLINK_EMAIL.lastIndex = pos;
      const email = uri ? null : AUTOLINK_EMAIL.exec(src);
      const match = uri ?? email;
      if (match) {
        const target = match[1] ?? '';
        flush();
        list.append({
          kind: 'node',
          node: {
            type: 'link',
            href: uri ? target : `mailto:${target}`,
            children: [{ type: 'text', text: target }],
          },
        });
        pos += match[0].length;
      } else {
        text += '<';
        pos++;
      }
      continue;
    }
    if (c === '*' || c === '_' || c === '~') {
      let end = pos;
      while (src[end] === c) end++;
      const count = end - pos;
      const before = src[pos - 1];
      const after = src[end];
      const leftFlanking =
        !isSpace(after) && (!isPunctuation(after) || isSpace(before) || isPunctuation(before));
      const rightFlanking =
        !isSpace(before) && (!isPunctuation(before) || isSpace(after) || isPunctuation(after));
      let canOpen = leftFlanking;
      let canClose = rightFlanking;
      if (c === '_') {
        canOpen = leftFlanking && (!rightFlanking || isPunctuation(before));
        canClose = rightFlanking && (!leftFlanking || isPunctuation(after));
      }
      if (c === '~' && count > 2) {
        text += src.slice(pos, end);
        pos = end;
        continue;
      }
      flush();
      const item = list.append({ kind: 'text', text: '' });
      const delim: Delimiter = {
        char: c,
        count,
        original: count,
        canOpen,
        canClose,
        item,
        below: top,
        above: null,
      };
      item.piece = { kind: 'delim', delim };
      if (top) top.above = delim;
      top = delim;
      pos = end;
      continue;
    }
    if (c === '!' && src[pos + 1] === '[') {
      flush();
      brackets.push({
        item: list.append({ kind: 'bracket', image: true }),
        image: true,
        active: true,
        bottom: top,
      });
      pos += 2;
      continue;
    }
    if (c === '[') {
      flush();
      brackets.push({
        item: list.append({ kind: 'bracket', image: false }),
        image: false,
        active: true,
        bottom: top,
      });
      pos++;
      continue;
    }
    if (c === ']') {
      flush();
      closeBracket();
      continue;
    }
    ORDINARY.lastIndex = pos;
    const run = ORDINARY.exec(src);
    if (run) {
      text += run[0];
      pos += run[0].length;
    } else {
      text += c;
      pos++;
    }
  }
  flush();
  processEmphasis(null);
  return linkifyBareUrls(toInlines(list.head));
}

/** `(destination "title")` after a link's closing bracket; null when it is not one. */
function linkTail(src: string, open: number): { destination: string; title?: string; end: number } | null {
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
function linkifyBareUrls(nodes: Inline[]): Inline[] {
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
