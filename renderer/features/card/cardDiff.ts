// A small structural diff of two JSON values (CARD-6: the extended card against the public one; also a compat
// server's other card), as a list of members added, removed or changed, each named by a JSON pointer.
//
// Pointers of `removed` entries point into the first value (it is gone from the second); `added` and `changed`
// point into the second. Arrays are aligned, not compared index by index: elements that carry an identity (`id`,
// else `uri` — skills, extensions) are matched by it wherever they moved, other elements by equality, so one skill
// added at the front reads as one addition rather than every later skill "changed".

import { appendPointer as childPointer } from '../../../shared/wire/jsonPointer';

export type CardDiffEntry =
  | { kind: 'added'; pointer: string; after: unknown }
  | { kind: 'removed'; pointer: string; before: unknown }
  | {
      kind: 'changed';
      pointer: string;
      before: unknown;
      after: unknown;
      /** Where the member was in the first value, when an array shift moved it. */
      beforePointer?: string;
    };

/** Past this many element pairs an array is compared position by position (cards are small; agents need not be). */
const ALIGN_LIMIT = 250_000;

export function diffJson(before: unknown, after: unknown): CardDiffEntry[] {
  const out: CardDiffEntry[] = [];
  diffValue(before, after, '', '', out);
  return out;
}

export function countDiff(entries: readonly CardDiffEntry[]): Record<CardDiffEntry['kind'], number> {
  const counts = { added: 0, removed: 0, changed: 0 };
  for (const entry of entries) counts[entry.kind] += 1;
  return counts;
}

function diffValue(a: unknown, b: unknown, pa: string, pb: string, out: CardDiffEntry[]): void {
  if (jsonEqual(a, b)) return;
  if (isPlainObject(a) && isPlainObject(b)) {
    for (const key of Object.keys(a)) {
      if (Object.prototype.hasOwnProperty.call(b, key)) {
        diffValue(a[key], b[key], childPointer(pa, key), childPointer(pb, key), out);
      } else {
        out.push({ kind: 'removed', pointer: childPointer(pa, key), before: a[key] });
      }
    }
    for (const key of Object.keys(b)) {
      if (!Object.prototype.hasOwnProperty.call(a, key)) {
        out.push({ kind: 'added', pointer: childPointer(pb, key), after: b[key] });
      }
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    diffArray(a, b, pa, pb, out);
    return;
  }
  out.push({
    kind: 'changed',
    pointer: pb,
    before: a,
    after: b,
    ...(pa !== pb ? { beforePointer: pa } : {}),
  });
}

function diffArray(a: unknown[], b: unknown[], pa: string, pb: string, out: CardDiffEntry[]): void {
  const matches = a.length * b.length > ALIGN_LIMIT ? positional(a, b) : align(a, b);
  let i = 0;
  let j = 0;
  for (const [mi, mj] of [...matches, [a.length, b.length] as const]) {
    diffGap(a, b, range(i, mi), range(j, mj), pa, pb, out);
    if (mi < a.length && mj < b.length) {
      diffValue(a[mi], b[mj], childPointer(pa, mi), childPointer(pb, mj), out);
    }
    i = mi + 1;
    j = mj + 1;
  }
}

/** Elements between two matches: pair those that may be the same thing edited, the rest were removed or added. */
function diffGap(
  a: unknown[],
  b: unknown[],
  removed: number[],
  added: number[],
  pa: string,
  pb: string,
  out: CardDiffEntry[],
): void {
  const leftRemoved: number[] = [];
  const leftAdded = [...added];
  for (const ai of removed) {
    const bi = leftAdded[0];
    if (bi !== undefined && pairable(a[ai], b[bi])) {
      leftAdded.shift();
      diffValue(a[ai], b[bi], childPointer(pa, ai), childPointer(pb, bi), out);
    } else {
      leftRemoved.push(ai);
    }
  }
  for (const ai of leftRemoved) out.push({ kind: 'removed', pointer: childPointer(pa, ai), before: a[ai] });
  for (const bi of leftAdded) out.push({ kind: 'added', pointer: childPointer(pb, bi), after: b[bi] });
}

/** Longest common subsequence under `same`, as index pairs in order. */
function align(a: unknown[], b: unknown[]): Array<readonly [number, number]> {
  const n = a.length;
  const m = b.length;
  const ids = { a: a.map(identity), b: b.map(identity) };
  const same = (i: number, j: number) =>
    ids.a[i] !== undefined || ids.b[j] !== undefined ? ids.a[i] === ids.b[j] : jsonEqual(a[i], b[j]);
  // lengths[i][j] = LCS length of a[i..] and b[j..], in one flat array.
  const lengths = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => lengths[i * (m + 1) + j] ?? 0;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * (m + 1) + j] = same(i, j) ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  const pairs: Array<readonly [number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (same(i, j)) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (at(i + 1, j) >= at(i, j + 1)) {
      i++;
    } else {
      j++;
    }
  }
  return pairs;
}

function positional(a: unknown[], b: unknown[]): Array<readonly [number, number]> {
  return range(0, Math.min(a.length, b.length)).map((i) => [i, i] as const);
}

/** What makes an array element the same thing in both values, whatever else changed in it. */
function identity(value: unknown): string | undefined {
  if (!isPlainObject(value)) return undefined;
  if (typeof value.id === 'string') return `id:${value.id}`;
  if (typeof value.uri === 'string') return `uri:${value.uri}`;
  return undefined;
}

/** Two unmatched elements read as one edited element only when neither has an identity and they are alike in kind. */
function pairable(x: unknown, y: unknown): boolean {
  if (identity(x) !== undefined || identity(y) !== undefined) return false;
  return kindOf(x) === kindOf(y);
}

function kindOf(value: unknown): 'object' | 'array' | 'scalar' {
  return Array.isArray(value) ? 'array' : isPlainObject(value) ? 'object' : 'scalar';
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let k = from; k < to; k++) out.push(k);
  return out;
}

/** Equality of JSON values; member order does not matter (it carries no meaning in JSON objects). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && jsonEqual(a[key], b[key]));
  }
  return false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
