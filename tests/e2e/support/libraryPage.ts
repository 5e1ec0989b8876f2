// Page-object helpers for the agent library, its dialogs, the demo agent and the command palette.

import { expect, type Locator, type Page } from '@playwright/test';

export class LibraryPage {
  constructor(readonly page: Page) {}

  async tryDemo(): Promise<void> {
    await this.page.getByTestId('try-demo').click();
    await expect(this.page.getByTestId('card-view')).toBeVisible();
  }

  async pasteCard(text: string): Promise<void> {
    await this.page.getByTestId('paste-card').click();
    await this.page.getByTestId('paste-card-text').fill(text);
    await this.page.getByTestId('paste-card-open').click();
    await expect(this.page.getByTestId('card-view')).toBeVisible();
  }

  savedAgents(): Locator {
    return this.page.getByTestId('library-item');
  }

  openAgents(): Locator {
    return this.page.getByTestId('agent-item');
  }

  async closeActiveAgent(): Promise<void> {
    await this.page.getByTestId('agent-close').first().click();
  }

  async exportLibrary(): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('library-export').click();
    const file = await download;
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  async importLibrary(text: string): Promise<void> {
    await this.page.getByTestId('library-file-input').setInputFiles({
      name: 'agents.json',
      mimeType: 'application/json',
      buffer: Buffer.from(text),
    });
  }

  notice(): Locator {
    return this.page.getByTestId('library-notice');
  }

  async chooseBinding(binding: 'JSONRPC' | 'HTTP+JSON' | 'GRPC'): Promise<void> {
    await this.page.getByTestId('agent-settings').first().click();
    // Where secrets go: these hosts have no OS keychain (the browser edition, and the desktop harness without one).
    await expect(this.page.getByTestId('secrets-kept')).toHaveAttribute('data-storage', 'memory');
    await expect(this.page.getByTestId('secrets-kept')).toContainText('gone when Switchboard stops');
    await this.page.getByLabel('Binding').selectOption(binding);
    await this.page.getByTestId('settings-save').click();
  }

  /** Sets the active agent's limits in MiB through its settings dialog. */
  async setLimits(limits: Partial<Record<'maxBodyBytes' | 'maxEventBytes' | 'maxStreamBytes', number>>) {
    await this.page.getByTestId('agent-settings').first().click();
    for (const [key, mib] of Object.entries(limits))
      await this.page.getByTestId(`limit-${key}`).fill(String(mib));
    await this.page.getByTestId('settings-save').click();
    await expect(this.page.getByTestId('settings-save')).toBeHidden();
  }

  async runCommand(text: string): Promise<void> {
    await this.page.keyboard.press('Control+k');
    await expect(this.page.getByTestId('palette')).toBeVisible();
    await this.page.getByTestId('palette-input').fill(text);
    await this.page.getByTestId('palette-input').press('Enter');
  }
}
