// Filters (TL-5) in both projects: on a live run against the SDK peer the timeline and the frames list filter by
// task, state and operation with one filter bar whose choice survives switching tabs; a session in browse mode is
// searched by the host with the same filters, without text.

import { expect, test } from './fixtures';
import { FilterPage } from './support/filterPage';
import { FramesPage } from './support/framesPage';
import { openLargeSessionInBrowseMode } from './support/largeSession';
import { SearchPage } from './support/searchPage';

test('filter a live run by task, state and operation in the timeline and the frames list', async ({
  app,
  startPeer,
}) => {
  const filters = new FilterPage(app.page);
  const frames = new FramesPage(app.page);
  const peer = await startPeer('v1.0');

  await test.step('record a streamed send and a plain send: two operations', async () => {
    await app.openAgent(peer.baseUrl);
    await app.send('first streamed', { stream: true });
    await expect(app.artifacts()).toContainText('Echo: first streamed');
    await app.send('second plain', { stream: false });
    await expect(app.artifacts().filter({ hasText: 'Echo: second plain' })).toHaveCount(1);
    await app.tab('timeline').click();
  });

  const total = await test.step('the timeline offers the tasks seen and says all are shown', async () => {
    await expect(filters.shown('timeline')).toHaveText(/^(\d+) of \1 shown$/);
    return Number((await filters.shown('timeline').textContent())!.split(' of ')[0]);
  });

  await test.step('by state: only entries that carried it are shown', async () => {
    await filters.choose('timeline', 'state', 'completed');
    await expect(filters.timelineEntries().first()).toBeVisible();
    for (const entry of await filters.timelineEntries().all())
      await expect(entry).toHaveAttribute('data-state', 'completed');
    await expect(filters.shown('timeline')).not.toHaveText(`${total} of ${total} shown`);
    await filters.clear('timeline');
    await expect(filters.shown('timeline')).toHaveText(`${total} of ${total} shown`);
  });

  const tasks = await filters.offered('timeline', 'task');
  expect(tasks).toHaveLength(2);

  await test.step('by task: no entry of the other task is shown, and the choice survives a tab switch', async () => {
    await filters.choose('timeline', 'task', tasks[0]!);
    await expect(filters.timelineEntries().first()).toBeVisible();
    await expect(filters.shown('timeline')).not.toHaveText(`${total} of ${total} shown`);
    // A request entry is made before its answer names the task; the filter reads the frame, which knows it.
    for (const entry of await filters.timelineEntries().all())
      await expect(entry).not.toHaveAttribute('data-task-id', tasks[1]!);
    await frames.open();
    await expect(filters.control('frames', 'task')).toHaveValue(tasks[0]!);
    await expect(frames.rows().first()).toBeVisible();
    await expect(filters.shown('frames')).toHaveText(/^\d+ of \d+ shown$/);
    await filters.clear('frames');
    await expect(filters.control('frames', 'task')).toHaveValue('');
  });

  await test.step('by operation in the frames list: only the streamed exchange is left', async () => {
    const all = await frames.rows().count();
    await filters.choose('frames', 'operation', 'stream');
    await expect(frames.rows()).not.toHaveCount(all);
    for (const row of await frames.rows().all()) await expect(row).toContainText('SendStreamingMessage');
    await expect(filters.shown('frames')).toHaveText(`${await frames.rows().count()} of ${all} shown`);
  });

  await test.step('by state in the frames list: the exchange whose events carried it stays', async () => {
    await filters.clear('frames');
    await filters.choose('frames', 'state', 'working');
    await expect(frames.rows()).toHaveCount(1);
    await expect(frames.rows().first()).toContainText('SendStreamingMessage');
  });

  await test.step('by operation in the timeline: only the entries of the plain send', async () => {
    await filters.clear('frames');
    await filters.choose('frames', 'operation', 'send');
    await app.tab('timeline').click();
    await expect(filters.control('timeline', 'operation')).toHaveValue('send');
    await expect(filters.timelineEntries().first()).toBeVisible();
    for (const entry of await filters.timelineEntries().all())
      await expect(entry).toHaveAttribute('data-operation', 'send');
  });
});

test('search a session in browse mode with filters only: the host keeps what they pass', async ({
  app,
  tempDir,
}) => {
  const filters = new FilterPage(app.page);
  const search = new SearchPage(app.page);
  const { streams } = await openLargeSessionInBrowseMode(app, tempDir);

  await test.step('events that completed a task: one per stream', async () => {
    await filters.choose('browse', 'kind', 'sse');
    await filters.type('browse', 'state', 'completed');
    await filters.searchSessionWithFilters();
    await expect(search.sessionStatus()).toHaveText(`0 of ${streams}`, { timeout: 60_000 });
  });

  await test.step('with a task as well: that stream only', async () => {
    await filters.type('browse', 'task', 'task-1');
    await filters.searchSessionWithFilters();
    await expect(search.sessionStatus()).toHaveText('0 of 1', { timeout: 60_000 });
    await search.nextInSession();
    await expect(search.sessionStatus()).toHaveText('1 of 1');
  });
});
