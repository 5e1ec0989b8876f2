// Page object for the request editor without an agent (MSG-8): opened from the address bar, filled by Import cURL,
// sent, copied as another client's code, and found again in the history. Specs speak in user actions.

import { expect, type Locator, type Page } from '@playwright/test';

export class RequestEditorPage {
  constructor(readonly page: Page) {}

  /** The address bar's Editor button, with that method and URL typed first. */
  async openFromAddressBar(url: string, method = 'GET'): Promise<void> {
    await this.page.getByTestId('address-method').selectOption(method);
    await this.page.getByTestId('address-input').fill(url);
    await this.page.getByTestId('address-editor').click();
    await expect(this.page.getByTestId('raw-view')).toBeVisible();
  }

  /** A curl line typed into the address bar and sent: it is imported into the editor rather than fetched. */
  async curlInAddressBar(line: string): Promise<void> {
    await this.page.getByTestId('address-input').fill(line);
    await this.page.getByTestId('address-send').click();
    await expect(this.page.getByTestId('raw-view')).toBeVisible();
  }

  target(): Locator {
    return this.page.getByTestId('raw-target');
  }

  method(): Locator {
    return this.page.getByTestId('raw-method');
  }

  url(): Locator {
    return this.page.getByTestId('raw-url');
  }

  async fillRequestLine(method: string, url: string): Promise<void> {
    await this.method().fill(method);
    await this.url().fill(url);
  }

  async fillBody(text: string): Promise<void> {
    await this.body().fill(text);
  }

  /** Loads a file as the body, as the file picker would. */
  async loadBodyFile(name: string, bytes: Buffer, mimeType = 'application/octet-stream'): Promise<void> {
    await this.page.getByTestId('raw-body-file').setInputFiles({ name, mimeType, buffer: bytes });
  }

  bodyFileName(): Locator {
    return this.page.getByTestId('raw-body-file-name');
  }

  routeHints(): Locator {
    return this.page.getByTestId('raw-route-hint');
  }

  /** The route hint's "Insert skeleton": the body that hint's generation writes for the operation. */
  async insertExampleBody(index = 0): Promise<void> {
    await this.page.getByTestId('raw-insert-example').nth(index).click();
  }

  jsonCheck(): Locator {
    return this.page.getByTestId('raw-json-check');
  }

  /** The body checked against a recognised operation's request schema (one per generation that has a schema). */
  schemaCheck(): Locator {
    return this.page.getByTestId('raw-schema-check');
  }

  /** Each schema problem, as "<JSON path> <what is wrong>". */
  schemaProblems(): Locator {
    return this.page.getByTestId('raw-schema-problem');
  }

  body(): Locator {
    return this.page.getByTestId('raw-body');
  }

  notice(): Locator {
    return this.page.getByTestId('raw-notice');
  }

  /** The header row whose name field holds `name` (read from the fields, as a user reads them). */
  async header(name: string): Promise<Locator> {
    const rows = this.page.getByTestId('raw-header');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    for (let i = 0; i < (await rows.count()); i += 1) {
      if ((await rows.nth(i).getByTestId('raw-header-name').inputValue()) === name) return rows.nth(i);
    }
    throw new Error(`No header row named ${name}`);
  }

  async headerValue(name: string): Promise<Locator> {
    return (await this.header(name)).getByTestId('raw-header-value');
  }

  async headerSecret(name: string): Promise<Locator> {
    return (await this.header(name)).getByTestId('raw-header-secret');
  }

  queryRows(): Locator {
    return this.page.getByTestId('raw-query-row');
  }

  async importCurl(line: string): Promise<void> {
    await this.page.getByTestId('raw-import-curl').click();
    await this.page.getByTestId('curl-import-text').fill(line);
    await this.page.getByTestId('curl-import-go').click();
  }

  importError(): Locator {
    return this.page.getByTestId('curl-import-error');
  }

  async cancelImport(): Promise<void> {
    await this.page
      .getByRole('dialog', { name: 'Import a curl command' })
      .getByRole('button', { name: 'Cancel' })
      .click();
  }

  async send(): Promise<void> {
    await this.page.getByTestId('raw-send').click();
  }

  outcome(): Locator {
    return this.page.getByTestId('raw-outcome');
  }

  async showExchange(): Promise<void> {
    await this.page.getByTestId('raw-show-frame').click();
  }

  async copyAs(format: 'curl' | 'fetch' | 'httpie' | 'python'): Promise<void> {
    await this.page.getByTestId('raw-copy-as').selectOption(format);
  }

  exportText(): Locator {
    return this.page.getByTestId('raw-export');
  }

  async openHistory(): Promise<void> {
    await this.page.getByTestId('raw-history-toggle').click();
    await expect(this.page.getByTestId('raw-history')).toBeVisible();
  }

  async searchHistory(text: string): Promise<void> {
    await this.page.getByTestId('raw-history-search').fill(text);
  }

  historyEntries(): Locator {
    return this.page.getByTestId('raw-history-entry');
  }

  historyEmpty(): Locator {
    return this.page.getByTestId('raw-history-empty');
  }

  async openHistoryEntry(index: number): Promise<void> {
    await this.historyEntries().nth(index).getByTestId('raw-history-open').click();
  }
}
