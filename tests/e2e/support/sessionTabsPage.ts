// Page object for sessions held beside the live run (UX-2): "Beside…" in the top bar, the session tab strip, the
// side-by-side split, the read-only run lists and the compare of runs A and B. Specs use these, never raw selectors.

import { Buffer } from 'node:buffer';
import { expect, type Locator, type Page } from '@playwright/test';
import type { SessionFile } from './sessionsPage';

export class SessionTabsPage {
  constructor(readonly page: Page) {}

  /** Opens a session file beside the live run with the top bar's "Beside…" picker, from memory. */
  async openBeside(file: SessionFile): Promise<void> {
    await expect(this.page.getByTestId('session-open-beside')).toBeEnabled();
    await this.page.getByTestId('session-beside-input').setInputFiles({
      name: file.name,
      mimeType: 'application/json',
      buffer: Buffer.from(file.content),
    });
  }

  /** Opens the first session of the sidebar's recent list beside the live run. */
  async openRecentBeside(): Promise<void> {
    await this.page.getByTestId('recent-beside').first().click();
  }

  strip(): Locator {
    return this.page.getByTestId('session-tabs');
  }

  tabs(): Locator {
    return this.page.getByTestId('session-tab');
  }

  tab(title: string): Locator {
    return this.tabs().and(this.page.locator(`[data-session="${title}"]`));
  }

  async closeTab(title: string): Promise<void> {
    await this.page
      .getByTestId('session-tab-close')
      .and(this.page.locator(`[data-session="${title}"]`))
      .click();
  }

  /** The read-only lists of held runs on screen (one on a tab, up to two side by side). */
  runLists(): Locator {
    return this.page.getByTestId('run-list');
  }

  runTitles(): Locator {
    return this.page.getByTestId('run-list-title');
  }

  runRows(list: Locator): Locator {
    return list.getByTestId('run-row');
  }

  /** The rows of a list that are sends to an agent. */
  sendRows(list: Locator): Locator {
    return this.runRows(list).filter({ hasText: ' · send' });
  }

  /** Replays the held session on screen in the main view. */
  async replayShown(): Promise<void> {
    await this.page.getByTestId('run-replay').click();
  }

  async toggleSplit(): Promise<void> {
    await this.page.getByTestId('session-split').click();
  }

  split(): Locator {
    return this.page.getByTestId('side-split');
  }

  /** Live's main tabs: shown on the Live tab. */
  liveViews(): Locator {
    return this.page.getByTestId('main-tabpanel');
  }

  async pick(slot: 'a' | 'b', title: string): Promise<void> {
    await this.page.getByTestId(`compare-${slot}`).selectOption({ label: title });
  }

  async compare(): Promise<void> {
    await this.page.getByTestId('compare-runs').click();
    await expect(this.page.getByTestId('run-compare')).toBeVisible();
  }

  compareHeadline(): Locator {
    return this.page.getByTestId('run-compare').getByTestId('resend-headline');
  }

  compareSteps(): Locator {
    return this.page.getByTestId('run-compare').getByTestId('resend-step');
  }

  compareDifferences(): Locator {
    return this.page.getByTestId('run-compare').getByTestId('resend-difference');
  }
}
