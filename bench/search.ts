// bench:search — search (TL-5) over the saved session of 1,000,000 events in browse mode. A host opens
// the file (building its index), then searches it twice through the host contract: text found in one event per
// stream, and text found nowhere, which reads every frame. Measured per search: time to the first hit, time to the
// last batch, hits, and the host's peak RSS and heap sampled at each batch of progress.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHost } from '../electron/host/createHost';
import type { HostService } from '../shared/host/hostApi';
import type { SearchRequest } from '../shared/search/frameSearch';
import type { Benchmark, BenchOutcome } from './support/benchmark';
import {
  budgetLines,
  count,
  machine,
  markdownTable,
  megabytes,
  readBudget,
  type BudgetCheck,
} from './support/report';
import { writeSessionFixture } from './support/sessionFixture';

const EVENTS = 1_000_000;
const KEYS = ['maxFirstHitMs', 'maxScanMs1M', 'maxPeakRssMB'] as const;

interface Measured {
  label: string;
  hits: number;
  firstHitMs: number | undefined;
  endMs: number;
  batches: number;
  peakRss: number;
  peakHeap: number;
}

async function measure(host: HostService, sessionId: string, label: string, request: SearchRequest) {
  const started = performance.now();
  let firstHitMs: number | undefined;
  let hits = 0;
  let batches = 0;
  let peakRss = 0;
  let peakHeap = 0;
  // Filled in once the host answers; batches of other searches are ignored (none run here, but be exact).
  const search: { searchId?: string } = {};
  const finished = new Promise<number>((resolve, reject) => {
    const stop = host.onEvent((event) => {
      if (
        event.type !== 'search' ||
        (search.searchId !== undefined && event.progress.searchId !== search.searchId)
      )
        return;
      const { progress } = event;
      batches++;
      const memory = process.memoryUsage();
      peakRss = Math.max(peakRss, memory.rss);
      peakHeap = Math.max(peakHeap, memory.heapUsed);
      if (progress.hits.length > 0 && firstHitMs === undefined) firstHitMs = performance.now() - started;
      hits += progress.hits.length;
      if (progress.error) reject(new Error(progress.error));
      if (progress.done) {
        stop();
        resolve(performance.now() - started);
      }
    });
  });
  search.searchId = (await host.searchSession({ sessionId, ...request })).searchId;
  const endMs = await finished;
  return { label, hits, firstHitMs, endMs, batches, peakRss, peakHeap } satisfies Measured;
}

async function run(budgetValue: unknown): Promise<BenchOutcome> {
  const read = readBudget('search', budgetValue, KEYS);
  if (!read.ok) return { ok: false, report: read.report };
  const { budget } = read;
  const dir = await mkdtemp(path.join(tmpdir(), 'switchboard-bench-search-'));
  const host = createHost({ edition: 'test', appVersion: 'bench', dataDir: dir });
  try {
    const file = path.join(dir, 'session-1M.switchboard');
    const fixture = await writeSessionFixture(file, { events: EVENTS });
    const openStarted = performance.now();
    const summary = await host.openSession({ path: file });
    const openMs = performance.now() - openStarted;
    if (!summary.browse) return { ok: false, report: 'The 1M-event session did not open in browse mode.' };
    const common = await measure(host, summary.sessionId, '"chunk 51 " (one event per stream)', {
      text: 'CHUNK 51 ',
    });
    const none = await measure(host, summary.sessionId, '"not in the session" (no hit)', {
      text: 'not in the session',
    });
    const expected = Math.ceil(EVENTS / 100);
    const right = common.hits === expected && none.hits === 0;
    const peakRss = Math.max(common.peakRss, none.peakRss);
    const checks: BudgetCheck[] = [
      {
        what: '1M: time to first hit (ms)',
        measured: count(common.firstHitMs ?? Number.NaN),
        limit: `≤ ${budget.maxFirstHitMs}`,
        met: common.firstHitMs !== undefined && common.firstHitMs <= budget.maxFirstHitMs,
      },
      {
        what: '1M: whole scan, no hit (ms)',
        measured: count(none.endMs),
        limit: `≤ ${budget.maxScanMs1M}`,
        met: none.endMs <= budget.maxScanMs1M,
      },
      {
        what: '1M: host peak RSS while searching (MB)',
        measured: megabytes(peakRss),
        limit: `≤ ${budget.maxPeakRssMB}`,
        met: peakRss / 1e6 <= budget.maxPeakRssMB,
      },
      { what: '1M: hits as expected', measured: right ? 'yes' : 'no', limit: 'yes', met: right },
    ];
    const table = markdownTable(
      ['search', 'hits', 'first hit (ms)', 'to the end (ms)', 'batches', 'peak RSS (MB)', 'peak heap (MB)'],
      [common, none].map((m) => [
        m.label,
        count(m.hits),
        m.firstHitMs === undefined ? '—' : count(m.firstHitMs),
        count(m.endMs),
        count(m.batches),
        megabytes(m.peakRss),
        megabytes(m.peakHeap),
      ]),
    );
    const report = [
      `Session: ${count(fixture.frames)} frames (${count(fixture.events)} events), ${megabytes(fixture.bytes)} MB; opened (index built) in ${count(openMs)} ms.`,
      '',
      table,
      '',
      `Machine: ${machine()}.`,
      '',
      ...budgetLines(checks),
    ].join('\n');
    return { ok: checks.every((c) => c.met), report, checks };
  } finally {
    await host.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export const searchBenchmark: Benchmark = {
  name: 'search',
  description: 'Search over the 1M-event session in browse mode: first hit, whole scan, peak memory',
  run,
};
