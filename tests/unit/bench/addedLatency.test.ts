// bench:proxy's arithmetic (bench/support/addedLatency.ts): what the proxy adds is the difference of the two paths'
// nearest-rank percentiles, and memory is flat when its growth stays within the stated bound.

import { describe, expect, it } from 'vitest';
import { addedLatency, memoryGrowth } from '../../../bench/support/addedLatency';

describe('addedLatency', () => {
  it('subtracts the direct p50 and p99 from the proxied ones', () => {
    const direct = Array.from({ length: 100 }, (_, i) => i + 1);
    const proxied = direct.map((ms) => ms + 0.5);
    proxied[99] = 150;
    const result = addedLatency(direct, proxied);
    expect(result.direct).toEqual({ p50: 50, p99: 99 });
    expect(result.proxied).toEqual({ p50: 50.5, p99: 99.5 });
    expect(result.added).toEqual({ p50: 0.5, p99: 0.5 });
    expect(result.calls).toBe(200);
  });

  it('reports a negative difference when the proxied path happened to be faster', () => {
    expect(addedLatency([2, 2, 2], [1, 1, 1]).added).toEqual({ p50: -1, p99: -1 });
  });

  it('refuses a path without calls, with a message saying why', () => {
    expect(() => addedLatency([], [1])).toThrow('added latency needs at least one call on each path.');
    expect(() => addedLatency([1], [])).toThrow('added latency needs at least one call on each path.');
  });
});

describe('memoryGrowth', () => {
  it('is flat up to the bound and not beyond it', () => {
    expect(memoryGrowth(100, 150, 50)).toEqual({ growthBytes: 50, flat: true });
    expect(memoryGrowth(100, 151, 50)).toEqual({ growthBytes: 51, flat: false });
    expect(memoryGrowth(100, 80, 50)).toEqual({ growthBytes: -20, flat: true });
  });
});
