// `npm run fuzz`: the fuzz targets (tests/unit/fuzz) at 100,000 inputs each instead of npm test's 1,000.
// FUZZ_RUNS overrides the count; FUZZ_SEED and FUZZ_PATH replay a failure (see docs/fuzzing.md). Extra arguments go to
// Vitest, e.g. `npm run fuzz -- -t journals`.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '100000' };
console.log(
  `Fuzzing with ${env.FUZZ_RUNS} inputs per target${env.FUZZ_SEED ? `, seed ${env.FUZZ_SEED}` : ''}.`,
);
const result = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', 'tests/unit/fuzz', ...process.argv.slice(2)],
  { stdio: 'inherit', env },
);
process.exit(result.status ?? 1);
