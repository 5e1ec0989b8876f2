// The inline nodes of the markdown tree (renderer/features/render/markdown.ts) and the linked list the inline parser
// (markdownInlines.ts) builds them in: CommonMark's delimiter and bracket algorithm works on a list of pieces, each
// text, a finished node, a run of emphasis delimiters or an opening bracket, which become nodes or plain text once
// the algorithm is done (https://spec.commonmark.org/0.31.2/#phase-2-inline-structure). Container nodes are capped
// in depth so every walk over the tree stays shallow.

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'em' | 'strong' | 'del'; children: Inline[] }
  | { type: 'link'; href: string; title?: string; children: Inline[] }
  | { type: 'image'; src: string; alt: string; title?: string }
  | { type: 'break' };

/** Emphasis and links nested deeper than this keep only their text, so every walk over the tree stays shallow. */
export const MAX_INLINE_NESTING = 24;

export type Piece =
  | { kind: 'text'; text: string }
  | { kind: 'node'; node: Inline }
  | { kind: 'delim'; delim: Delimiter }
  | { kind: 'bracket'; image: boolean };

export interface Item {
  piece: Piece;
  prev: Item | null;
  next: Item | null;
}

export interface Delimiter {
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

export interface Bracket {
  item: Item;
  image: boolean;
  active: boolean;
  /** The delimiter on top of the stack when the bracket opened: emphasis inside the link text stops there. */
  bottom: Delimiter | null;
}

export class InlineList {
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
export function toInlines(first: Item | null): Inline[] {
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
export function container<T extends Inline>(make: (children: Inline[]) => T, children: Inline[]): T {
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

export function plainText(nodes: Inline[]): string {
  let text = '';
  for (const node of nodes) {
    if (node.type === 'text' || node.type === 'code') text += node.text;
    else if (node.type === 'image') text += node.alt;
    else if (node.type === 'break') text += ' ';
    else text += plainText(node.children);
  }
  return text;
}
