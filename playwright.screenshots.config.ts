// `npm run screenshots`: drives the browser edition through the demo agent and writes docs/screenshots/*.png for
// the README. Not part of `npm test`: pictures are for people, and the e2e suite already checks the behaviour.

import { defineConfig } from '@playwright/test';
import baseConfig from './playwright.config';
import type { HostMode } from './tests/e2e/fixtures';

export default defineConfig<{ hostMode: HostMode }>({
  ...baseConfig,
  testDir: 'tests/screenshots',
  workers: 1,
  reporter: 'list',
  projects: [{ name: 'screenshots', use: { hostMode: 'browser', viewport: { width: 1400, height: 860 } } }],
});
