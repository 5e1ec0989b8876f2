// Agent journeys against the real peers, in both projects: open an agent, send and stream, follow the task in the
// timeline, continue a task that asks for input, and work with tasks from the task panel.

import { expect, test } from './fixtures';
import type { PeerName } from '../peers';
import { CardPage } from './support/cardPage';
import { ComposerPage } from './support/composerPage';
import { FramesPage } from './support/framesPage';
import { TasksPage } from './support/tasksPage';
import { TimelinePage } from './support/timelinePage';

test('open the 1.0 peer, send a skill example streaming: states, artifact and every frame', async ({
  app,
  startPeer,
  record,
}) => {
  const peer = await startPeer('v1.0');
  const card = new CardPage(app.page);

  await test.step('open the 1.0 peer: its card has no findings', async () => {
    await app.openAgent(peer.baseUrl);
    await expect(app.cardName()).toHaveText('Switchboard test peer (A2A 1.0)');
    await expect(card.noFindings()).toBeVisible();
  });

  await test.step('send a skill example, streaming', async () => {
    await card.useExample('hello there');
    await expect(app.composerText()).toHaveValue('hello there');
    await app.send(null, { stream: true });
    await expect(app.artifacts()).toContainText('Echo: hello there');
    await expect(app.messages('user')).toContainText('hello there');
  });

  await test.step("follow the task's states in the timeline", async () => {
    await app.tab('timeline').click();
    await expect.poll(() => app.stateMarks()).toEqual(['submitted', 'working', 'completed']);
    await expect(new TimelinePage(app.page).stateMarks().first()).toContainText('+0 ms');
  });

  await test.step("open the stream's frame and read its events", async () => {
    const frames = new FramesPage(app.page);
    await app.tab('frames').click();
    const streamRow = app.frameRows().filter({ hasText: 'events' });
    await expect(streamRow).toHaveCount(1);
    await expect(streamRow).toContainText('POST');
    await streamRow.click();
    await expect.poll(() => frames.streamEvents().count()).toBeGreaterThanOrEqual(4);
  });
  expect(record.pageErrors).toEqual([]);
});

test('multi-turn: the composer continues the task that asks for input', async ({ app, startPeer }) => {
  const peer = await startPeer('v1.0');
  const composer = new ComposerPage(app.page);
  await app.openAgent(peer.baseUrl);

  const taskId = await test.step('send a message the agent answers with a question', async () => {
    await app.send('need input', { stream: false });
    await expect(composer.continuesTask()).toContainText('TASK_STATE_INPUT_REQUIRED');
    await expect(app.messages('agent')).toContainText('Which colour should the answer be?');
    return composer.continuedTaskId();
  });

  await test.step('answer: the same task goes on and completes', async () => {
    await app.send('Ada', { stream: false });
    await expect(composer.continuesTask()).toHaveCount(0);
    await app.tab('tasks').click();
    await expect(app.taskRows()).toHaveCount(1);
    await expect(app.taskRows().first()).toHaveAttribute('data-task-id', taskId);
    await expect(app.taskRows().first()).toHaveAttribute('data-state', 'completed');
  });
});

test('tasks: close a stream without cancelling, resubscribe, cancel, get and list', async ({
  app,
  startPeer,
}) => {
  const peer = await startPeer('v1.0');
  const tasks = new TasksPage(app.page);
  await app.openAgent(peer.baseUrl);
  await app.send('slow please', { stream: true });
  await app.tab('tasks').click();
  const row = app.taskRows().first();
  await expect(row).toHaveAttribute('data-state', 'working');

  await test.step('close the stream: the task keeps working', async () => {
    await tasks.closeStream();
    await expect(tasks.closeStreamButton()).toHaveCount(0);
    await expect(row).toHaveAttribute('data-state', 'working');
  });

  await test.step('resubscribe, then cancel the task', async () => {
    await tasks.resubscribe(row);
    await expect(tasks.closeStreamButton()).toHaveCount(1);
    await tasks.cancel(row);
    await expect(row).toHaveAttribute('data-state', 'canceled');
    await expect(tasks.closeStreamButton()).toHaveCount(0);
  });

  await test.step('get the task, then list the tasks', async () => {
    await tasks.get(row);
    await expect(app.outcome()).toContainText('is TASK_STATE_CANCELED.');
    await tasks.listTasks();
    await expect(app.outcome()).toHaveText(/^\d+ tasks?/);
  });
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

    await test.step('send a message, blocking', async () => {
      await app.send('hello blocking', { stream: false });
      await expect(app.artifacts()).toContainText('Echo: hello blocking');
    });

    await test.step('send a message, streaming, and see it complete in the timeline', async () => {
      await app.send('hello streaming', { stream: true });
      await expect(app.artifacts().filter({ hasText: 'Echo: hello streaming' })).toHaveCount(1);
      await app.tab('timeline').click();
      await expect.poll(() => app.stateMarks()).toContain('completed');
    });
  });
}
