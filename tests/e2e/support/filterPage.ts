// Page object for the filter bars of TL-5: kind, task, state and operation over the timeline ("timeline"), the
// frames list ("frames") and a browse-mode search ("browse"), their "n of m shown" and Clear filters.

import type { Locator, Page } from '@playwright/test';

export type FilterBarName = 'timeline' | 'frames' | 'browse';
type Facet = 'kind' | 'task' | 'state' | 'operation';

export class FilterPage {
  constructor(readonly page: Page) {}

  bar(name: FilterBarName): Locator {
    return this.page.getByTestId(`${name}-filter-bar`);
  }

  control(name: FilterBarName, facet: Facet): Locator {
    return this.bar(name).getByTestId(`filter-${facet}`);
  }

  /** Chooses a value in a list (the timeline and frames list); '' is "any". */
  async choose(name: FilterBarName, facet: Facet, value: string): Promise<void> {
    await this.control(name, facet).selectOption(value);
  }

  /** Types a value (a browse-mode search, whose session is not all read). */
  async type(name: FilterBarName, facet: Facet, value: string): Promise<void> {
    await this.control(name, facet).fill(value);
  }

  /** The values a list offers, "any" left out. */
  async offered(name: FilterBarName, facet: Facet): Promise<string[]> {
    // The bar reads what to offer when it is reached for, as a user opening the list would.
    await this.control(name, facet).focus();
    const values = await this.control(name, facet)
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    return values.filter((value) => value !== '');
  }

  /** "3 of 41 shown". */
  shown(name: FilterBarName): Locator {
    return this.page.getByTestId(`${name}-shown`);
  }

  async clear(name: FilterBarName): Promise<void> {
    await this.bar(name).getByTestId('filter-clear').click();
  }

  /** Timeline entries as shown, with their task, state and operation. */
  timelineEntries(): Locator {
    return this.page.getByTestId('timeline-entry');
  }

  async searchSessionWithFilters(): Promise<void> {
    await this.page.getByTestId('browse-search-go').click();
  }
}
