// bench:soak — does the host's memory stay put over a long session (issue 9)? A child process (bench/soakChild.ts,
// with --expose-gc) runs 500 cycles of send / stream / cancel / get against the 1.0 peer (the official SDK, in this
// process), after a warm-up. RSS, heap and live handles are taken after forced collections at the start and after
// each quarter; the budget is growth from start to end, and no handles (sockets, timers, files) or process
// listeners gained with the cycles.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { peers } from '../tests/peers';
import type { SoakResult, SoakSample } from './soakChild';
import type { Benchmark, BenchOutcome } from './support/benchmark';
import { runJsonChild } from './support/child';
import {
  budgetLines,
  count,
  machine,
  markdownTable,
  megabytes,
  readBudget,
  type BudgetCheck,
} from './support/report';

const CYCLES = 500;
/**
 * Cycles before the first sample: V8 and the allocator reserve memory for JIT code and a heap that fits the work in
 * the first hundred or so cycles (RSS rises then, and stays), so the budget measures growth with the cycles after.
 */
const WARMUP = 100;

async function run(budgetEntry: unknown): Promise<BenchOutcome> {
  const read = readBudget('soak', budgetEntry, ['maxGrowthPercent'] as const);
  if (!read.ok) return read;
  const peer = await peers['v1.0']();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-soak-'));
  let result: SoakResult;
  try {
    result = await runJsonChild<SoakResult>(
      'bench/soakChild.ts',
      [peer.cardUrl, dataDir, String(CYCLES), String(WARMUP)],
      ['--expose-gc'],
    );
  } finally {
    await peer.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  const start = result.samples[0]!;
  const end = result.samples.at(-1)!;
  const growth = (a: number, b: number) => ((b - a) / a) * 100;
  const heapGrowth = growth(start.heapUsed, end.heapUsed);
  const rssGrowth = growth(start.rss, end.rss);
  const types = [...new Set(result.samples.flatMap((s) => Object.keys(s.resources)))].sort();
  const gained = types.filter((type) => (end.resources[type] ?? 0) > (start.resources[type] ?? 0));
  const limit = read.budget.maxGrowthPercent;
  const checks: BudgetCheck[] = [
    {
      what: 'heap growth over 500 cycles (%)',
      measured: heapGrowth.toFixed(1),
      limit: `≤ ${limit}`,
      met: heapGrowth <= limit,
    },
    {
      what: 'RSS growth over 500 cycles (%)',
      measured: rssGrowth.toFixed(1),
      limit: `≤ ${limit}`,
      met: rssGrowth <= limit,
    },
    {
      what: 'handles and listeners gained',
      measured: gained.length ? gained.join(', ') : 'none',
      limit: 'none',
      met: gained.length === 0,
    },
    {
      what: 'operations that failed',
      measured: String(result.failures.length),
      limit: '0',
      met: result.failures.length === 0,
    },
  ];
  const column = (s: SoakSample) => String(s.cycles);
  const percent = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)} %`;
  const lines = [
    `${CYCLES} cycles (blocking send, stream to its end, a slow task cancelled, get) after ${WARMUP} to warm up, against the 1.0 peer; ${count(result.frames)} frames published and recorded; ${(result.ms / 1000).toFixed(1)} s, ${(CYCLES / (result.ms / 1000)).toFixed(0)} cycles/s (${((CYCLES * 4) / (result.ms / 1000)).toFixed(0)} operations/s).`,
    `Machine: ${machine()}.`,
    '',
    markdownTable(
      ['after cycles', ...result.samples.map(column), 'growth'],
      [
        ['RSS MB', ...result.samples.map((s) => megabytes(s.rss)), percent(rssGrowth)],
        ['heap used MB', ...result.samples.map((s) => megabytes(s.heapUsed)), percent(heapGrowth)],
        ...types.map((type) => {
          const counts = result.samples.map((s) => s.resources[type] ?? 0);
          const gain = counts.at(-1)! - counts[0]!;
          return [type, ...counts.map(String), gain > 0 ? `+${gain}` : String(gain)];
        }),
      ],
    ),
    '',
    ...budgetLines(checks),
    ...result.failures.map((failure) => `Failed: ${failure}`),
  ];
  return { ok: checks.every((c) => c.met), report: lines.join('\n'), checks };
}

export const soakBenchmark: Benchmark = {
  name: 'soak',
  description: '500 cycles of send, stream, cancel and get: memory, handles and listeners',
  run,
};
