// The floor bench:start compares a cold start with: an empty page served by the same web server (the same host, a
// folder holding only an empty index.html) in a fresh Chromium launched the same way, timed from navigation to its
// load event. Nothing the app does can start faster than this on the machine at that moment.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { startWebServer } from '../../electron/web/webServer';
import type { HostService } from '../../shared/host/hostApi';
import { launchChromium } from './browserApp';

const EMPTY_PAGE = '<!doctype html><html lang="en"><head><title>floor</title></head><body></body></html>\n';

/** Milliseconds from navigation to the load event of an empty page, in a Chromium of its own. */
export async function emptyPageLoadMs(host: HostService): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'switchboard-bench-floor-'));
  let browser: Browser | undefined;
  try {
    await writeFile(path.join(dir, 'index.html'), EMPTY_PAGE);
    const server = await startWebServer({ host, rendererDir: dir });
    try {
      browser = await launchChromium();
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const started = performance.now();
      // goto resolves on the load event.
      await page.goto(server.url);
      return performance.now() - started;
    } finally {
      await browser?.close();
      await server.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
