// bench:ui-open — opening saved sessions of 100,000 and 1,000,000 events in the browser edition (issue 9). Each
// size is opened cold (a fresh host, so its index is built now) the way the desktop shell hands over a file
// (announceOpen → the window's open-session event). Measured: the time until the first rows are on screen, the
// page's JS heap after a forced collection, the host's memory, and, while the list is flung from the first row to
// the last one animation frame at a time, the frame intervals and long tasks; then the last row must show.

import { mkdir, stat, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Benchmark, BenchOutcome } from './support/benchmark';
import { buildIfNeeded, startBrowserApp } from './support/browserApp';
import { collectGarbage, startMeter, stopMeter, summarizeFrames } from './support/pageMeter';
import {
  budgetLines,
  count,
  machine,
  markdownTable,
  megabytes,
  readBudget,
  type BudgetCheck,
} from './support/report';
import { writeSessionFixture, type Fixture } from './support/sessionFixture';

const SIZES = [100_000, 1_000_000];
/** Animation frames the fling from top to bottom takes (about ten seconds at 60 Hz). */
const FLING_FRAMES = 600;
const CACHE = path.resolve('node_modules/.cache/switchboard-bench');

const READY = '[data-testid="session-browser"][data-ready="true"]';

/** What the page's clock needs (bench code is type-checked without the DOM library). */
interface PageClock {
  __readyAt?: number;
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: { subtree: boolean; childList: boolean; attributes: boolean }): void;
    disconnect(): void;
  };
  document: { body: unknown; querySelector(selector: string): unknown };
  requestAnimationFrame(callback: () => void): number;
  performance: { timeOrigin: number; now(): number };
}

interface Opened {
  events: number;
  fixture: Fixture;
  readyMs: number;
  heapAfterOpen: number;
  heapAfterScroll: number;
  hostRss: number;
  p95: number;
  p50: number;
  max: number;
  longTasks: number;
  longest: number;
  reachedEnd: boolean;
}

async function fixtureFor(events: number): Promise<{ file: string; fixture: Fixture }> {
  await mkdir(CACHE, { recursive: true });
  const file = path.join(CACHE, `session-${events}.switchboard`);
  const meta = `${file}.json`;
  const known = await readFile(meta, 'utf8')
    .then((text) => JSON.parse(text) as Fixture)
    .catch(() => undefined);
  const size = await stat(file)
    .then((info) => info.size)
    .catch(() => -1);
  if (known && known.bytes === size) return { file, fixture: known };
  const fixture = await writeSessionFixture(file, { events });
  await writeFile(meta, JSON.stringify(fixture));
  return { file, fixture };
}

async function openOne(events: number): Promise<Opened> {
  const { file, fixture } = await fixtureFor(events);
  const app = await startBrowserApp({ record: false });
  try {
    const { page, host } = app;
    // The page notes when the first rows are on screen (the frame after they went in), on the wall clock that both
    // processes share: waiting with a locator alone would add its polling interval, up to half a second, at random.
    await page.evaluate((selector) => {
      const g = globalThis as unknown as PageClock;
      const observer = new g.MutationObserver(() => {
        if (g.__readyAt !== undefined || !g.document.querySelector(selector)) return;
        observer.disconnect();
        g.requestAnimationFrame(() => (g.__readyAt = g.performance.timeOrigin + g.performance.now()));
      });
      observer.observe(g.document.body, { subtree: true, childList: true, attributes: true });
    }, READY);
    const started = performance.timeOrigin + performance.now();
    host.announceOpen(file);
    const readyAt = await page.waitForFunction(
      () => (globalThis as unknown as PageClock).__readyAt,
      undefined,
      {
        timeout: 120_000,
      },
    );
    const readyMs = ((await readyAt.jsonValue()) as number) - started;
    const heapAfterOpen = await collectGarbage(page);

    await startMeter(page);
    const reachedEnd = await page.evaluate(async (frames) => {
      const g = globalThis as unknown as {
        document: {
          querySelector(s: string): { scrollTop: number; scrollHeight: number; clientHeight: number } | null;
        };
        requestAnimationFrame(cb: () => void): number;
      };
      const scroller = g.document.querySelector('[data-testid="browse-scroller"]');
      if (!scroller) return false;
      const nextFrame = () => new Promise<void>((resolve) => g.requestAnimationFrame(() => resolve()));
      const end = scroller.scrollHeight - scroller.clientHeight;
      for (let i = 1; i <= frames; i++) {
        scroller.scrollTop = Math.round((end * i) / frames);
        await nextFrame();
      }
      return Math.abs(scroller.scrollTop - end) <= 1;
    }, FLING_FRAMES);
    const lastRow = page.locator(`[data-testid="browse-row"][data-index="${fixture.frames - 1}"]`);
    const lastShown = await lastRow
      .waitFor({ timeout: 30_000 })
      .then(() => true)
      .catch(() => false);
    const measure = await stopMeter(page);
    const frames = summarizeFrames(measure);
    const heapAfterScroll = await collectGarbage(page);
    return {
      events,
      fixture,
      readyMs,
      heapAfterOpen,
      heapAfterScroll,
      hostRss: process.memoryUsage().rss,
      p95: frames.p95,
      p50: frames.p50,
      max: frames.max,
      longTasks: measure.longTasks.length,
      longest: measure.longTasks.length ? Math.max(...measure.longTasks) : 0,
      reachedEnd: reachedEnd && lastShown,
    };
  } finally {
    await app.close();
  }
}

async function run(budgetEntry: unknown): Promise<BenchOutcome> {
  const read = readBudget('ui-open', budgetEntry, [
    'maxReadyMs100k',
    'maxHeapMB100k',
    'maxP95FrameMs1M',
    'maxHeapMB1M',
  ] as const);
  if (!read.ok) return read;
  const budget = read.budget;
  buildIfNeeded();
  const results: Opened[] = [];
  for (const events of SIZES) results.push(await openOne(events));
  const [small, large] = results as [Opened, Opened];
  const checks: BudgetCheck[] = [
    {
      what: '100k: open to first rows (ms)',
      measured: small.readyMs.toFixed(0),
      limit: `≤ ${budget.maxReadyMs100k}`,
      met: small.readyMs <= budget.maxReadyMs100k,
    },
    {
      what: '100k: JS heap after open (MB)',
      measured: megabytes(small.heapAfterOpen),
      limit: `≤ ${budget.maxHeapMB100k}`,
      met: small.heapAfterOpen / 1e6 <= budget.maxHeapMB100k,
    },
    {
      what: '1M: scrolled end to end, last row shown',
      measured: large.reachedEnd ? 'yes' : 'no',
      limit: 'yes',
      met: large.reachedEnd,
    },
    {
      what: '1M: p95 frame interval while scrolling (ms)',
      measured: large.p95.toFixed(1),
      limit: `≤ ${budget.maxP95FrameMs1M}`,
      met: large.p95 <= budget.maxP95FrameMs1M,
    },
    {
      what: '1M: JS heap after the scroll (MB)',
      measured: megabytes(Math.max(large.heapAfterOpen, large.heapAfterScroll)),
      limit: `≤ ${budget.maxHeapMB1M}`,
      met: Math.max(large.heapAfterOpen, large.heapAfterScroll) / 1e6 <= budget.maxHeapMB1M,
    },
  ];
  const row = (r: Opened) => [
    count(r.events),
    count(r.fixture.frames),
    megabytes(r.fixture.bytes),
    (r.readyMs / 1000).toFixed(2),
    megabytes(r.heapAfterOpen),
    `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} / ${r.max.toFixed(0)}`,
    `${r.longTasks} (${r.longest.toFixed(0)} ms)`,
    megabytes(r.heapAfterScroll),
    megabytes(r.hostRss),
    r.reachedEnd ? 'yes' : 'no',
  ];
  const lines = [
    `Saved sessions opened cold in the browser edition (index built on open); the list flung from the first row to the last in ${FLING_FRAMES} animation frames.`,
    `Machine: ${machine()}.`,
    '',
    markdownTable(
      [
        'events',
        'frames',
        'file MB',
        'open to first rows s',
        'heap after open MB',
        'frame p50 / p95 / max ms',
        'long tasks',
        'heap after scroll MB',
        'bench process RSS MB',
        'last row shown',
      ],
      results.map(row),
    ),
    '',
    ...budgetLines(checks),
  ];
  return { ok: checks.every((c) => c.met), report: lines.join('\n'), checks };
}

export const uiOpenBenchmark: Benchmark = {
  name: 'ui-open',
  description: 'opening saved sessions of 100,000 and 1,000,000 events, then scrolling end to end',
  run,
};
