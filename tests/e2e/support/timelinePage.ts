// Page object for the Timeline tab (TL-1, TL-2): each task's strip of state marks and the entries beside them
// (sends, events, push deliveries). The newest strip's states as a list are AppPage.stateMarks().

import type { Locator, Page } from '@playwright/test';

export class TimelinePage {
  constructor(readonly page: Page) {}

  /** Timeline entries, of one kind when given (`push` for deliveries to the host's receiver). */
  entries(kind?: string): Locator {
    const all = this.page.getByTestId('timeline-entry');
    return kind ? all.and(this.page.locator(`[data-kind="${kind}"]`)) : all;
  }

  /** Every state mark on every strip, each labelled with its time since the task began. */
  stateMarks(): Locator {
    return this.page.getByTestId('state-mark');
  }
}
