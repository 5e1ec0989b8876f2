// What every benchmark's report shares: Markdown tables, medians and percentiles, number formats, the machine the
// numbers were taken on, and budget entries read from bench/budgets.json with a plain message when one is missing.

import { cpus, release } from 'node:os';

/** A Markdown table; the first column is aligned left and the others right, unless `left` names more. */
export function markdownTable(header: string[], rows: string[][], left: readonly number[] = [0]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  const isLeft = (i: number) => left.includes(i);
  const line = (cells: string[]): string =>
    `| ${cells.map((cell, i) => (isLeft(i) ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (isLeft(i) ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** The nearest-rank percentile (p in 0..100) of `values`; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

export function count(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** Bytes as MB (10⁶), one decimal. */
export function megabytes(bytes: number): string {
  return (bytes / 1e6).toFixed(1);
}

export function machine(): string {
  const cpu = cpus();
  return `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, Linux ${release()}, Node ${process.version}`;
}

/**
 * The numeric entries a benchmark needs from its budget object; a missing or non-numeric one is named, so a broken
 * budgets.json fails the run with a sentence instead of passing by comparing against undefined.
 */
export function readBudget<K extends string>(
  name: string,
  value: unknown,
  keys: readonly K[],
): { ok: true; budget: Record<K, number> } | { ok: false; report: string } {
  const entries = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const missing = keys.filter((key) => typeof entries[key] !== 'number' || !Number.isFinite(entries[key]));
  if (missing.length > 0) {
    return {
      ok: false,
      report: `bench/budgets.json has no valid ${missing.map((key) => `"${name}.${key}"`).join(', ')}.`,
    };
  }
  return { ok: true, budget: entries as Record<K, number> };
}

/** One line per budget: what was measured against what was allowed, and whether it held. */
export interface BudgetCheck {
  what: string;
  measured: string;
  limit: string;
  met: boolean;
}

export function budgetLines(checks: readonly BudgetCheck[]): string[] {
  return checks.map(
    (c) => `Budget: ${c.what} = ${c.measured} (needs ${c.limit}): ${c.met ? 'met' : 'MISSED'}.`,
  );
}
