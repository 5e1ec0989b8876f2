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
 * Cycles before the first sample: V8 compiles more of the program, and the heap and allocator settle, over the first
 * thousand or two cycles (heap and RSS rise, then level off: the warm-up samples in the report show it), so the
 * budget measures growth with the cycles after. It was 100 while the bench ran 500 cycles.
 */
const WARMUP = 2000;

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

/**
 * Every sample of the host, warm-up ones first (negative cycle counts, outside the budget, to show where growth
 * levels off); growth is from cycle 0 to the end.
 */
function sampleTable(result: SoakResult): string {
  const all = [...result.warming, ...result.samples];
  const types = [...new Set(result.samples.flatMap((s) => Object.keys(s.resources)))].sort();
  const row = (what: string, value: (s: SoakSample) => number) => {
    const start = value(result.samples[0]!);
    const end = value(result.samples.at(-1)!);
    return [what, ...all.map((s) => megabytes(value(s))), percent(growth(start, end))];
  };
  return markdownTable(
    ['after cycles', ...all.map((s) => String(s.cycles)), 'growth'],
    [
      row('RSS MB', (s) => s.rss),
      row('heap used MB', (s) => s.heapUsed),
      row('of which code MB', (s) => s.codeSpace),
      row('heap total MB', (s) => s.heapTotal),
      row('external MB', (s) => s.external),
      ...types.map((type) => {
        const counts = all.map((s) => s.resources[type] ?? 0);
        const gain = counts.at(-1)! - (result.samples[0]!.resources[type] ?? 0);
        return [type, ...counts.map(String), gain > 0 ? `+${gain}` : String(gain)];
      }),
    ],
  );
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
  const checks = soakChecks(result, reference, read.budget.maxGrowthPercent);
  const seconds = result.ms / 1000;
  const lines = [
    `${count(CYCLES)} cycles (blocking send, stream to its end, a slow task cancelled, get) after ` +
      `${count(WARMUP)} to warm up, against the 1.0 peer; ${count(result.frames)} frames published and recorded; ` +
      `${seconds.toFixed(1)} s, ${(CYCLES / seconds).toFixed(0)} cycles/s (${((CYCLES * 4) / seconds).toFixed(0)} ` +
      'operations/s).',
    `Machine: ${machine()}.`,
    '',
    sampleTable(result),
    '',
    'Figure, reference and floor: the host; the SDK client alone making the same cycles; the host warmed up ' +
      `alike and sampled as often, with no cycles (${reference.samples.length} samples each).`,
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
