// Progress and Cancel for long operations (UX-5), in both projects: probing an agent that never answers shows the
// shared progress notice (a progressbar with the time spent and a Cancel reachable by keyboard); Cancel stops the run
// at once, the panel says it was cancelled and lists the probes as stopped or not run.

import { expect, test } from './fixtures';
import { startHostilePeer } from '../peers/hostilePeer';
import { ChecksPage } from './support/checksPage';

test('a check run against a silent agent shows progress and is cancelled', async ({ app }) => {
  const hostile = await startHostilePeer();
  try {
    const checks = new ChecksPage(app.page);
    await app.openAgent(hostile.agentUrl('hang-head'));

    await test.step('start the probes: after a second the progress notice shows', async () => {
      await checks.open();
      await checks.startProbes();
      await expect(checks.progress()).toBeVisible();
      await expect(checks.progressBar()).toHaveAttribute('aria-valuetext', 'Running the probes');
    });

    await test.step('cancel from the keyboard: the run stops and says so', async () => {
      await checks.cancelProbesByKeyboard();
      await expect(checks.progress()).toHaveCount(0);
      await expect(checks.cancelledNote()).toContainText('Check run cancelled');
      const statuses = await checks.probeStatuses();
      expect(Object.values(statuses).every((status) => status === 'skipped')).toBe(true);
    });
  } finally {
    await hostile.close();
  }
});
