// Push notifications from the task panel against real SDK agents: the deliveries reach the host's receiver and show
// in the task's timeline, in order.

import { expect, test } from './fixtures';

for (const name of ['v1.0', 'v0.3'] as const) {
  test(`push deliveries from the ${name} peer join the task's timeline`, async ({ app, startPeer }) => {
    const peer = await startPeer(name);
    await app.openAgent(peer.baseUrl);
    await app.send('slow please', { stream: true });
    await app.tab('tasks').click();
    const row = app.taskRows().first();
    await expect(row).toHaveAttribute('data-state', 'working');
    await app.page.getByTestId('push-register').click();
    await expect(app.page.getByTestId('push-targets')).toContainText('/hooks/');
    await expect(app.page.getByTestId('webhook-status')).toContainText(
      'The agent must reach http://127.0.0.1:',
    );
    await row.getByTestId('task-cancel').click();
    await expect(row).toHaveAttribute('data-state', 'canceled');
    await app.tab('timeline').click();
    const pushes = app.page.getByTestId('timeline-entry').and(app.page.locator('[data-kind="push"]'));
    await expect(pushes.last()).toHaveAttribute('data-state', 'canceled');
    await expect(pushes.first()).toContainText('push ·');
  });
}
