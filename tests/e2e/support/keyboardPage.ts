// The keyboard alone (UX-3): moving focus with Tab and acting with keys, never a click. `tabTo` presses Tab until
// the control is focused and fails, naming where focus went, when it is not reached: an unreachable control or a
// keyboard trap (focus stuck in one place) both show there.

import { expect, type Locator, type Page } from '@playwright/test';

/** Enough presses to walk the whole window with an agent open; more would mean a trap or a missing control. */
const MAX_TABS = 250;

export class KeyboardPage {
  constructor(readonly page: Page) {}

  /** The focused element's data-testid, or its tag name when it has none. */
  async focused(): Promise<string> {
    return this.page.evaluate(() => {
      const active = document.activeElement;
      if (!(active instanceof HTMLElement)) return '';
      return active.dataset.testid ?? active.tagName.toLowerCase();
    });
  }

  /** Presses Tab (or Shift+Tab) until the element with `testId` has focus. */
  async tabTo(testId: string, options: { backwards?: boolean } = {}): Promise<void> {
    const visited: string[] = [];
    for (let i = 0; i < MAX_TABS; i++) {
      const now = await this.focused();
      if (now === testId) return;
      visited.push(now);
      await this.page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
    }
    throw new Error(`Tab never reached ${testId}; focus went through ${visited.slice(-40).join(' → ')}`);
  }

  /** Tabs to a control and presses a key on it (Enter for a button, Space for a checkbox). */
  async activate(testId: string, key = 'Enter'): Promise<void> {
    await this.tabTo(testId);
    await this.page.keyboard.press(key);
  }

  /** Opens a file picker from its button with Enter and picks a file: the keyboard's way to drop one. */
  async chooseFile(testId: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.activate(testId);
    await (await chooser).setFiles(file);
  }

  /** Where the focused element is among those with its data-testid (-1 when it has none). */
  async focusedIndex(): Promise<number> {
    return this.page.evaluate(() => {
      const active = document.activeElement;
      if (!(active instanceof HTMLElement) || !active.dataset.testid) return -1;
      const same = document.querySelectorAll(`[data-testid="${active.dataset.testid}"]`);
      return Array.from(same).indexOf(active);
    });
  }

  /** A draggable divider between panes; the keyboard moves it with the arrow keys. */
  separator(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
  }

  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
  }

  /** The agent settings dialog, found by its accessible name. */
  settingsDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Agent settings' });
  }

  /** The composer's Stream checkbox, read to know whether Space must turn it on. */
  streamingToggle(): Locator {
    return this.page.getByTestId('composer-streaming');
  }

  palette(): Locator {
    return this.page.getByTestId('palette');
  }

  inspector(): Locator {
    return this.page.getByTestId('inspector-pane');
  }

  frameRows(): Locator {
    return this.page.getByTestId('frame-row');
  }

  /** The frames grid's picked row (its aria-activedescendant). */
  pickedRow(): Locator {
    return this.page.locator('[data-testid="frame-row"][aria-selected="true"]');
  }

  /** Waits until focus is on the element with `testId`. */
  async expectFocus(testId: string): Promise<void> {
    await expect.poll(() => this.focused()).toBe(testId);
  }
}
