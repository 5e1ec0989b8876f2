// Listing tasks from the Tasks tab against real SDK agents (TASK-2): page by page and "Load all" to the last page
// with the agent's total, a bad filter refused before sending, and a 0.3 agent told plainly it has no task list.

import { expect, test } from './fixtures';
import { gateHostCalls } from './support/hostCallGate';
import { TasksPage } from './support/tasksPage';

test('ListTasks page by page and to the end, with filters', async ({ app, startPeer }) => {
  const peer = await startPeer('v1.0');
  const tasks = new TasksPage(app.page);

  await test.step('send three messages: three tasks', async () => {
    await app.openAgent(peer.baseUrl);
    for (const [index, text] of ['hello one', 'hello two', 'hello three'].entries()) {
      await app.send(text, { stream: false });
      await app.tab('tasks').click();
      await expect(app.taskRows()).toHaveCount(index + 1);
    }
  });

  await test.step('a page size out of range is refused with a message', async () => {
    await tasks.setListFilters({ pageSize: '0' });
    await tasks.listTasks();
    await expect(tasks.listError()).toContainText('Page size must be a whole number from 1 to 100');
  });

  await test.step('two per page: list, then the next page', async () => {
    await tasks.setListFilters({ pageSize: '2', status: 'completed', includeArtifacts: true });
    await tasks.listTasks();
    await expect(tasks.listedRows()).toHaveCount(2);
    await tasks.nextPage();
    await expect(tasks.listedRows()).toHaveCount(3);
    await expect(tasks.nextPageButton()).toHaveCount(0);
  });

  await test.step('Load all follows the tokens to the last page and shows the total', async () => {
    await tasks.loadAll();
    await expect(tasks.listSummary()).toHaveAttribute('data-end', 'end');
    await expect(tasks.listSummary()).toContainText('3 tasks of 3');
    await expect(tasks.listSummary()).toContainText('in 2 pages');
    await expect(tasks.listedRows()).toHaveCount(3);
  });

  await test.step('a status time in the future lists nothing', async () => {
    await tasks.setListFilters({ statusAfter: '2999-01-01T00:00:00Z' });
    await tasks.loadAll();
    await expect(tasks.listSummary()).toContainText('0 tasks');
  });
});

test('Load all shows the shared progress notice, and its Cancel stops before the next page', async ({
  app,
  startPeer,
}) => {
  const peer = await startPeer('v1.0');
  const tasks = new TasksPage(app.page);

  await test.step('three tasks, two per page', async () => {
    await app.openAgent(peer.baseUrl);
    for (const [index, text] of ['page one', 'page two', 'page three'].entries()) {
      await app.send(text, { stream: false });
      await app.tab('tasks').click();
      await expect(app.taskRows()).toHaveCount(index + 1);
    }
    await tasks.setListFilters({ pageSize: '2' });
  });

  // From here the host holds each agent call until the test opens the gate: the first page stays under way for as
  // long as the journey needs, without a sleep.
  const gate = gateHostCalls(app.host!, 'runOperation');
  try {
    await test.step('Load all: the first page is held, the notice shows with its Cancel', async () => {
      await tasks.loadAll();
      await gate.waitForCalls(1);
      await expect(tasks.loadAllProgress()).toBeVisible();
      await expect(tasks.loadAllProgress()).toContainText('Loading all tasks');
    });

    await test.step('Cancel, then the first page answers: no second page is asked for', async () => {
      await tasks.cancelLoadAll();
      gate.open();
      await expect(tasks.listSummary()).toHaveAttribute('data-end', 'cancelled');
      await expect(tasks.listSummary()).toContainText('Cancelled by the user.');
      await expect(tasks.loadAllProgress()).toHaveCount(0);
      await expect(tasks.listedRows()).toHaveCount(2);
      expect(gate.calls()).toBe(1);
    });
  } finally {
    gate.restore();
  }
});

test('a 0.3 agent has no task list, and says so', async ({ app, startPeer }) => {
  const peer = await startPeer('v0.3');
  const tasks = new TasksPage(app.page);
  await test.step('open the tasks tab', async () => {
    await app.openAgent(peer.baseUrl);
    await app.tab('tasks').click();
    await expect(tasks.noTaskList()).toContainText('A2A 0.3 has no task list (ListTasks came with A2A 1.0)');
  });
});
