// Page object for the Tasks tab (TASK-1..TASK-4): what can be done to one task from its row (get it, cancel it,
// resubscribe to it) or to them all (list), and closing an open stream without cancelling its task. The rows
// themselves are AppPage.taskRows(); specs speak through these methods, never selectors.

import type { Locator, Page } from '@playwright/test';

export class TasksPage {
  constructor(readonly page: Page) {}

  /** The button that closes the open stream; there is none when no stream is open. */
  closeStreamButton(): Locator {
    return this.page.getByTestId('close-stream');
  }

  /** Closes the open stream: the task goes on at the agent, unwatched. */
  async closeStream(): Promise<void> {
    await this.closeStreamButton().click();
  }

  async resubscribe(row: Locator): Promise<void> {
    await row.getByTestId('task-subscribe').click();
  }

  async cancel(row: Locator): Promise<void> {
    await row.getByTestId('task-cancel').click();
  }

  async get(row: Locator): Promise<void> {
    await row.getByTestId('task-get').click();
  }

  async listTasks(): Promise<void> {
    await this.page.getByTestId('list-tasks').click();
  }

  /** The row of one task. */
  row(taskId: string): Locator {
    return this.page.getByTestId('task-row').and(this.page.locator(`[data-task-id="${taskId}"]`));
  }

  /** The mark on a task read from answers that are not A2A (a plain REST agent's task JSON). */
  notA2A(row: Locator): Locator {
    return row.getByTestId('task-not-a2a');
  }

  /** The state marks of the strip in a task's row, as their `data-state` values. */
  async rowStates(row: Locator): Promise<string[]> {
    return row
      .getByTestId('state-mark')
      .evaluateAll((marks) => marks.map((m) => m.getAttribute('data-state') ?? ''));
  }

  /** Sets the ListTasks filters given; the others keep their values. */
  async setListFilters(filters: {
    context?: string;
    status?: string;
    pageSize?: string;
    statusAfter?: string;
    includeArtifacts?: boolean;
  }): Promise<void> {
    if (filters.context !== undefined) await this.page.getByTestId('list-context').fill(filters.context);
    if (filters.status !== undefined) await this.page.getByTestId('list-status').selectOption(filters.status);
    if (filters.pageSize !== undefined) await this.page.getByTestId('list-page-size').fill(filters.pageSize);
    if (filters.statusAfter !== undefined)
      await this.page.getByTestId('list-status-after').fill(filters.statusAfter);
    if (filters.includeArtifacts !== undefined)
      await this.page.getByTestId('list-include-artifacts').setChecked(filters.includeArtifacts);
  }

  async nextPage(): Promise<void> {
    await this.page.getByTestId('list-next').click();
  }

  nextPageButton(): Locator {
    return this.page.getByTestId('list-next');
  }

  /** Follows next-page tokens to the last page. */
  async loadAll(): Promise<void> {
    await this.page.getByTestId('list-all').click();
  }

  /** The shared progress notice of a Load all under way (UX-5): shown after a second, with its Cancel. */
  loadAllProgress(): Locator {
    return this.page.getByTestId('list-progress');
  }

  /** Presses the progress notice's Cancel: the Load all stops before it asks for the next page. */
  async cancelLoadAll(): Promise<void> {
    await this.page.getByTestId('list-progress-cancel').click();
  }

  /** Pages, tasks and the agent's total so far; `data-end` says how a Load all ended. */
  listSummary(): Locator {
    return this.page.getByTestId('list-summary');
  }

  /** Why the filters were not sent. */
  listError(): Locator {
    return this.page.getByTestId('list-error');
  }

  /** The tasks ListTasks returned, one row each. */
  listedRows(): Locator {
    return this.page.getByTestId('listed-task-row');
  }

  /** The sentence a generation without ListTasks gets instead of the list controls. */
  noTaskList(): Locator {
    return this.page.getByTestId('no-task-list');
  }
}
