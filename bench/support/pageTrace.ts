// A Chromium trace of one step of a UI benchmark, for finding out where a slow run went (issue 27: a warm open that
// took 654 ms after the host had answered in one run of three). With SWITCHBOARD_BENCH_TRACE=<folder>, the step is
// traced over the DevTools protocol with the timeline, the main thread's tasks, JS samples and garbage collections,
// and written as <folder>/<name>.json, which chrome://tracing, Perfetto and the DevTools Performance panel open.
// Tracing costs the page time of its own, so a traced run's figures are not the ones to quote.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'toplevel',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-v8.gc',
];

/** The folder traces go to, when asked for. */
export function traceFolder(): string | undefined {
  return process.env.SWITCHBOARD_BENCH_TRACE || undefined;
}

/** Runs `step` traced when a trace folder is set, untraced otherwise. */
export async function traced<T>(page: Page, name: string, step: () => Promise<T>): Promise<T> {
  const folder = traceFolder();
  if (!folder) return step();
  const cdp = await page.context().newCDPSession(page);
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', ({ value }: { value: unknown[] }) => {
    for (const event of value) events.push(event);
  });
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: CATEGORIES },
  });
  try {
    return await step();
  } finally {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, `${name}.json`), JSON.stringify({ traceEvents: events }));
  }
}
