// bench:ui-open — opening saved sessions of 100,000, 1,000,000 and 10,000,000 events in the browser edition
// (issues 9 and 27). Each is opened cold (a fresh host, so its index is built now) the way the desktop shell hands
// over a file (announceOpen → the window's open-session event), and the 1M one again in a fresh window with its
// index kept. Measured: the time until the first rows are on screen, the time until the whole file is indexed, the
// page's JS heap after a forced collection, and, while the list is flung from the first row to the last one
// animation frame at a time, the frame intervals and long tasks; then the last row must show. The 10M session
// (about 9 GB) is written into a temporary folder first, searched near its end, and removed after. With
// SWITCHBOARD_BENCH_TRACE=<folder>, each timed open is traced into that folder (support/pageTrace.ts).

import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Benchmark, BenchOutcome } from './support/benchmark';
import { buildIfNeeded, startBrowserApp } from './support/browserApp';
import { collectGarbage } from './support/pageMeter';
import { budgetLines, count, machine, markdownTable, megabytes, readBudget } from './support/report';
import { writeSessionFixture, type Fixture } from './support/sessionFixture';
import {
  fling,
  FLING_FRAMES,
  hostOpen,
  readFloorMs,
  searchInWindow,
  timeOpen,
  waitIndexed,
} from './support/openSteps';
import type { Fling, Searched } from './support/openSteps';
import { traced } from './support/pageTrace';
import { uiOpenChecks, uiOpenKeys } from './support/uiOpenChecks';

const CACHE = path.resolve('node_modules/.cache/switchboard-bench');
/** The 10M session is skipped only when asked (`SWITCHBOARD_BENCH_SKIP_10M=1`): it writes 9 GB and takes minutes. */
const WITH_10M = process.env.SWITCHBOARD_BENCH_SKIP_10M !== '1';

export interface Opened {
  events: number;
  fixture: Fixture;
  readyMs: number;
  /** Open to the whole file indexed (the window says so). */
  indexedMs: number;
  warmReadyMs?: number;
  heapAfterOpen: number;
  scroll: Fling;
  hostRss: number;
  floorMs: number;
  host: { openMs: number; indexMs: number };
  search?: Searched;
  generatedMs?: number;
}

async function cachedFixture(events: number): Promise<{ file: string; fixture: Fixture }> {
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

/** Opens cold, waits for the index, flings; with `warm`, opens again in a fresh window given the kept index. */
async function openOne(
  events: number,
  file: string,
  fixture: Fixture,
  extra: { warm?: boolean; search?: string } = {},
): Promise<Opened> {
  const app = await startBrowserApp({ record: false });
  let indexDir: string | undefined;
  try {
    const started = performance.timeOrigin + performance.now();
    const readyMs = await traced(app.page, `open-${events}-cold`, () => timeOpen(app, file));
    const heapAfterOpen = await collectGarbage(app.page);
    const indexedMs = await waitIndexed(app.page, started);
    const scroll = await fling(app.page, fixture.frames - 1);
    const search = extra.search ? await searchInWindow(app.page, extra.search, 100) : undefined;
    const hostRss = process.memoryUsage().rss;
    indexDir = path.join(app.dataDir, 'index');
    const warm = extra.warm ? await warmOpen(indexDir, file) : undefined;
    // After the window's open, so that it is the first in this process; the host's figures are then from a warm one.
    const floorMs = await readFloorMs(file);
    const host = await hostOpen(file);
    return {
      events,
      fixture,
      readyMs,
      indexedMs,
      ...(warm !== undefined ? { warmReadyMs: warm } : {}),
      heapAfterOpen,
      scroll: { ...scroll, heapAfter: Math.max(scroll.heapAfter, await collectGarbage(app.page)) },
      hostRss,
      floorMs,
      host,
      ...(search ? { search } : {}),
    };
  } finally {
    await app.close();
  }
}

/** A fresh window and host whose data folder holds the index the cold open kept. */
async function warmOpen(indexDir: string, file: string): Promise<number> {
  const saved = await mkdtemp(path.join(tmpdir(), 'switchboard-bench-index-'));
  try {
    await cp(indexDir, saved, { recursive: true });
    const app = await startBrowserApp({ record: false });
    try {
      await cp(saved, path.join(app.dataDir, 'index'), { recursive: true });
      return await traced(app.page, 'open-1000000-warm', () => timeOpen(app, file));
    } finally {
      await app.close();
    }
  } finally {
    await rm(saved, { recursive: true, force: true });
  }
}

/** The 10M session: written into a temporary folder, opened, flung, searched near its end, and removed. */
async function openTenMillion(): Promise<Opened> {
  const dir = await mkdtemp(path.join(tmpdir(), 'switchboard-bench-10m-'));
  try {
    const file = path.join(dir, 'session-10000000.switchboard');
    const started = performance.now();
    const fixture = await writeSessionFixture(file, { events: 10_000_000 });
    const generatedMs = performance.now() - started;
    // The last stream's task: in its 100 events only, a hundred frames before the end.
    const opened = await openOne(10_000_000, file, fixture, { search: `task-${fixture.frames / 101 - 1}` });
    return { ...opened, generatedMs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function run(budgetEntry: unknown): Promise<BenchOutcome> {
  const read = readBudget('ui-open', budgetEntry, uiOpenKeys);
  if (!read.ok) return read;
  buildIfNeeded();
  const small = await cachedFixture(100_000);
  const large = await cachedFixture(1_000_000);
  const results = [
    await openOne(100_000, small.file, small.fixture),
    await openOne(1_000_000, large.file, large.fixture, { warm: true }),
  ];
  if (WITH_10M) results.push(await openTenMillion());
  const checks = uiOpenChecks(read.budget, results, WITH_10M);
  const lines = [
    `Saved sessions opened cold in the browser edition (index built on open; 1M also opened again in a fresh window with its index kept); the list flung from the first row to the last in ${FLING_FRAMES} animation frames.`,
    `Machine: ${machine()}.`,
    '',
    markdownTable(
      ['events', 'frames', 'file MB', 'first rows s', 'warm s', 'indexed s', 'heap after open MB'],
      results.map((r) => [
        count(r.events),
        count(r.fixture.frames),
        megabytes(r.fixture.bytes),
        (r.readyMs / 1000).toFixed(2),
        r.warmReadyMs !== undefined ? (r.warmReadyMs / 1000).toFixed(2) : '—',
        (r.indexedMs / 1000).toFixed(1),
        megabytes(r.heapAfterOpen),
      ]),
    ),
    '',
    'Where the time of a cold open goes: the floor reads the file and does nothing else; the host figures are an open on a host of its own (no window), the open call answering with the first frames, then the scan to the end.',
    '',
    markdownTable(
      [
        'events',
        'floor: read the file s',
        'host: open call ms',
        'host: index built s',
        'window: first rows − host open ms',
      ],
      results.map((r) => [
        count(r.events),
        (r.floorMs / 1000).toFixed(2),
        r.host.openMs.toFixed(0),
        (r.host.indexMs / 1000).toFixed(1),
        (r.readyMs - r.host.openMs).toFixed(0),
      ]),
    ),
    '',
    markdownTable(
      [
        'events',
        'frame p50 / p95 / max ms',
        'long tasks',
        'heap after scroll MB',
        'bench process RSS MB',
        'last row shown',
      ],
      results.map((r) => [
        count(r.events),
        `${r.scroll.p50.toFixed(1)} / ${r.scroll.p95.toFixed(1)} / ${r.scroll.max.toFixed(0)}`,
        `${r.scroll.longTasks} (${r.scroll.longest.toFixed(0)} ms)`,
        megabytes(r.scroll.heapAfter),
        megabytes(r.hostRss),
        r.scroll.reachedEnd ? 'yes' : 'no',
      ]),
    ),
    '',
    ...tenMillionLines(results[2]),
    ...budgetLines(checks),
  ];
  return { ok: checks.every((c) => c.met), report: lines.join('\n'), checks };
}

function tenMillionLines(ten: Opened | undefined): string[] {
  if (!ten) return ['10M session skipped (SWITCHBOARD_BENCH_SKIP_10M=1).', ''];
  return [
    `10M session: written in ${((ten.generatedMs ?? 0) / 1000).toFixed(0)} s (${megabytes(ten.fixture.bytes)} MB, into a temporary folder, removed after). Search for the last stream's task: first hit after ${(ten.search!.firstHitMs / 1000).toFixed(1)} s, done after ${(ten.search!.doneMs / 1000).toFixed(1)} s (status: "${ten.search!.status}").`,
    '',
  ];
}

export const uiOpenBenchmark: Benchmark = {
  name: 'ui-open',
  description:
    'opening saved sessions of 100k, 1M (cold and warm) and 10M events, scrolling end to end, searching',
  run,
};
