// Differential test for the analysis queue (shared/fifo.ts): a seeded random run of pushes and takes
// gives exactly what an array with push and shift gives, including across the compactions.

import { describe, expect, it } from 'vitest';
import { Fifo } from '../../../shared/fifo';

describe('Fifo', () => {
  it.each([1, 7, 2026])('takes what an array with shift() gives (seed %i)', (seed) => {
    let state = seed;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const fifo = new Fifo<number>();
    const array: number[] = [];
    let counter = 0;
    for (let step = 0; step < 20_000; step++) {
      if (next() < 0.55) {
        const n = Math.floor(next() * 50);
        for (let i = 0; i < n; i++) {
          fifo.push(counter);
          array.push(counter++);
        }
      } else {
        const max = Math.floor(next() * 80);
        const expected: number[] = [];
        while (expected.length < max && array.length > 0) expected.push(array.shift()!);
        expect(fifo.take(max)).toEqual(expected);
      }
      expect(fifo.length).toBe(array.length);
    }
  });

  it('takes nothing from an empty queue or for a max of 0 or less, and clears', () => {
    const fifo = new Fifo<string>();
    expect(fifo.take(5)).toEqual([]);
    fifo.push('a');
    expect(fifo.take(0)).toEqual([]);
    expect(fifo.take(-3)).toEqual([]);
    fifo.clear();
    expect(fifo.length).toBe(0);
    fifo.push('b');
    expect(fifo.take(2)).toEqual(['b']);
  });
});
