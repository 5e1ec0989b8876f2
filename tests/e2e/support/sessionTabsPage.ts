// Page object for sessions held beside the live run (UX-2): "Beside…" in the top bar, the session tab strip, the
// side-by-side split, the held runs with their own views (timeline, conversation, frames, exchanges), tabs that did
// not come back after a reload, the palette's tab commands and the compare of runs A and B. Specs use these, never raw
// selectors.

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

  /** The held runs on screen (one on a tab, up to two side by side). */
  runLists(): Locator {
    return this.page.getByTestId('held-run');
  }

  runTitles(): Locator {
    return this.page.getByTestId('held-run-title');
  }

  /** Switches every held run on screen to one of its views. */
  async showView(view: 'timeline' | 'conversation' | 'frames' | 'exchanges'): Promise<void> {
    const buttons = this.page.getByTestId('held-view').and(this.page.locator(`[data-view="${view}"]`));
    for (const button of await buttons.all()) await button.click();
    for (const run of await this.runLists().all()) await expect(run).toHaveAttribute('data-view', view);
  }

  /** The timeline's send requests inside a held run. */
  timelineSends(run: Locator): Locator {
    return run
      .getByTestId('timeline-entry')
      .and(this.page.locator('[data-kind="request"][data-operation="send"]'));
  }

  messages(run: Locator): Locator {
    return run.getByTestId('recorded-conversation').getByTestId('message');
  }

  /** Picks a timeline entry of a held run; its own inspector opens beside the view. */
  async pickEntry(run: Locator, index: number): Promise<void> {
    await run.getByTestId('timeline-entry').nth(index).click();
  }

  inspector(run: Locator): Locator {
    return run.getByTestId('held-inspector');
  }

  /** The tab for a remembered session that did not open again, and why. */
  missingProblem(): Locator {
    return this.page.getByTestId('held-run-missing').getByTestId('held-run-problem');
  }

  /** Runs a palette command by typing its words, as a user would. */
  async runCommand(text: string): Promise<void> {
    await this.page.keyboard.press('ControlOrMeta+k');
    await expect(this.page.getByTestId('palette')).toBeVisible();
    await this.page.getByTestId('palette-input').fill(text);
    await this.page.getByTestId('palette-input').press('Enter');
  }

  /** Shows the next (or previous) tab with the keyboard. */
  async stepWithKeys(direction: 'next' | 'previous'): Promise<void> {
    await this.page
      .locator('body')
      .press(direction === 'next' ? 'Alt+Shift+ArrowRight' : 'Alt+Shift+ArrowLeft');
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
