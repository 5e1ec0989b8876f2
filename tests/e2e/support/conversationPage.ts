// Page object for the conversation beside the wire (TL-4) and browse mode's task pane (TL-6): the side-by-side
// toggle, the item a selected frame highlights, and a browse-mode session's task list, strip and conversation.

import type { Locator, Page } from '@playwright/test';

export class ConversationPage {
  constructor(readonly page: Page) {}

  splitToggle(): Locator {
    return this.page.getByTestId('split-toggle');
  }

  splitView(): Locator {
    return this.page.getByTestId('split-view');
  }

  /** Messages and artifacts the selected frame carried (at most one). */
  highlighted(): Locator {
    return this.page.locator(
      '[data-testid="message"][data-selected="true"], [data-testid="artifact"][data-selected="true"]',
    );
  }

  /** The heading of a conversation item: clicking it selects the item's frame. */
  itemHead(item: Locator): Locator {
    return item.getByRole('button').first();
  }

  selectedTimelineEntry(): Locator {
    return this.page.locator('[data-testid="timeline-entry"].selected');
  }

  showBrowseTasks(): Locator {
    return this.page.getByTestId('browse-tasks-load');
  }

  browseTaskSelect(): Locator {
    return this.page.getByTestId('browse-task-select');
  }

  async pickBrowseTask(taskId: string): Promise<void> {
    await this.browseTaskSelect().selectOption(taskId);
  }

  browseTask(): Locator {
    return this.page.getByTestId('browse-task');
  }

  browseStateMarks(): Locator {
    return this.browseTask().getByTestId('state-mark');
  }

  browseMessages(): Locator {
    return this.browseTask().getByTestId('message');
  }

  browseArtifacts(): Locator {
    return this.browseTask().getByTestId('artifact');
  }
}
