// Markdown → a small syntax tree, for agent text (TL-4, SEC-3). It never produces HTML: raw HTML in the source stays
// literal text, because the tree has no node that could carry markup. The subset follows CommonMark where agents
// use it (ATX headings, emphasis, code spans and fences, lists, block quotes, rules, inline links and images,
// autolinks) plus GFM tables, strikethrough and bare http(s) URLs. Left out on purpose: reference links, setext
// headings, indented code, entity decoding (shown as written). Whether a link or image URL may be used is decided by
// the renderer, not here: the tree keeps URLs exactly as written.
//
// The inline parser is the CommonMark delimiter and bracket algorithm over a linked list, so hostile input costs
// time linear in its length; nesting is capped so the tree cannot grow deeper than the renderer can walk. It lives
// in markdownInlines.ts (with markdownInlineTree.ts and markdownLinks.ts); this module parses the blocks.

import { parseInlines } from './markdownInlines';
import type { Inline } from './markdownInlineTree';

export { parseInlines } from './markdownInlines';
export { MAX_INLINE_NESTING, type Inline } from './markdownInlineTree';

export type Align = 'left' | 'center' | 'right' | null;

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
