// A plain REST agent that is not A2A (tests/peers/simpleRestPeer.ts), worked entirely through the raw request editor:
// a task created, its stream shown as events with their JSON and times, its question answered, and the task seen in
// the Tasks tab with its state strip and marked "not A2A", and in the timeline as generic events (FRM-2, TL-2).

import { expect } from '@playwright/test';
import { test } from './fixtures';
import { FramesPage } from './support/framesPage';
import { TasksPage } from './support/tasksPage';
import { TimelinePage } from './support/timelinePage';
import { SIMPLE_REST_PEER, startSimpleRestPeer } from '../peers/simpleRestPeer';

test('a plain REST task is created, streamed, answered and completed through the raw editor', async ({
  app,
}) => {
  const peer = await startSimpleRestPeer();
  try {
    const frames = new FramesPage(app.page);
    const key: [string, string] = [SIMPLE_REST_PEER.header, SIMPLE_REST_PEER.apiKey];
    const json: [string, string] = ['Content-Type', 'application/json'];
    let taskId = '';

    await test.step('open the card and create a task that will ask a question', async () => {
      await app.openAgent(peer.cardUrl);
      await frames.openRaw();
      await frames.fillRaw({
        method: 'POST',
        url: `${peer.baseUrl}/tasks`,
        headers: [key, json],
        body: '{"message":"please ask me something"}',
      });
      await frames.sendRaw();
      await expect(frames.rawOutcome()).toContainText('201');
      taskId = peer.taskIds().at(-1) ?? '';
      expect(taskId).not.toBe('');
    });

    await test.step('stream it: the stream opens, and the task waits for an answer', async () => {
      const opened = peer.nextStreamOpened();
      await frames.fillRaw({
        method: 'GET',
        url: `${peer.baseUrl}/tasks/${taskId}/stream`,
        headers: [key],
        body: '',
      });
      await frames.sendRaw();
      await opened;
      await peer.taskReached(taskId, 'input_required');
      await expect(frames.rawOutcome()).toHaveAttribute('data-status', 'stream');
      await expect(frames.rawOutcome()).toContainText('not an A2A stream');
      await frames.showRawExchange();
      await expect(frames.streamEvents()).toHaveCount(3);
    });

    await test.step('answer it: the task completes and the stream ends', async () => {
      await frames.openRaw();
      await frames.fillRaw({
        method: 'POST',
        url: `${peer.baseUrl}/tasks/${taskId}/messages`,
        headers: [key, json],
        body: '{"message":"blue"}',
      });
      await frames.sendRaw();
      await expect(frames.rawOutcome()).toContainText('200');
      await peer.taskReached(taskId, 'completed');
    });

    await test.step('the stream is shown as events, with raw text, JSON and times, never as invalid JSON', async () => {
      await app.tab('frames').click();
      await expect(frames.streamEvents()).toHaveCount(5);
      await expect(frames.streamEvents()).toContainText(['snapshot', 'status', 'status', 'status', 'status']);
      await expect(frames.streamEventTimes()).toHaveCount(5);
      await expect(frames.streamEventTimes().first()).toContainText(/^\+\d+ ms$/);
      await frames.streamEvents().last().click();
      await expect(frames.eventRaw()).toContainText('event: status');
      await expect(frames.eventJson()).toContainText('"state": "completed"');
      await expect(frames.inspector()).not.toContainText('not valid JSON');
    });

    await test.step('the Tasks tab shows the task with its state strip, marked not A2A', async () => {
      const tasks = new TasksPage(app.page);
      await app.tab('tasks').click();
      const row = tasks.row(taskId);
      await expect(row).toHaveAttribute('data-state', 'completed');
      await expect(tasks.notA2A(row)).toBeVisible();
      expect(await tasks.rowStates(row)).toEqual([
        'submitted',
        'working',
        'input-required',
        'working',
        'completed',
      ]);
    });

    await test.step('the timeline lists the events as generic ones, with no error', async () => {
      const timeline = new TimelinePage(app.page);
      await app.tab('timeline').click();
      await expect(timeline.entries('event')).toHaveCount(5);
      await expect(timeline.entries('event').last()).toContainText('event status · task completed (not A2A)');
    });
  } finally {
    await peer.close();
  }
});
