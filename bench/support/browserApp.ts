// The browser edition as the UI benchmarks drive it: a host (recording into a folder of its own) and the web server
// in this process, the built renderer from dist/, and Debian's Chromium launched by Playwright. `build` runs the
// same build as `npm run web` when dist/ is missing or older than the sources.

import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { createHost } from '../../electron/host/createHost';
import { startWebServer } from '../../electron/web/webServer';
import type { HostService } from '../../shared/host-api';
import { CHROMIUM_ARGS } from '../../tests/e2e/support/chromiumArgs';

export interface BrowserApp {
  browser: Browser;
  page: Page;
  host: HostService;
  /** The app's URL, token included. */
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

export function buildIfNeeded(): void {
  const result = spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The build failed.');
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // The JS heap figures come from performance.memory, which Chromium rounds unless told to be precise.
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'],
  });
}

/**
 * Starts host, server and browser, opens the app and waits until it says it is ready; with `open: false` the page
 * is left blank (bench:start opens it in a browser of its own).
 */
export async function startBrowserApp(
  options: { record?: boolean; open?: boolean } = {},
): Promise<BrowserApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-bench-'));
  const host = createHost({
    edition: 'browser',
    appVersion: 'bench',
    dataDir,
    record: options.record ?? true,
  });
  const server = await startWebServer({ host, rendererDir: path.resolve('dist/renderer') });
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  if (options.open ?? true) {
    await page.goto(server.url);
    await page.locator('[data-app-state="ready"]').waitFor({ timeout: 60_000 });
  }
  return {
    browser,
    page,
    host,
    url: server.url,
    dataDir,
    async close() {
      await browser.close();
      await server.close();
      await host.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
