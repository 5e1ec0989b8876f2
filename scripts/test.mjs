// `npm test`: build, then unit + integration tests (Vitest), then end-to-end tests (Playwright, Debian Chromium).
// Each runner writes a JSON report; the last line printed sums them all as "N passed, N failed" (read by CI).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const reportDir = path.resolve('reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];

function run(label, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

const buildStatus = run('build', ['scripts/build.mjs']);
if (buildStatus !== 0) {
  totals.failed += 1;
  problems.push('the build failed, so the end-to-end tests were not run');
}

const vitestReport = path.join(reportDir, 'vitest.json');
const vitestStatus = run('unit and integration (Vitest)', [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  // A file that fails to load has no failed test of its own; count it so it cannot pass silently.
  const brokenFiles = vitest.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  );
  totals.failed += brokenFiles.length;
  if (vitestStatus !== 0 && vitest.numFailedTests === 0 && brokenFiles.length === 0) {
    totals.failed += 1;
    problems.push(`Vitest exited with ${vitestStatus}`);
  }
} else {
  totals.failed += 1;
  problems.push('Vitest wrote no report');
}

if (buildStatus === 0) {
  const playwrightStatus = run('end-to-end (Playwright)', ['node_modules/@playwright/test/cli.js', 'test'], {
    SWITCHBOARD_REPORT_DIR: reportDir,
  });
  const playwright = readJson(path.join(reportDir, 'playwright.json'));
  if (playwright) {
    totals.passed += playwright.stats.expected + playwright.stats.flaky;
    totals.failed += playwright.stats.unexpected;
    totals.skipped += playwright.stats.skipped;
    if (playwrightStatus !== 0 && playwright.stats.unexpected === 0) {
      totals.failed += 1;
      problems.push(
        `Playwright exited with ${playwrightStatus}${playwright.errors?.length ? `: ${playwright.errors[0].message}` : ''}`,
      );
    }
  } else {
    totals.failed += 1;
    problems.push('Playwright wrote no report');
  }
}

console.log('');
for (const problem of problems) console.log(`Problem: ${problem}.`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed > 0 ? 1 : 0);
