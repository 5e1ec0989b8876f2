// The push service's compact memory of task ids (recentTaskIds.ts) against the straightforward one it replaced, a
// Set of the newest N ids in first-seen order: fed the same long random sequences of adds and lookups, both must
// answer every lookup alike, inside the window and at its edge, while the ring grows and after it wraps.

import { describe, expect, it } from 'vitest';
import { RecentTaskIds } from '../../../../../electron/host/push/recentTaskIds';

/** The former structure, kept here as the reference. */
class SetOfNewest {
  private readonly set = new Set<string>();
  constructor(private readonly limit: number) {}
  add(id: string): void {
    this.set.add(id);
    if (this.set.size > this.limit) this.set.delete(this.set.values().next().value!);
  }
  has(id: string): boolean {
    return this.set.has(id);
  }
  get count(): number {
    return this.set.size;
  }
}

/** Mulberry32: the same sequence on every run, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Ids shaped like the ones agents mint (UUIDs), and a few that are not: short, long, non-ASCII. */
function makeId(n: number, next: () => number): string {
  const kind = next();
  if (kind < 0.8) {
    const hex = (bits: number) => Math.floor(next() * 2 ** bits).toString(16);
    return `${hex(32)}-${hex(16)}-4${hex(12)}-${n.toString(16)}-${hex(32)}`;
  }
  if (kind < 0.9) return `task-${n}`;
  if (kind < 0.95) return `tâche-${n}-é🙂`;
  return `t${n}-${'x'.repeat(Math.floor(next() * 300))}`;
}

function compare(limit: number, operations: number, seed: number): number {
  const next = random(seed);
  const ids: string[] = [];
  const id = (n: number) => (ids[n] ??= makeId(n, next));
  const compact = new RecentTaskIds(limit);
  const reference = new SetOfNewest(limit);
  let differences = 0;
  let knownAnswers = 0;
  /** Ids 0 … added − 1 have been added at least once. */
  let added = 0;
  const back = (span: number) => Math.max(0, added - 1 - Math.floor(next() * span));
  for (let op = 0; op < operations; op++) {
    if (next() < 0.5) {
      // Mostly new tasks; else one shown again (a stream's events repeat its task), near the window's edge or not.
      const n = next() < 0.7 ? added++ : back(next() < 0.5 ? 4 : limit * 1.5);
      compact.add(id(n));
      reference.add(id(n));
    } else {
      const choice = next();
      // Asked about: tasks around the window's edge, any task ever shown, recent ones, and ones never shown.
      const n =
        choice < 0.4
          ? back(limit * 2)
          : choice < 0.7
            ? Math.floor(next() * added)
            : choice < 0.9
              ? back(4)
              : added + Math.floor(next() * 10);
      const answer = reference.has(id(n));
      if (compact.has(id(n)) !== answer) differences++;
      if (answer) knownAnswers++;
    }
    if (compact.count !== reference.count) differences++;
  }
  // Every id met, known or not, at the end (forEach skips the ids never made).
  ids.forEach((each) => {
    if (compact.has(each) !== reference.has(each)) differences++;
  });
  expect(knownAnswers).toBeGreaterThan(operations / 100);
  // The window filled, so forgetting the oldest was exercised too.
  expect(compact.count).toBe(limit);
  return differences;
}

describe('RecentTaskIds answers as the Set of the newest ids did', () => {
  it.each([
    { limit: 1, operations: 20_000, seed: 1 },
    { limit: 7, operations: 50_000, seed: 2 },
    { limit: 256, operations: 100_000, seed: 3 },
    { limit: 1_000, operations: 200_000, seed: 4 },
    { limit: 100_000, operations: 340_000, seed: 5 },
  ])('limit $limit, $operations random operations', ({ limit, operations, seed }) => {
    expect(compare(limit, operations, seed)).toBe(0);
  });

  it('forgets the oldest id first, and an id added again keeps its first place', () => {
    const known = new RecentTaskIds(3);
    for (const id of ['a', 'b', 'c', 'a', 'd']) known.add(id);
    expect(['a', 'b', 'c', 'd'].map((id) => known.has(id))).toEqual([false, true, true, true]);
    expect(known.count).toBe(3);
  });

  it('stops growing at its limit', () => {
    const known = new RecentTaskIds(1_000);
    for (let n = 0; n < 1_000; n++) known.add(`t${n}`);
    const full = known.bytes;
    for (let n = 1_000; n < 50_000; n++) known.add(`t${n}`);
    expect(known.bytes).toBe(full);
    expect(known.count).toBe(1_000);
    expect(full).toBeLessThanOrEqual(1_000 * 8 + 2_048 * 4);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a limit of %s with a message', (limit) => {
    expect(() => new RecentTaskIds(limit)).toThrow(
      `RecentTaskIds needs a whole number of ids to keep, at least 1; got ${limit}.`,
    );
  });
});
