// Page object for the app: specs speak in user actions and visible results, never raw selectors.

import { expect, type Locator, type Page } from '@playwright/test';

export class AppPage {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('app-root');
  }

  async waitUntilReady(): Promise<void> {
    await expect(this.page.locator('[data-app-state="ready"]')).toBeVisible();
  }

  edition(): Locator {
    return this.page.getByTestId('host-edition');
  }

  async fetch(url: string, method = 'GET'): Promise<void> {
    await this.page.getByTestId('address-method').selectOption(method);
    await this.page.getByTestId('address-input').fill(url);
    await this.page.getByTestId('address-send').click();
  }

  status(): Locator {
    return this.page.getByTestId('frame-status');
  }

  responseHeaders(): Locator {
    return this.page.getByTestId('response-headers');
  }

  frameError(): Locator {
    return this.page.getByTestId('frame-error');
  }

  addressError(): Locator {
    return this.page.getByTestId('address-error');
  }

  frameRows(): Locator {
    return this.page.getByTestId('frame-row');
  }

  /** The Monaco editor showing the body, once Monaco (not the plain-text fallback) has mounted. */
  async bodyEditorText(): Promise<string> {
    const viewer = this.page.getByTestId('body-viewer');
    await expect(viewer).toHaveAttribute('data-monaco-ready', 'true');
    const text = await viewer.locator('.view-lines').innerText();
    return text.replace(/\u00a0/g, ' ');
  }
}
