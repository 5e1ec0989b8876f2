// What a path in the middle adds (bench:proxy): the p50 and p99 of calls made directly and through it, and the
// difference of each percentile. Percentiles of the two paths are compared, not calls paired one to one, since a
// pair's two calls are not the same work twice (each meets the machine's noise at a different moment).

import { percentile } from './report';

export interface PathPercentiles {
  p50: number;
  p99: number;
}

export interface AddedLatency {
  direct: PathPercentiles;
  proxied: PathPercentiles;
  /** proxied − direct, per percentile; negative when the proxied path happened to be faster. */
  added: PathPercentiles;
  calls: number;
}

export function addedLatency(direct: readonly number[], proxied: readonly number[]): AddedLatency {
  if (direct.length === 0 || proxied.length === 0)
    throw new Error('added latency needs at least one call on each path.');
  const of = (times: readonly number[]): PathPercentiles => ({
    p50: percentile(times, 50),
    p99: percentile(times, 99),
  });
  const d = of(direct);
  const p = of(proxied);
  return {
    direct: d,
    proxied: p,
    added: { p50: p.p50 - d.p50, p99: p.p99 - d.p99 },
    calls: direct.length + proxied.length,
  };
}

/** Whether memory stayed flat over a run: what it grew from start to end, against the bound allowed. */
export function memoryGrowth(
  startBytes: number,
  endBytes: number,
  boundBytes: number,
): { growthBytes: number; flat: boolean } {
  const growthBytes = endBytes - startBytes;
  return { growthBytes, flat: growthBytes <= boundBytes };
}
