// Benchmark dispatcher (`npm run bench [name|all]`, DESIGN.md §7: speed is measured here, never in tests). Each
// benchmark is its own module exporting a `Benchmark`; its budget comes from bench/budgets.json under its name, and
// the run exits non-zero when any budget is missed. To add one (ingest, ui-live, ui-open, start …), write
// bench/<name>.ts and list it in `benchmarks` below.

import budgets from './budgets.json';
import { ingestBenchmark } from './ingest';
import { sseBenchmark } from './sse';

export interface BenchOutcome {
  /** False when the budget was missed or the run found something wrong. */
  ok: boolean;
  /** What to print: a short description, the numbers as a Markdown table, the budget verdict. */
  report: string;
}

export interface Benchmark {
  name: string;
  description: string;
  /** Runs the benchmark; `budget` is its entry in bench/budgets.json (unknown: each benchmark checks its own). */
  run: (budget: unknown) => BenchOutcome | Promise<BenchOutcome>;
}

const benchmarks: readonly Benchmark[] = [sseBenchmark, ingestBenchmark];

async function main(args: string[]): Promise<number> {
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
    const outcome = await benchmark.run(budget);
    console.log(`${outcome.report}\n`);
    if (!outcome.ok) failed++;
  }
  if (failed > 0) console.error(`${failed} benchmark(s) missed their budget.`);
  return failed > 0 ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
