// Fixtures for the e2e projects. Each test gets its own host, server and page; the `hostMode` option decides how
// the page reaches the host: the browser edition's HTTP bridge, or `window.host` injected the way the desktop
// preload builds it, answered by the same IPC handler main.ts registers, backed by the real host.

import { test as base, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHost } from '../../electron/host/createHost';
import { createIpcHandler } from '../../electron/shell/ipcHandlers';
import { startWebServer } from '../../electron/web/webServer';
import { hostChannel, hostMethodNames, type HostService } from '../../shared/host/hostApi';
import { peers, type PeerHandle, type PeerName } from '../peers';
import { AppPage } from './support/appPage';
import { startTestServer } from './support/testServer';

export type HostMode = 'browser' | 'injected';

export interface PageRecord {
  pageErrors: string[];
  consoleErrors: string[];
  /** Requests to anything but the app's own 127.0.0.1 server (data: and blob: URLs are local). */
  foreignRequests: string[];
  /** Calls to the HTTP bridge; none are expected when the host is injected. */
  apiRequests: string[];
  workers: string[];
}

interface Fixtures {
  app: AppPage;
  record: PageRecord;
  testServer: { url: string };
  /** Starts a real test peer for this test; it is closed when the test ends. */
  startPeer: (name: PeerName) => Promise<PeerHandle>;
  /** A fresh folder for files the test writes itself; it is removed when the test ends. */
  tempDir: string;
  /** The host's opener for a PDF opened externally (TL-4): it records files, never really opens them. */
  opener: RecordingOpener;
}

export interface RecordingOpener {
  /** Files the host handed over, in order. */
  opened: string[];
  /** When set, the opener fails with this message, as a missing xdg-open or a failing shell.openPath would. */
  refuse?: string;
}

interface WorkerFixtures {
  hostMode: HostMode;
  injectedPreload: string;
}

const rendererDir = path.resolve('dist/renderer');

export const test = base.extend<Fixtures, WorkerFixtures>({
  hostMode: ['browser', { option: true, scope: 'worker' }],

  injectedPreload: [
    async ({}, use) => {
      const result = await build({
        entryPoints: ['tests/e2e/support/injectedPreload.ts'],
        bundle: true,
        format: 'iife',
        platform: 'browser',
        write: false,
      });
      await use(result.outputFiles[0]!.text);
    },
    { scope: 'worker' },
  ],

  record: async ({}, use) => {
    await use({ pageErrors: [], consoleErrors: [], foreignRequests: [], apiRequests: [], workers: [] });
  },

  startPeer: async ({}, use) => {
    const started: PeerHandle[] = [];
    await use(async (name) => {
      const peer = await peers[name]();
      started.push(peer);
      return peer;
    });
    await Promise.all(started.map((peer) => peer.close()));
  },

  tempDir: async ({}, use) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'switchboard-e2e-files-'));
    try {
      await use(dir);
    } finally {
      await removeFolder(dir);
    }
  },

  opener: async ({}, use) => {
    await use({ opened: [] });
  },

  testServer: async ({}, use) => {
    const server = await startTestServer();
    await use(server);
    await server.close();
  },

  app: async ({ page, hostMode, injectedPreload, record, opener }, use) => {
    // Each test keeps its agent library (and its recordings, saved sessions and spilled bodies) in its own folder,
    // never the user's; the folder goes when the test ends, passed or not.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-e2e-'));
    try {
      const host: HostService = createHost({
        edition: hostMode === 'injected' ? 'desktop' : 'browser',
        appVersion: 'e2e',
        dataDir,
        // The opener main.ts and server.ts pass, replaced by one that records: no viewer starts during tests.
        openFile: async (file) => {
          if (opener.refuse) throw new Error(opener.refuse);
          opener.opened.push(file);
        },
      });
      try {
        const server = await startWebServer({ host, rendererDir });
        try {
          await useApp(page, host, server.url, hostMode, injectedPreload, record, use);
        } finally {
          await server.close();
        }
      } finally {
        // The host closes its recording before its folder is removed.
        await host.close();
      }
    } finally {
      await removeFolder(dataDir);
    }
  },
});

/** Wires the page to the host (by the HTTP bridge, or by `window.host` injected), boots the app and hands it over. */
async function useApp(
  page: Page,
  host: HostService,
  serverUrl: string,
  hostMode: HostMode,
  injectedPreload: string,
  record: PageRecord,
  use: (app: AppPage) => Promise<void>,
): Promise<void> {
  const appOrigin = new URL(serverUrl).origin;

  page.on('pageerror', (error) => record.pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') record.consoleErrors.push(message.text());
  });
  page.on('worker', (worker) => record.workers.push(worker.url()));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.origin !== appOrigin) record.foreignRequests.push(request.url());
    else if (url.pathname.startsWith('/api/')) record.apiRequests.push(url.pathname);
  });

  let stopEvents = () => {};
  if (hostMode === 'injected') {
    const handlers = new Map(
      hostMethodNames.map((method) => [
        hostChannel(method),
        // The sender check, as in main.ts, but for the harness page's origin instead of app://switchboard.
        createIpcHandler(
          host,
          method,
          (frame) => !!frame && frame.parent === null && new URL(frame.url).origin === appOrigin,
        ),
      ]),
    );
    await page.exposeBinding('__switchboardIpcInvoke', async (source, channel: string, args: unknown[]) => {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`No handler for ${channel}`);
      return handler(
        { senderFrame: { url: source.frame.url(), parent: source.frame.parentFrame() } },
        ...args,
      );
    });
    await page.addInitScript({ content: injectedPreload });
    stopEvents = host.onEvent((event) => {
      void page
        .evaluate(
          (payload) =>
            (window as unknown as { __switchboardIpcEmit?: (p: unknown) => void }).__switchboardIpcEmit?.(
              payload,
            ),
          event,
        )
        .catch(() => {});
    });
  }

  try {
    await page.goto(serverUrl);
    const app = new AppPage(page, host);
    await app.waitUntilReady();
    await use(app);
  } finally {
    stopEvents();
  }
}

/**
 * Removes a test's folder. The host may still be letting go of a file it wrote (a journal, a spilled body), so a busy
 * folder is retried a few times rather than failing the test over it.
 */
async function removeFolder(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}

export { expect } from '@playwright/test';
