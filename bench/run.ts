// Benchmark dispatcher (`npm run bench [name…|all]`, docs/architecture.md#tests: speed is measured here, never in
// tests). Each benchmark is its own module exporting a `Benchmark`; its budget comes from bench/budgets.json under its
// name, its report replaces its block in BENCHMARKS.md (support/benchmarksFile.ts), and the run exits non-zero when any
// budget is missed. `--no-write` leaves BENCHMARKS.md alone (a trial run).

import path from 'node:path';
import budgets from './budgets.json';
import { actsBenchmark } from './acts';
import { ingestBenchmark } from './ingest';
import { proxyBenchmark } from './proxy';
import { searchBenchmark } from './search';
import { soakBenchmark } from './soak';
import { sseBenchmark } from './sse';
import { startBenchmark } from './start';
import { uiLiveBenchmark } from './uiLive';
import { uiManyBenchmark } from './uiMany';
import { uiOpenBenchmark } from './uiOpen';
import { writeBenchmarksFile } from './support/benchmarksFile';
import type { Benchmark, BenchOutcome } from './support/benchmark';

const benchmarks: readonly Benchmark[] = [
  sseBenchmark,
  ingestBenchmark,
  uiLiveBenchmark,
  uiManyBenchmark,
  uiOpenBenchmark,
  startBenchmark,
  soakBenchmark,
  actsBenchmark,
  searchBenchmark,
  proxyBenchmark,
];

async function main(argv: string[]): Promise<number> {
  const write = !argv.includes('--no-write');
  const args = argv.filter((arg) => !arg.startsWith('--'));
  const wanted = args.length === 0 || args.includes('all') ? benchmarks.map((b) => b.name) : args;
  const unknown = wanted.filter((name) => !benchmarks.some((b) => b.name === name));
  if (unknown.length > 0) {
    console.error(
      `Unknown benchmark: ${unknown.join(', ')}. Known: ${benchmarks.map((b) => b.name).join(', ')}, all.`,
    );
    return 2;
  }
  let failed = 0;
  for (const benchmark of benchmarks.filter((b) => wanted.includes(b.name))) {
    console.log(`## bench:${benchmark.name} — ${benchmark.description}\n`);
    const budget: unknown = (budgets as Record<string, unknown>)[benchmark.name];
    let outcome: BenchOutcome;
    try {
      outcome = await benchmark.run(budget);
    } catch (error) {
      outcome = {
        ok: false,
        report: `The benchmark failed: ${error instanceof Error ? error.stack : String(error)}`,
      };
    }
    console.log(`${outcome.report}\n`);
    if (!outcome.ok) failed++;
    if (write) {
      await writeBenchmarksFile(path.resolve('BENCHMARKS.md'), {
        name: benchmark.name,
        description: benchmark.description,
        command: `npm run bench:${benchmark.name}`,
        date: new Date().toISOString().slice(0, 10),
        report: outcome.report,
        checks: outcome.checks ?? [],
      });
    }
  }
  if (failed > 0) console.error(`${failed} benchmark(s) missed their budget.`);
  return failed > 0 ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
