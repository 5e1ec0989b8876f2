// End-to-end tests in Debian's Chromium (Playwright cannot download browsers here). The same journey runs twice:
// against the browser edition's HTTP bridge, and with `window.host` injected the way the desktop preload does it.

import { defineConfig } from '@playwright/test';
import type { HostMode } from './tests/e2e/fixtures';
import { CHROMIUM_ARGS } from './tests/e2e/support/chromiumArgs';

export default defineConfig<{ hostMode: HostMode }>({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/globalSetup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.SWITCHBOARD_REPORT_DIR
    ? [['list'], ['json', { outputFile: `${process.env.SWITCHBOARD_REPORT_DIR}/playwright.json` }]]
    : 'list',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'browser-edition', use: { hostMode: 'browser' } },
    { name: 'desktop-bridge', use: { hostMode: 'injected' } },
  ],
});
