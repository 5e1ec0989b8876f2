// Push notifications from the task panel against real SDK agents: the deliveries reach the host's receiver and show
// in the task's timeline, in order.

import { expect, test } from './fixtures';
import { FramesPage } from './support/framesPage';
import { PushPage } from './support/pushPage';
import { TasksPage } from './support/tasksPage';
import { TimelinePage } from './support/timelinePage';

for (const name of ['v1.0', 'v0.3'] as const) {
  test(`push deliveries from the ${name} peer join the task's timeline`, async ({ app, startPeer }) => {
    const peer = await startPeer(name);
    const push = new PushPage(app.page);
    const row = app.taskRows().first();

    await test.step('send a slow task, streaming', async () => {
      await app.openAgent(peer.baseUrl);
      await app.send('slow please', { stream: true });
      await app.tab('tasks').click();
      await expect(row).toHaveAttribute('data-state', 'working');
    });

    await test.step('register a push config for it', async () => {
      await push.register();
      await expect(push.targets()).toContainText('/hooks/');
      await expect(push.webhookStatus()).toContainText('The agent must reach http://127.0.0.1:');
    });

    await test.step('cancel the task: its deliveries join the timeline', async () => {
      await new TasksPage(app.page).cancel(row);
      await expect(row).toHaveAttribute('data-state', 'canceled');
      await app.tab('timeline').click();
      const pushes = new TimelinePage(app.page).entries('push');
      await expect(pushes.last()).toHaveAttribute('data-state', 'canceled');
      await expect(pushes.first()).toContainText('push ·');
    });
  });
}

test('refused deliveries are shown with their reason, and leaving loopback is warned about', async ({
  app,
  startPeer,
}) => {
  const peer = await startPeer('v1.0');
  const push = new PushPage(app.page);
  await app.openAgent(peer.baseUrl);
  await app.send('slow please', { stream: true });
  await app.tab('tasks').click();
  const body = JSON.stringify({ statusUpdate: { taskId: 'x', status: { state: 'TASK_STATE_WORKING' } } });
  const json = { 'Content-Type': 'application/json' };

  await test.step('register a token config and post deliveries it refuses', async () => {
    await push.register();
    const url = await push.targetUrl(0);
    await fetch(url, { method: 'POST', body, headers: { ...json, 'X-A2A-Notification-Token': 'wrong' } });
    await fetch(url, { method: 'POST', body, headers: json });
    await fetch(url, { method: 'POST', body: 'x'.repeat(11 * 1024 * 1024), headers: json }).catch(
      () => undefined,
    );
    await fetch(url, { method: 'POST', body, headers: { ...json, 'Sec-Fetch-Site': 'cross-site' } });
  });

  await test.step('register a JWT config and post it an unsigned token', async () => {
    // A JWT-mode config refuses a token that names no signature algorithm.
    await push.chooseDeliveryCheck('jwt');
    await push.register();
    await expect(push.targetItems()).toHaveCount(2);
    const jwtUrl = await push.targetUrl(1);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'none' })}.${part({ iat: Math.floor(Date.now() / 1000) })}.`;
    await fetch(jwtUrl, { method: 'POST', body, headers: { ...json, Authorization: `Bearer ${unsigned}` } });
  });

  await test.step('open the timeline: each refusal with its reason, and its verdict', async () => {
    await app.tab('timeline').click();
    const refused = new TimelinePage(app.page).entries('push');
    await expect(refused.filter({ hasText: 'does not match this push config' })).toHaveCount(1);
    await expect(refused.filter({ hasText: 'no X-A2A-Notification-Token header' })).toHaveCount(1);
    await expect(refused.filter({ hasText: 'passed the 10485760-byte cap' })).toHaveCount(1);
    await expect(refused.filter({ hasText: 'sent by a web browser' })).toHaveCount(1);
    await expect(refused.filter({ hasText: 'signed with none, which is not allowed' })).toHaveCount(1);
    await refused.filter({ hasText: 'does not match' }).click();
    await expect(new FramesPage(app.page).deliveryVerdict()).toContainText('401');
  });

  await test.step('listen on all interfaces: warned; back to loopback: the warning goes', async () => {
    await app.tab('tasks').click();
    await push.listenOnAllInterfaces();
    await expect(push.webhookWarning()).toContainText('Listening on 0.0.0.0');
    await push.listenOnLoopbackOnly();
    await expect(push.webhookWarning()).toHaveCount(0);
  });
});

test('a push config sent inline with the message delivers to the receiver', async ({ app, startPeer }) => {
  const peer = await startPeer('v1.0');
  await app.openAgent(peer.baseUrl);
  await test.step('send a message with a push config inline', async () => {
    await app.tab('conversation').click();
    await new PushPage(app.page).sendConfigWithMessage('token');
    await app.send('hello push', { stream: false });
    await expect(app.artifacts()).toContainText('Echo: hello push');
  });
  await test.step('open the timeline: the delivery is there', async () => {
    await app.tab('timeline').click();
    const pushes = new TimelinePage(app.page).entries('push');
    await expect(pushes.last()).toHaveAttribute('data-state', 'completed');
  });
});

test('push configs to URLs of your own: created, listed, got and deleted by id', async ({
  app,
  startPeer,
}) => {
  const peer = await startPeer('v1.0');
  const push = new PushPage(app.page);

  await test.step('a task that waits for input', async () => {
    await app.openAgent(peer.baseUrl);
    await app.send('need input', { stream: false });
    await app.tab('tasks').click();
    await expect(app.taskRows().first()).toHaveAttribute('data-state', 'input-required');
    await expect(push.limits()).toHaveCount(0);
  });

  await test.step('a bad URL is refused before sending', async () => {
    await push.createOwnConfig({ url: 'ftp://example.com/hook' });
    await expect(push.ownConfigError()).toContainText('must use http:// or https://, not ftp://');
  });

  await test.step('two configs to own URLs, then the Switchboard one', async () => {
    await push.createOwnConfig({ url: 'https://hooks.example.com/a2a', token: 't-1', id: 'theirs' });
    await expect(app.outcome()).toContainText('hooks.example.com');
    await push.createOwnConfig({
      url: 'http://127.0.0.1:9/own',
      schemes: 'Bearer',
      credentials: 'sekrit',
      id: 'own-2',
    });
    await expect(app.outcome()).toContainText('127.0.0.1:9/own');
    await push.register();
    await expect(push.targets()).toContainText('/hooks/');
  });

  await test.step('list all three, get one, delete one', async () => {
    await push.listConfigs();
    await expect(push.configRows()).toHaveCount(3);
    await push.getConfig('theirs');
    await expect(app.outcome()).toContainText('hooks.example.com/a2a');
    await push.deleteConfig('theirs');
    await expect(push.configRow('theirs')).toHaveCount(0);
    await push.listConfigs();
    await expect(push.configRows()).toHaveCount(2);
  });
});
