// bench:soak — does the host's memory stay put over a long session (issue 9)? A child process (bench/soakChild.ts,
// with --expose-gc) runs 5,000 cycles of send / stream / cancel / get against the 1.0 peer (the official SDK, in this
// process), after a warm-up. RSS, heap and live handles are taken after forced collections at the start and after
// each tenth; the budget is growth from start to end, and no handles (sockets, timers, files) or process
// listeners gained with the cycles. For comparison the same is measured for the SDK client alone making the same
// cycles (the reference) and for the host sampled without cycles (the floor: what measuring alone moves).

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { peers } from '../tests/peers';
import type { SoakMode, SoakResult, SoakSample } from './soakChild';
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

const CYCLES = 5000;
/**
 * Cycles before the first sample: V8 and the allocator reserve memory for JIT code and a heap that fits the work in
 * the first hundred or so cycles (RSS rises then, and stays), so the budget measures growth with the cycles after.
 */
const WARMUP = 100;

/** One soak child to its end, in a data folder of its own. */
async function soakChild(mode: SoakMode, cardUrl: string): Promise<SoakResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `switchboard-soak-${mode}-`));
  try {
    return await runJsonChild<SoakResult>(
      'bench/soakChild.ts',
      [mode, cardUrl, dataDir, String(CYCLES), String(WARMUP)],
      ['--expose-gc'],
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const growth = (a: number, b: number) => ((b - a) / a) * 100;
const percent = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)} %`;

/** Start, end and growth of heap and RSS for one child: a row of the figure / reference / floor table. */
function growthRow(what: string, result: SoakResult): string[] {
  const start = result.samples[0]!;
  const end = result.samples.at(-1)!;
  return [
    what,
    megabytes(start.heapUsed),
    megabytes(end.heapUsed),
    percent(growth(start.heapUsed, end.heapUsed)),
    megabytes(start.rss),
    megabytes(end.rss),
    percent(growth(start.rss, end.rss)),
  ];
}

/** The budget: the host's growth, each separately; no handle or listener gained; no failed operation. */
function soakChecks(result: SoakResult, reference: SoakResult, limit: number): BudgetCheck[] {
  const start = result.samples[0]!;
  const end = result.samples.at(-1)!;
  const heapGrowth = growth(start.heapUsed, end.heapUsed);
  const rssGrowth = growth(start.rss, end.rss);
  const types = [...new Set(result.samples.flatMap((s) => Object.keys(s.resources)))].sort();
  const gained = types.filter((type) => (end.resources[type] ?? 0) > (start.resources[type] ?? 0));
  const failed = result.failures.length + reference.failures.length;
  return [
    {
      what: `heap growth over ${count(CYCLES)} cycles (%)`,
      measured: heapGrowth.toFixed(1),
      limit: `≤ ${limit}`,
      met: heapGrowth <= limit,
    },
    {
      what: `RSS growth over ${count(CYCLES)} cycles (%)`,
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
    { what: 'operations that failed', measured: String(failed), limit: '0', met: failed === 0 },
  ];
}

async function run(budgetEntry: unknown): Promise<BenchOutcome> {
  const read = readBudget('soak', budgetEntry, ['maxGrowthPercent'] as const);
  if (!read.ok) return read;
  const peer = await peers['v1.0']();
  let result: SoakResult;
  let reference: SoakResult;
  let floor: SoakResult;
  try {
    // One after the other, so that they do not compete for the two cores.
    result = await soakChild('host', peer.cardUrl);
    reference = await soakChild('sdk', peer.cardUrl);
    floor = await soakChild('idle', peer.cardUrl);
  } finally {
    await peer.close();
  }
  const start = result.samples[0]!;
  const end = result.samples.at(-1)!;
  const heapGrowth = growth(start.heapUsed, end.heapUsed);
  const rssGrowth = growth(start.rss, end.rss);
  const types = [...new Set(result.samples.flatMap((s) => Object.keys(s.resources)))].sort();
  const checks = soakChecks(result, reference, read.budget.maxGrowthPercent);
  const column = (s: SoakSample) => String(s.cycles);
  const lines = [
    `${count(CYCLES)} cycles (blocking send, stream to its end, a slow task cancelled, get) after ${WARMUP} to warm up, against the 1.0 peer; ${count(result.frames)} frames published and recorded; ${(result.ms / 1000).toFixed(1)} s, ${(CYCLES / (result.ms / 1000)).toFixed(0)} cycles/s (${((CYCLES * 4) / (result.ms / 1000)).toFixed(0)} operations/s).`,
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
    `Figure, reference and floor: the host; the SDK client alone making the same cycles; the host warmed up alike and sampled as often, with no cycles (${reference.samples.length} samples each).`,
    '',
    markdownTable(
      ['process', 'heap start MB', 'heap end MB', 'heap growth', 'RSS start MB', 'RSS end MB', 'RSS growth'],
      [
        growthRow('host (figure)', result),
        growthRow('@a2a-js/sdk client alone (reference)', reference),
        growthRow('host, no cycles (floor)', floor),
      ],
    ),
    '',
    ...budgetLines(checks),
    ...result.failures.map((failure) => `Failed: ${failure}`),
    ...reference.failures.map((failure) => `Failed (reference): ${failure}`),
  ];
  return { ok: checks.every((c) => c.met), report: lines.join('\n'), checks };
}

export const soakBenchmark: Benchmark = {
  name: 'soak',
  description: '5,000 cycles of send, stream, cancel and get: memory, handles and listeners',
  run,
};
