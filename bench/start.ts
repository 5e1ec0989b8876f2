// bench:start — the browser edition from nothing to `data-app-state="ready"` (issue 9). Each round starts a fresh
// host and server and a fresh Chromium (no cache), opens the app and waits for ready. Every script the page fetched
// before it was ready counts towards the initial JS, measured gzipped (level 9) from dist/; Monaco and the previews
// must not be among them. All chunks are listed with their sizes. Each round also times the floor (support/startFloor.ts).
// The page notes when it is ready itself (support/readyMark.ts), so the time is not rounded up to a locator's next poll.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Request } from '@playwright/test';
import type { Benchmark, BenchOutcome } from './support/benchmark';
import { buildIfNeeded, launchChromium, startAppServer } from './support/browserApp';
import { installReadyMark, readyMarkAt } from './support/readyMark';
import { emptyPageLoadMs } from './support/startFloor';
import { budgetLines, machine, markdownTable, median, readBudget, type BudgetCheck } from './support/report';

const ROUNDS = 5;
const ASSETS = path.resolve('dist/renderer/assets');
/** Chunks that must load only when used: the editor and its workers, and the previews. */
const LAZY =
  /^(editor|editor\.api|editor\.worker|json\.worker|setupMonaco|jsonMode|MonacoBody|MonacoJsonEditor|CardEditor|CardDiffEditor|html|xml)-/;

interface Round {
  readyMs: number;
  /** The floor of this round: an empty page from the same server in a fresh Chromium, navigation to load. */
  floorMs: number;
  /** When the document's last byte arrived (Navigation Timing responseEnd). */
  documentMs: number;
  /** When the last script or style sheet fetched before ready had arrived (Resource Timing responseEnd). */
  assetsMs: number;
  domContentLoadedMs: number;
  loadMs: number;
  /** Every request the page made before ready (documents, assets, API calls). */
  requests: number;
  /** Of those, the calls to the host's API (the event stream included). */
  hostCalls: number;
  /** The page's main thread until ready (Chromium's Performance.getMetrics): all tasks, script, style and layout. */
  taskMs: number;
  scriptMs: number;
  styleLayoutMs: number;
  /** Scripts and style sheets fetched before ready. */
  scripts: string[];
  /** Their bodies as they crossed the wire (the local server sends them uncompressed). */
  scriptBytes: number;
}

/**
 * One cold start. The host and server are up before the clock starts, so the time is the browser's alone: from
 * navigation (page.goto) until the first frame with the ready mark has been rendered, in a Chromium launched for this
 * round with an empty profile.
 */
async function oneRound(): Promise<Round> {
  const app = await startAppServer({ record: false });
  let browser: Browser | undefined;
  try {
    const floorMs = await emptyPageLoadMs(app.host);
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const assets: Request[] = [];
    let requests = 0;
    let hostCalls = 0;
    let ready = false;
    page.on('request', (request) => {
      if (ready) return;
      requests++;
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) hostCalls++;
      if (url.pathname.startsWith('/assets/') && /\.(js|css)$/.test(url.pathname)) assets.push(request);
    });
    await installReadyMark(page);
    const started = performance.timeOrigin + performance.now();
    await page.goto(app.url);
    const readyMs = (await readyMarkAt(cdp, 60_000)) - started;
    ready = true;
    const thread = mainThread((await cdp.send('Performance.getMetrics')).metrics);
    const timing = await page.evaluate(() => {
      interface Entry {
        name: string;
        responseEnd: number;
        domContentLoadedEventEnd: number;
        loadEventEnd: number;
      }
      const g = globalThis as unknown as { performance: { getEntriesByType(t: string): Entry[] } };
      const entry = g.performance.getEntriesByType('navigation')[0];
      const assets = g.performance
        .getEntriesByType('resource')
        .filter((r) => /\/assets\/.*\.(js|css)$/.test(r.name));
      return {
        document: entry?.responseEnd ?? Number.NaN,
        assets: Math.max(0, ...assets.map((r) => r.responseEnd)),
        dcl: entry?.domContentLoadedEventEnd ?? Number.NaN,
        load: entry?.loadEventEnd ?? Number.NaN,
      };
    });
    const sizes = await Promise.all(assets.map((request) => request.sizes()));
    return {
      readyMs,
      floorMs,
      documentMs: timing.document,
      assetsMs: timing.assets,
      domContentLoadedMs: timing.dcl,
      loadMs: timing.load,
      requests,
      hostCalls,
      ...thread,
      scripts: assets.map((request) => path.basename(new URL(request.url()).pathname)),
      scriptBytes: sizes.reduce((sum, size) => sum + size.responseBodySize, 0),
    };
  } finally {
    await browser?.close();
    await app.close();
  }
}

/** Chromium's cumulative main-thread durations (seconds) as milliseconds. */
function mainThread(metrics: ReadonlyArray<{ name: string; value: number }>) {
  const ms = (name: string) => (metrics.find((m) => m.name === name)?.value ?? Number.NaN) * 1000;
  return {
    taskMs: ms('TaskDuration'),
    scriptMs: ms('ScriptDuration'),
    styleLayoutMs: ms('RecalcStyleDuration') + ms('LayoutDuration'),
  };
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
  const readyMax = Math.max(...rounds.map((r) => r.readyMs));
  const kb = (bytes: number) => (bytes / 1000).toFixed(1);
  const row = (what: string, of: (r: Round) => number, digits = 0) => {
    const values = rounds.map(of);
    return [what, median(values).toFixed(digits), Math.max(...values).toFixed(digits)];
  };
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
    `${ROUNDS} cold starts: a fresh host, server and Chromium each time; timed from navigation until the first frame with data-app-state="ready" has been rendered, as the page notes it (the server is up before the clock starts).`,
    "Each round first loads an empty page from the same server in a fresh Chromium (the floor). Page-side marks are from the page's own clock (Navigation and Resource Timing).",
    `Machine: ${machine()}.`,
    '',
    markdownTable(
      ['measure', 'median', 'max'],
      [
        row('floor: empty page, navigation to load (ms)', (r) => r.floorMs),
        row('navigation to ready (ms)', (r) => r.readyMs),
        row('ready minus the floor of its round (ms)', (r) => r.readyMs - r.floorMs),
        row('document received (ms)', (r) => r.documentMs),
        row('JS and CSS received (ms)', (r) => r.assetsMs),
        row('DOMContentLoaded (ms)', (r) => r.domContentLoadedMs),
        row('load event (ms)', (r) => r.loadMs),
        row('requests before ready', (r) => r.requests),
        row('host calls before ready', (r) => r.hostCalls),
        row('main thread busy until ready (ms)', (r) => r.taskMs),
        row('of which script (ms)', (r) => r.scriptMs),
        row('of which style and layout (ms)', (r) => r.styleLayoutMs),
        row('JS and CSS transferred before ready (kB)', (r) => r.scriptBytes / 1000, 1),
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
