// End-to-end tests in Debian's Chromium (Playwright cannot download browsers here). The same journey runs twice:
// against the browser edition's HTTP bridge, and with `window.host` injected the way the desktop preload does it.
// A third project runs only the attacks on the browser edition from foreign origins (attacks.spec.ts).

import { defineConfig } from '@playwright/test';
import type { HostMode } from './tests/e2e/fixtures';
import { ATTACK_CHROMIUM_ARGS, CHROMIUM_ARGS } from './tests/e2e/support/chromiumArgs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Attacks on the browser edition from foreign origins: one project of their own, since they need a Chromium that
// resolves the attacker's names to 127.0.0.1 and make no sense for the desktop bridge.
const ATTACKS = /attacks\.spec\.ts$/;

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
    launchOptions: { executablePath: chromiumPath, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'browser-edition', testIgnore: ATTACKS, use: { hostMode: 'browser' } },
    { name: 'desktop-bridge', testIgnore: ATTACKS, use: { hostMode: 'injected' } },
    {
      name: 'browser-attacks',
      testMatch: ATTACKS,
      use: {
        hostMode: 'browser',
        launchOptions: { executablePath: chromiumPath, args: ATTACK_CHROMIUM_ARGS },
      },
    },
  ],
});
