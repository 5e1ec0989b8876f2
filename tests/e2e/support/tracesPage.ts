// Page object for the Traces view and the inspector's trace context (PRX-2), so the traces spec holds no raw
// selectors: the list of traces, the call graph's edges, the waterfall's rows and the parsed traceparent.

import type { Locator, Page } from '@playwright/test';

export class TracesPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByTestId('tab-traces').click();
  }

  traceRows(): Locator {
    return this.page.getByTestId('trace-row');
  }

  graphEdges(): Locator {
    return this.page.getByTestId('graph-edge');
  }

  waterfallRows(): Locator {
    return this.page.getByTestId('waterfall-row');
  }

  /** Clicks one waterfall row and returns the frame id it names. */
  async pickWaterfallRow(index: number): Promise<string> {
    const row = this.waterfallRows().nth(index);
    const frameId = (await row.getAttribute('data-frame-id')) ?? '';
    await row.click();
    return frameId;
  }

  /** Picks a trace in the list (the click leaves keyboard focus on its row). */
  async pickTrace(index: number): Promise<void> {
    await this.traceRows().nth(index).click();
  }

  /** Activates whatever has keyboard focus, as a keyboard user would. */
  async pressEnter(): Promise<void> {
    await this.page.keyboard.press('Enter');
  }

  selectedWaterfallRow(): Locator {
    return this.waterfallRows().and(this.page.locator('[data-selected="true"]'));
  }

  /** The trace context section of the inspector's request, its trace id and its findings. */
  traceContext(): Locator {
    return this.page.getByTestId('trace-context');
  }

  traceContextTraceId(): Locator {
    return this.page.getByTestId('trace-context-trace-id');
  }

  traceContextFindings(): Locator {
    return this.page.getByTestId('trace-context-findings');
  }

  /** The note that some requests carried a traceparent that had to be ignored. */
  malformedNote(): Locator {
    return this.page.getByTestId('traces-malformed');
  }

  emptyNote(): Locator {
    return this.page.getByTestId('traces-empty');
  }
}
