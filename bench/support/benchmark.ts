// What a benchmark is to bench/run.ts: each module under bench/ exports one, and run.ts runs those asked for. The
// shape sits here so that the benchmarks need not import the runner that imports them.

import type { BudgetCheck } from './report';

export interface BenchOutcome {
  /** False when the budget was missed or the run found something wrong. */
  ok: boolean;
  /** What to print: a short description, the numbers as a Markdown table, the budget verdict. */
  report: string;
  /** Each budget measured, for the summary table; empty when the run could not measure. */
  checks?: BudgetCheck[];
}

export interface Benchmark {
  name: string;
  description: string;
  /** Runs the benchmark; `budget` is its entry in bench/budgets.json (unknown: each benchmark checks its own). */
  run: (budget: unknown) => BenchOutcome | Promise<BenchOutcome>;
}
