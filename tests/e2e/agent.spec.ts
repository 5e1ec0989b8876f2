// Agent journeys against the real peers, in both projects: open an agent, send and stream, follow the task in the
// timeline, continue a task that asks for input, and work with tasks from the task panel.

import { expect, test } from './fixtures';
import type { PeerName } from '../peers';

test('open the 1.0 peer, send a skill example streaming: states, artifact and every frame', async ({
  app,
  startPeer,
  record,
}) => {
  const peer = await startPeer('v1.0');
  await app.openAgent(peer.baseUrl);
  await expect(app.cardName()).toHaveText('Switchboard test peer (A2A 1.0)');
  await expect(app.page.getByTestId('card-no-findings')).toBeVisible();
  await app.page.getByTestId('skill-example').filter({ hasText: 'hello there' }).click();
  await expect(app.composerText()).toHaveValue('hello there');
  await app.send(null, { stream: true });

  await expect(app.artifacts()).toContainText('Echo: hello there');
  await expect(app.messages('user')).toContainText('hello there');
  await app.tab('timeline').click();
  await expect.poll(() => app.stateMarks()).toEqual(['submitted', 'working', 'completed']);
  await expect(app.page.getByTestId('state-mark').first()).toContainText('+0 ms');

  await app.tab('frames').click();
  const streamRow = app.frameRows().filter({ hasText: 'events' });
  await expect(streamRow).toHaveCount(1);
  await expect(streamRow).toContainText('POST');
  await streamRow.click();
  const events = app.page.getByTestId('stream-events').getByRole('listitem');
  await expect.poll(() => events.count()).toBeGreaterThanOrEqual(4);
  expect(record.pageErrors).toEqual([]);
});

test('multi-turn: the composer continues the task that asks for input', async ({ app, startPeer }) => {
  const peer = await startPeer('v1.0');
  await app.openAgent(peer.baseUrl);
  await app.send('need input', { stream: false });
  const continues = app.page.getByTestId('composer-continues');
  await expect(continues).toContainText('TASK_STATE_INPUT_REQUIRED');
  const taskId = await continues.locator('code').innerText();
  await expect(app.messages('agent')).toContainText('Which colour should the answer be?');
  await app.send('Ada', { stream: false });
  await expect(continues).toHaveCount(0);
  await app.tab('tasks').click();
  await expect(app.taskRows()).toHaveCount(1);
  await expect(app.taskRows().first()).toHaveAttribute('data-task-id', taskId);
  await expect(app.taskRows().first()).toHaveAttribute('data-state', 'completed');
});

test('tasks: close a stream without cancelling, resubscribe, cancel, get and list', async ({
  app,
  startPeer,
}) => {
  const peer = await startPeer('v1.0');
  await app.openAgent(peer.baseUrl);
  await app.send('slow please', { stream: true });
  await app.tab('tasks').click();
  const row = app.taskRows().first();
  await expect(row).toHaveAttribute('data-state', 'working');
  await app.page.getByTestId('close-stream').click();
  await expect(app.page.getByTestId('close-stream')).toHaveCount(0);
  await expect(row).toHaveAttribute('data-state', 'working');

  await row.getByTestId('task-subscribe').click();
  await expect(app.page.getByTestId('close-stream')).toHaveCount(1);
  await row.getByTestId('task-cancel').click();
  await expect(row).toHaveAttribute('data-state', 'canceled');
  await expect(app.page.getByTestId('close-stream')).toHaveCount(0);

  await row.getByTestId('task-get').click();
  await expect(app.outcome()).toContainText('is TASK_STATE_CANCELED.');
  await app.page.getByTestId('list-tasks').click();
  await expect(app.outcome()).toHaveText(/^\d+ tasks?/);
});

const olderPeers: Array<[PeerName, string]> = [
  ['v0.3', 'Switchboard test peer (A2A 0.3)'],
  ['v0.2', 'Switchboard test peer (A2A 0.2)'],
  ['v0.1', 'Switchboard test peer (A2A 0.1)'],
];

for (const [name, cardName] of olderPeers) {
  test(`send and stream against the ${name} peer`, async ({ app, startPeer }) => {
    const peer = await startPeer(name);
    await app.openAgent(peer.baseUrl);
    await expect(app.cardName()).toHaveText(cardName);
    await app.send('hello blocking', { stream: false });
    await expect(app.artifacts()).toContainText('Echo: hello blocking');
    await app.send('hello streaming', { stream: true });
    await expect(app.artifacts().filter({ hasText: 'Echo: hello streaming' })).toHaveCount(1);
    await app.tab('timeline').click();
    await expect.poll(() => app.stateMarks()).toContain('completed');
  });
}
