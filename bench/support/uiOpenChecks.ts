// The budgets of bench:ui-open (bench/budgets.json "ui-open"), checked against what bench/uiOpen.ts measured.

import type { BudgetCheck } from './report';
import type { Opened } from '../uiOpen';

export const uiOpenKeys = [
  'maxReadyMs100k',
  'maxHeapMB100k',
  'maxReadyMs1M',
  'maxWarmReadyMs1M',
  'maxP95FrameMs1M',
  'maxHeapMB1M',
  'maxP95FrameMs10M',
  'maxHeapMB10M',
] as const;

type Budget = Record<(typeof uiOpenKeys)[number], number>;

const atMost = (what: string, measured: number, limit: number, digits = 0): BudgetCheck => ({
  what,
  measured: measured.toFixed(digits),
  limit: `≤ ${limit}`,
  met: measured <= limit,
});

const heapOf = (r: Opened) => Math.max(r.heapAfterOpen, r.scroll.heapAfter);

export function uiOpenChecks(budget: Budget, results: Opened[], with10M: boolean): BudgetCheck[] {
  const [small, large, ten] = results as [Opened, Opened, Opened | undefined];
  const checks: BudgetCheck[] = [
    atMost('100k: open to first rows (ms)', small.readyMs, budget.maxReadyMs100k),
    { ...atMost('100k: JS heap after open (MB)', small.heapAfterOpen / 1e6, budget.maxHeapMB100k, 1) },
    atMost('1M: open to first rows, cold (ms)', large.readyMs, budget.maxReadyMs1M),
    atMost('1M: open to first rows, index kept (ms)', large.warmReadyMs ?? Infinity, budget.maxWarmReadyMs1M),
    {
      what: '1M: scrolled end to end, last row shown',
      measured: large.scroll.reachedEnd ? 'yes' : 'no',
      limit: 'yes',
      met: large.scroll.reachedEnd,
    },
    atMost('1M: p95 frame interval while scrolling (ms)', large.scroll.p95, budget.maxP95FrameMs1M, 1),
    { ...atMost('1M: JS heap after the scroll (MB)', heapOf(large) / 1e6, budget.maxHeapMB1M, 1) },
  ];
  if (!with10M || !ten) {
    checks.push({
      what: '10M: opened, scrolled and searched',
      measured: 'skipped',
      limit: 'run',
      met: false,
    });
    return checks;
  }
  checks.push(
    {
      what: '10M: scrolled end to end, last row shown',
      measured: ten.scroll.reachedEnd ? 'yes' : 'no',
      limit: 'yes',
      met: ten.scroll.reachedEnd,
    },
    atMost('10M: p95 frame interval while scrolling (ms)', ten.scroll.p95, budget.maxP95FrameMs10M, 1),
    {
      what: '10M: search finds the last stream (100 hits)',
      measured: ten.search && !ten.search.status.startsWith('unexpected') ? 'yes' : 'no',
      limit: 'yes',
      met: Boolean(ten.search && !ten.search.status.startsWith('unexpected')),
    },
    {
      ...atMost(
        '10M: window JS heap, most after open or scroll (MB)',
        heapOf(ten) / 1e6,
        budget.maxHeapMB10M,
        1,
      ),
    },
  );
  return checks;
}
