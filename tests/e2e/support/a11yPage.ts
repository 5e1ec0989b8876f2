// Page object for accessibility and theme (UX-4, 12a): the axe-core scan of what is on screen, the theme switch and
// the palette's theme commands, and keyboard focus, so specs hold no raw selectors.

import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export type Theme = 'system' | 'light' | 'dark';

export interface AxeIssue {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

export class A11yPage {
  constructor(readonly page: Page) {}

  /** Every axe violation of any impact on the page as it is now, one line per rule with where it was seen. */
  async violations(): Promise<AxeIssue[]> {
    const results = await new AxeBuilder({ page: this.page }).analyze();
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  }

  /** Fails with the list of violations, named for the view, when there is any. */
  async expectNoViolations(view: string): Promise<void> {
    expect(await this.violations(), `axe violations on ${view}`).toEqual([]);
  }

  themeSelect(): Locator {
    return this.page.getByTestId('theme-select');
  }

  async chooseTheme(theme: Theme): Promise<void> {
    await this.themeSelect().selectOption(theme);
  }

  /** The scheme applied to the document, as styles.css reads it. */
  appliedTheme(): Locator {
    return this.page.locator('html');
  }

  async expectApplied(scheme: 'light' | 'dark'): Promise<void> {
    await expect(this.appliedTheme()).toHaveAttribute('data-theme', scheme);
  }

  async openPalette(): Promise<void> {
    await this.page.keyboard.press('Control+K');
    await expect(this.page.getByTestId('palette')).toBeVisible();
  }

  async runPaletteCommand(label: string): Promise<void> {
    await this.openPalette();
    await this.page.keyboard.type(label);
    await this.page.keyboard.press('Enter');
  }

  /** The element that has keyboard focus, by its data-testid (empty when it has none). */
  async focusedTestId(): Promise<string> {
    return this.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
  }

  /** Presses Tab until the element with this test id has focus; fails after `limit` presses. */
  async tabTo(testId: string, limit = 60): Promise<number> {
    for (let presses = 1; presses <= limit; presses++) {
      await this.page.keyboard.press('Tab');
      if ((await this.focusedTestId()) === testId) return presses;
    }
    throw new Error(`Tab never reached ${testId} in ${limit} presses.`);
  }

  async closePalette(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.page.getByTestId('palette')).toBeHidden();
  }

  // The frames list and the inspector pane (12b)

  inspectorPane(): Locator {
    return this.page.getByTestId('inspector-pane');
  }

  async closeInspector(): Promise<void> {
    await this.page.getByTestId('inspector-close').click();
  }

  /** Headers of the frames list whose text does not fit their column (scrollWidth over clientWidth). */
  async truncatedColumnHeaders(): Promise<string[]> {
    const headers = this.page.getByTestId('frames-table').getByRole('columnheader');
    await expect(headers.first()).toBeVisible();
    return headers.evaluateAll((cells) =>
      cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent ?? ''),
    );
  }
}
