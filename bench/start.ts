// bench:start — the browser edition from nothing to `data-app-state="ready"` (issue 9). Each round starts a fresh
// host and server and a fresh Chromium (no cache), opens the app and waits for ready. Every script the page fetched
// before it was ready counts towards the initial JS, measured gzipped (level 9) from dist/; Monaco and the previews
// must not be among them. All chunks are listed with their sizes.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Benchmark, BenchOutcome } from './run';
import { buildIfNeeded, launchChromium, startBrowserApp } from './support/browserApp';
import { budgetLines, machine, markdownTable, median, readBudget, type BudgetCheck } from './support/report';

const ROUNDS = 5;
const ASSETS = path.resolve('dist/renderer/assets');
/** Chunks that must load only when used: the editor and its workers, and the previews. */
const LAZY =
  /^(editor|editor\.api|editor\.worker|json\.worker|setupMonaco|jsonMode|MonacoBody|MonacoJsonEditor|CardEditor|CardDiffEditor|html|xml)-/;

interface Round {
  readyMs: number;
  domContentLoadedMs: number;
  /** Scripts and style sheets fetched before ready. */
  scripts: string[];
}

async function oneRound(): Promise<Round> {
  const app = await startBrowserApp({ record: false, open: false });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const scripts = new Set<string>();
    let ready = false;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!ready && url.pathname.startsWith('/assets/') && /\.(js|css)$/.test(url.pathname))
        scripts.add(path.basename(url.pathname));
    });
    const started = performance.now();
    await page.goto(app.url);
    await page.locator('[data-app-state="ready"]').waitFor({ timeout: 60_000 });
    const readyMs = performance.now() - started;
    ready = true;
    const domContentLoadedMs = await page.evaluate(() => {
      const g = globalThis as unknown as {
        performance: { getEntriesByType(t: string): Array<{ domContentLoadedEventEnd: number }> };
      };
      return g.performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? Number.NaN;
    });
    return { readyMs, domContentLoadedMs, scripts: [...scripts] };
  } finally {
    await browser.close();
    await app.close();
  }
}

async function run(budgetEntry: unknown): Promise<BenchOutcome> {
  const read = readBudget('start', budgetEntry, ['maxInitialJsGzipKB', 'maxReadyMs'] as const);
  if (!read.ok) return read;
  buildIfNeeded();
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await oneRound());
  const chunks = await Promise.all(
    (await readdir(ASSETS))
      .filter((name) => name.endsWith('.js') || name.endsWith('.css'))
      .map(async (name) => {
        const bytes = await readFile(path.join(ASSETS, name));
        return { name, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      }),
  );
  chunks.sort((a, b) => b.gzip - a.gzip);
  const loaded = new Set(rounds.flatMap((r) => r.scripts));
  const initialGzip = chunks
    .filter((c) => loaded.has(c.name) && c.name.endsWith('.js'))
    .reduce((sum, c) => sum + c.gzip, 0);
  const eager = [...loaded].filter((name) => LAZY.test(name));
  const readyMedian = median(rounds.map((r) => r.readyMs));
  const readyMax = Math.max(...rounds.map((r) => r.readyMs));
  const kb = (bytes: number) => (bytes / 1000).toFixed(1);
  const checks: BudgetCheck[] = [
    {
      what: 'initial JS, gzip (kB)',
      measured: kb(initialGzip),
      limit: `≤ ${read.budget.maxInitialJsGzipKB}`,
      met: initialGzip / 1000 <= read.budget.maxInitialJsGzipKB,
    },
    {
      what: 'Monaco and previews loaded before ready',
      measured: eager.length ? eager.join(', ') : 'none',
      limit: 'none',
      met: eager.length === 0,
    },
    {
      what: 'cold start to ready, slowest round (ms)',
      measured: readyMax.toFixed(0),
      limit: `≤ ${read.budget.maxReadyMs}`,
      met: readyMax <= read.budget.maxReadyMs,
    },
  ];
  const lines = [
    `${ROUNDS} cold starts: a fresh host, server and Chromium each time; from navigation to data-app-state="ready".`,
    `Machine: ${machine()}.`,
    '',
    markdownTable(
      ['measure', 'median', 'slowest'],
      [
        ['navigation to ready (ms)', readyMedian.toFixed(0), readyMax.toFixed(0)],
        [
          'DOMContentLoaded (ms)',
          median(rounds.map((r) => r.domContentLoadedMs)).toFixed(0),
          Math.max(...rounds.map((r) => r.domContentLoadedMs)).toFixed(0),
        ],
      ],
    ),
    '',
    markdownTable(
      ['chunk', 'raw kB', 'gzip kB', 'loaded before ready'],
      chunks.map((c) => [
        c.name,
        kb(c.raw),
        kb(c.gzip),
        loaded.has(c.name) ? 'yes' : LAZY.test(c.name) ? 'no (lazy)' : 'no',
      ]),
    ),
    '',
    ...budgetLines(checks),
  ];
  return { ok: checks.every((c) => c.met), report: lines.join('\n'), checks };
}

export const startBenchmark: Benchmark = {
  name: 'start',
  description: 'browser edition cold start, and the size of what it loads first',
  run,
};
