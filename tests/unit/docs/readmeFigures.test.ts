// The README's performance figures have one source: `npm run bench` writes them into BENCHMARKS.md, and the README
// links there instead of quoting them, so a new run can never leave it saying something else.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync('README.md', 'utf8');

function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  expect(start, `README has a "${heading}" section`).toBeGreaterThanOrEqual(0);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

describe('README figures', () => {
  it('quotes no benchmark figure in its performance section, and links to the measured ones', () => {
    const performance = section(readme, 'Performance');
    expect(performance).toContain('(BENCHMARKS.md#benchmarks)');
    const figures = performance.match(/\d[\d,.]*/g) ?? [];
    expect(figures).toEqual([]);
  });

  it('quotes no timing or rate anywhere else either', () => {
    const timings = readme.match(/\b\d[\d,.]*\s?(ms|s|seconds?|kB|fps|events\/s)\b/g) ?? [];
    expect(timings).toEqual([]);
  });

  it('links to a summary that the benchmark runner rewrites', () => {
    const benchmarks = readFileSync('BENCHMARKS.md', 'utf8');
    expect(benchmarks.startsWith('# Benchmarks\n')).toBe(true);
    expect(benchmarks).toContain('<!-- bench:summary -->');
  });
});
