// The browser edition as the UI benchmarks drive it: a host (recording into a folder of its own) and the web server
// in this process, the built renderer from dist/, and Debian's Chromium launched by Playwright. `build` runs the
// same build as `npm run web` when dist/ is missing or older than the sources.

import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { analysisWorkerBeside } from '../../electron/host/agent/analysisWorkerScript';
import { createHost } from '../../electron/host/createHost';
import { startWebServer, type WebServer } from '../../electron/web/webServer';
import type { HostService } from '../../shared/host/hostApi';
import { CHROMIUM_ARGS } from '../../tests/e2e/support/chromiumArgs';

/** The host and web server of the browser edition, without a browser: what bench:start opens in Chromiums of its own. */
export interface AppServer {
  host: HostService;
  /** The app's URL, token included. */
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

export interface BrowserApp extends AppServer {
  browser: Browser;
  page: Page;
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

export interface AppOptions {
  record?: boolean;
  /** Runs once the host has closed (its journal complete) and before its folder goes: to read the journal back. */
  afterHostClose?: (dataDir: string) => Promise<void>;
}

/** A host recording (or not) into a temporary folder, and the web server serving the built renderer from dist/. */
export async function startAppServer(options: AppOptions = {}): Promise<AppServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-bench-'));
  // The built analysis worker, as the browser edition's server starts it from dist/electron.
  const analysisWorker = analysisWorkerBeside(path.resolve('dist/electron'));
  const host = createHost({
    edition: 'browser',
    appVersion: 'bench',
    dataDir,
    record: options.record ?? true,
    ...(analysisWorker ? { analysisWorker } : {}),
  });
  // The folder goes even when closing the host fails, so no run leaves one in the temp folder.
  const closeHost = async () => {
    try {
      await host.close();
      await options.afterHostClose?.(dataDir);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  };
  let server: WebServer;
  try {
    server = await startWebServer({ host, rendererDir: path.resolve('dist/renderer') });
  } catch (error) {
    await closeHost();
    throw error;
  }
  return {
    host,
    url: server.url,
    dataDir,
    async close() {
      try {
        await server.close();
      } finally {
        await closeHost();
      }
    },
  };
}

/** Starts host, server and browser, opens the app and waits until it says it is ready. */
export async function startBrowserApp(options: AppOptions = {}): Promise<BrowserApp> {
  const app = await startAppServer(options);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(app.url);
    await page.locator('[data-app-state="ready"]').waitFor({ timeout: 60_000 });
    const opened = browser;
    return {
      ...app,
      browser: opened,
      page,
      async close() {
        try {
          await opened.close();
        } finally {
          await app.close();
        }
      },
    };
  } catch (error) {
    try {
      await browser?.close();
    } finally {
      await app.close();
    }
    throw error;
  }
}
