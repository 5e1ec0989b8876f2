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

test('refused deliveries are shown with their reason, and leaving loopback is warned about', async ({
  app,
  startPeer,
}) => {
  const peer = await startPeer('v1.0');
  await app.openAgent(peer.baseUrl);
  await app.send('slow please', { stream: true });
  await app.tab('tasks').click();
  await app.page.getByTestId('push-register').click();
  const url = (await app.page.getByTestId('push-targets').locator('code').first().innerText()).trim();
  const body = JSON.stringify({ statusUpdate: { taskId: 'x', status: { state: 'TASK_STATE_WORKING' } } });
  const json = { 'Content-Type': 'application/json' };
  await fetch(url, { method: 'POST', body, headers: { ...json, 'X-A2A-Notification-Token': 'wrong' } });
  await fetch(url, { method: 'POST', body, headers: json });
  await fetch(url, { method: 'POST', body: 'x'.repeat(11 * 1024 * 1024), headers: json }).catch(
    () => undefined,
  );
  await fetch(url, { method: 'POST', body, headers: { ...json, 'Sec-Fetch-Site': 'cross-site' } });
  // A JWT-mode config refuses a token that names no signature algorithm.
  await app.page.getByLabel('Delivery check').selectOption('jwt');
  await app.page.getByTestId('push-register').click();
  await expect(app.page.getByTestId('push-targets').locator('li')).toHaveCount(2);
  const jwtUrl = (await app.page.getByTestId('push-targets').locator('code').nth(1).innerText()).trim();
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'none' })}.${part({ iat: Math.floor(Date.now() / 1000) })}.`;
  await fetch(jwtUrl, { method: 'POST', body, headers: { ...json, Authorization: `Bearer ${unsigned}` } });
  await app.tab('timeline').click();
  const refused = app.page.getByTestId('timeline-entry').and(app.page.locator('[data-kind="push"]'));
  await expect(refused.filter({ hasText: 'does not match this push config' })).toHaveCount(1);
  await expect(refused.filter({ hasText: 'no X-A2A-Notification-Token header' })).toHaveCount(1);
  await expect(refused.filter({ hasText: 'passed the 10485760-byte cap' })).toHaveCount(1);
  await expect(refused.filter({ hasText: 'sent by a web browser' })).toHaveCount(1);
  await expect(refused.filter({ hasText: 'signed with none, which is not allowed' })).toHaveCount(1);
  await refused.filter({ hasText: 'does not match' }).click();
  await expect(app.page.getByTestId('webhook-verdict')).toContainText('401');

  await app.tab('tasks').click();
  app.page.once('dialog', (dialog) => void dialog.accept());
  await app.page.getByTestId('webhook-interface').click();
  await expect(app.page.getByTestId('webhook-warning')).toContainText('Listening on 0.0.0.0');
  await app.page.getByTestId('webhook-interface').click();
  await expect(app.page.getByTestId('webhook-warning')).toHaveCount(0);
});

test('a push config sent inline with the message delivers to the receiver', async ({ app, startPeer }) => {
  const peer = await startPeer('v1.0');
  await app.openAgent(peer.baseUrl);
  await app.tab('conversation').click();
  await app.page.getByTestId('composer-push').selectOption('token');
  await app.send('hello push', { stream: false });
  await expect(app.artifacts()).toContainText('Echo: hello push');
  await app.tab('timeline').click();
  const pushes = app.page.getByTestId('timeline-entry').and(app.page.locator('[data-kind="push"]'));
  await expect(pushes.last()).toHaveAttribute('data-state', 'completed');
});
