// Keeps BENCHMARKS.md current (issue 9: numbers, machine, command, date). Each benchmark's section holds a block
// between markers that a run replaces with its report; the prose around the blocks is written by hand and kept.
// The summary at the top is rebuilt from every section's budget checks, which each block also carries as a JSON
// comment, so running one benchmark updates its row and leaves the others as they were last measured.

import { readFile, writeFile } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';
import type { BudgetCheck } from './report';
import { markdownTable } from './report';

const SUMMARY_START = '<!-- bench:summary -->';
const SUMMARY_END = '<!-- /bench:summary -->';

const blockStart = (name: string) => `<!-- bench:${name} results -->`;
const blockEnd = (name: string) => `<!-- /bench:${name} results -->`;

export interface SectionUpdate {
  name: string;
  description: string;
  command: string;
  date: string;
  report: string;
  checks: readonly BudgetCheck[];
}

/** The file's text with this benchmark's block replaced (or its section added) and the summary rebuilt. */
export function updateBenchmarks(text: string, update: SectionUpdate): string {
  const block = [
    blockStart(update.name),
    `<!-- checks: ${JSON.stringify(update.checks)} -->`,
    '',
    `Command: \`${update.command}\`, taken ${update.date}.`,
    '',
    update.report,
    blockEnd(update.name),
  ].join('\n');
  const start = text.indexOf(blockStart(update.name));
  const end = text.indexOf(blockEnd(update.name));
  let out: string;
  if (start !== -1 && end > start) {
    out = text.slice(0, start) + block + text.slice(end + blockEnd(update.name).length);
  } else {
    out = `${text.trimEnd()}\n\n## bench:${update.name}\n\n${update.description}.\n\n${block}\n`;
  }
  return withSummary(out);
}

export function withSummary(text: string): string {
  const rows: string[][] = [];
  for (const match of text.matchAll(/<!-- bench:([\w-]+) results -->\n<!-- checks: (.*?) -->/g)) {
    let checks: BudgetCheck[];
    try {
      checks = JSON.parse(match[2]!) as BudgetCheck[];
    } catch {
      // A block edited by hand into something unreadable: its row is left out until the benchmark runs again.
      checks = [];
    }
    for (const check of checks) {
      rows.push([
        `bench:${match[1]}`,
        check.what,
        check.measured,
        check.limit,
        check.met ? 'met' : '**missed**',
      ]);
    }
  }
  const summary = [
    SUMMARY_START,
    markdownTable(['benchmark', 'measure', 'last run', 'budget', 'verdict'], rows, [0, 1, 4]),
    SUMMARY_END,
  ].join('\n');
  const start = text.indexOf(SUMMARY_START);
  const end = text.indexOf(SUMMARY_END);
  if (start !== -1 && end > start)
    return text.slice(0, start) + summary + text.slice(end + SUMMARY_END.length);
  // First run: the summary goes after the introduction, before the first section.
  const first = text.indexOf('\n## ');
  return first === -1
    ? `${text.trimEnd()}\n\n${summary}\n`
    : `${text.slice(0, first)}\n${summary}\n${text.slice(first)}`;
}

export async function writeBenchmarksFile(file: string, update: SectionUpdate): Promise<void> {
  const text = await readFile(file, 'utf8').catch(() => '# Benchmarks\n');
  // Formatted as `npm run format` would, so that a run leaves the repository's format check passing.
  const options = (await resolveConfig(file)) ?? {};
  await writeFile(file, await format(updateBenchmarks(text, update), { ...options, filepath: file }));
}
