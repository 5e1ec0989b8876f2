// bench:ui-live — the window stays smooth while a fast stream pours in (issue 9). A flood peer in its own process
// paces 2,000 events a second for 20 s into one task; the browser edition in Debian's Chromium shows the Timeline
// tab throughout. Measured in the page: animation-frame intervals and long tasks from the request until the last
// event is on screen, then the timeline's own count of events, which must be every event sent.

import type { StreamCount } from './peers/floodPeer';
import type { Benchmark, BenchOutcome } from './support/benchmark';
import { buildIfNeeded, startBrowserApp } from './support/browserApp';
import { startJsonChild } from './support/child';
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

const RATE = 2_000;
const SECONDS = 20;
/** Updates between the first task and the completed status, so that the stream holds exactly RATE × SECONDS. */
const UPDATES = RATE * SECONDS - 2;

async function run(budgetEntry: unknown): Promise<BenchOutcome> {
  const read = readBudget('ui-live', budgetEntry, ['maxP95FrameMs', 'maxLongTaskMs'] as const);
  if (!read.ok) return read;
  buildIfNeeded();
  const peer = await startJsonChild('bench/peers/floodPeerChild.ts', [String(UPDATES), String(RATE)]);
  const app = await startBrowserApp();
  try {
    const { url } = await peer.next<{ url: string }>();
    const { page, host } = app;
    await page.getByTestId('tab-timeline').click();
    const opened = await host.openAgent({ url });
    if (!opened.ok) throw new Error(opened.message);
    await startMeter(page);
    const started = performance.now();
    const outcome = await host.runOperation({
      agentId: opened.agent.id,
      operation: 'stream',
      input: { message: { parts: [{ kind: 'text', text: 'flood' }] }, blocking: false },
    });
    if (outcome.status !== 'stream' || !outcome.exchangeId) throw new Error(outcome.message);
    const end = await host.awaitStream({ exchangeId: outcome.exchangeId });
    const streamMs = performance.now() - started;
    const sent = await peer.next<StreamCount>();
    // The last events may still be on their way to the page: wait until the timeline counts them all.
    const counter = page.getByTestId('timeline-count');
    await counter
      .and(page.locator(`[data-events="${sent.events}"]`))
      .waitFor({ timeout: 60_000 })
      .catch(() => undefined);
    const shownMs = performance.now() - started;
    const measure = await stopMeter(page);
    const shown = Number(await counter.getAttribute('data-events'));
    const retainedHeap = await collectGarbage(page);
    const frames = summarizeFrames(measure);
    const longest = measure.longTasks.length ? Math.max(...measure.longTasks) : 0;
    const checks: BudgetCheck[] = [
      {
        what: 'p95 animation-frame interval (ms)',
        measured: frames.p95.toFixed(1),
        limit: `≤ ${read.budget.maxP95FrameMs}`,
        met: frames.p95 <= read.budget.maxP95FrameMs,
      },
      {
        what: 'longest task (ms)',
        measured: longest.toFixed(0),
        limit: `≤ ${read.budget.maxLongTaskMs}`,
        met: longest <= read.budget.maxLongTaskMs,
      },
      {
        what: 'events in the timeline',
        measured: count(shown),
        limit: `= ${count(sent.events)} sent`,
        met: shown === sent.events && end.events === sent.events,
      },
    ];
    const lines = [
      `Stream: ${count(sent.events)} events (${megabytes(sent.bytes)} MB) at ${count(RATE)}/s into one task; Timeline tab shown; browser edition in Debian Chromium.`,
      `Machine: ${machine()}.`,
      '',
      markdownTable(
        ['measure', 'value'],
        [
          ['stream, request to end (host)', `${(streamMs / 1000).toFixed(1)} s`],
          ['request to last event shown', `${(shownMs / 1000).toFixed(1)} s`],
          ['animation frames', count(measure.frameIntervals.length)],
          [
            'frame interval p50 / p95 / p99 / max',
            `${frames.p50.toFixed(1)} / ${frames.p95.toFixed(1)} / ${frames.p99.toFixed(1)} / ${frames.max.toFixed(0)} ms`,
          ],
          ['long tasks (> 50 ms)', `${measure.longTasks.length}, longest ${longest.toFixed(0)} ms`],
          ['events received by the host', count(end.events)],
          ['events in the timeline', count(shown)],
          [
            'JS heap at the end / after GC',
            `${megabytes(measure.usedHeapBytes)} / ${megabytes(retainedHeap)} MB`,
          ],
        ],
      ),
      '',
      ...budgetLines(checks),
    ];
    return { ok: checks.every((c) => c.met), report: lines.join('\n'), checks };
  } finally {
    await app.close();
    await peer.stop();
  }
}

export const uiLiveBenchmark: Benchmark = {
  name: 'ui-live',
  description: 'the window while 2,000 events a second stream in for 20 s',
  run,
};
