// How deep a value nests, checked without walking more than the limit: the same answer as a plain count of levels
// for any JSON value, and a bounded walk for values far deeper than the limit.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestedDeeperThan } from '../../../../shared/wire/jsonDepth';

/** Levels of arrays and objects, counted the obvious way. */
function levels(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let deepest = 0;
  for (const item of Object.values(value)) deepest = Math.max(deepest, levels(item));
  return deepest + 1;
}

function chain(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

describe('nestedDeeperThan', () => {
  it('agrees with a count of levels for any JSON value and limit', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 10 }), (value, max) => {
        expect(nestedDeeperThan(value, max)).toBe(levels(value) > max);
      }),
      { numRuns: 500 },
    );
  });

  it('draws the line exactly at the limit, for arrays and objects', () => {
    for (const kind of ['array', 'object'] as const) {
      expect(nestedDeeperThan(chain(1100, kind), 1100)).toBe(false);
      expect(nestedDeeperThan(chain(1101, kind), 1100)).toBe(true);
    }
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan(null, 0)).toBe(false);
    expect(nestedDeeperThan([], 0)).toBe(true);
  });

  it('stops at the limit on a value a hundred thousand levels deep, whose full walk would overflow the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    expect(nestedDeeperThan(deep, 1000)).toBe(true);
  });

  it('looks past the first member: the deep branch may be the last one', () => {
    expect(nestedDeeperThan({ a: 1, b: [2], c: { d: chain(20, 'array') } }, 20)).toBe(true);
    expect(nestedDeeperThan([1, 'x', null, [[[]]]], 3)).toBe(true);
    expect(nestedDeeperThan([1, 'x', null, [[[]]]], 4)).toBe(false);
  });
});
