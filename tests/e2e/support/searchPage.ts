// Page object for search (TL-5): the search box above the frames and the one of a session in browse mode, and the
// marks the inspector shows. Specs speak in user actions and visible results, never raw selectors.

import type { Locator, Page } from '@playwright/test';

export class SearchPage {
  constructor(readonly page: Page) {}

  /** Types into the frames' search box; the count updates as it is typed. */
  async search(text: string): Promise<void> {
    await this.page.getByTestId('search-input').fill(text);
  }

  /** "3 of 41", "No match", or a plain message for a bad query. */
  count(): Locator {
    return this.page.getByTestId('search-count');
  }

  async next(): Promise<void> {
    await this.page.getByTestId('search-input').press('Enter');
  }

  async previous(): Promise<void> {
    await this.page.getByTestId('search-input').press('Shift+Enter');
  }

  async f3(): Promise<void> {
    await this.page.keyboard.press('F3');
  }

  /** Matches marked in the inspector: marked text in headers and events, the match count of a body. */
  marks(): Locator {
    return this.page
      .getByTestId('frame-inspector')
      .getByTestId('search-mark')
      .or(this.page.getByTestId('frame-inspector').getByTestId('body-search-hits'));
  }

  // A session in browse mode: the host searches the file.

  async searchSession(text: string): Promise<void> {
    const box = this.page.getByTestId('browse-search');
    await box.fill(text);
    await box.press('Enter');
  }

  /** Enter again in the same box moves to the next hit. */
  async nextInSession(): Promise<void> {
    await this.page.getByTestId('browse-search').press('Enter');
  }

  async previousInSession(): Promise<void> {
    await this.page.getByTestId('browse-search').press('Shift+Enter');
  }

  /** "2 of 101", "No match", or "cancelled after … frames"; how far a running search got is the notice's. */
  sessionStatus(): Locator {
    return this.page.getByTestId('browse-search-status');
  }

  /** Runs the session search again with the Search button (Enter moves between hits when nothing changed). */
  async rerunSessionSearch(): Promise<void> {
    await this.page.getByTestId('browse-search-go').click();
  }

  /** The shared progress notice of a running session search (UX-5): "Searching the session: n of m frames". */
  sessionProgress(): Locator {
    return this.page.getByTestId('browse-search-progress');
  }

  /** Presses the progress notice's Cancel. */
  async cancelSessionSearch(): Promise<void> {
    await this.page.getByTestId('browse-search-progress-cancel').click();
  }
}
