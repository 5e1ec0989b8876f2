// Page-object helpers for the agent library, its dialogs (the agent settings among them: binding, limits and where
// secrets are kept), the demo agent and the command palette.

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

  /** Opens an agent whose card is at a custom path (CARD-1), typed under the address. */
  async openAgentWithCardPath(url: string, cardPath: string): Promise<void> {
    await this.page.getByTestId('agent-url').fill(url);
    await this.page.getByTestId('agent-card-path').fill(cardPath);
    await this.page.getByTestId('open-agent').click();
    await expect(this.page.getByTestId('card-view')).toBeVisible();
  }

  // The open-agent form's Connection disclosure (NET-1), for a card behind TLS the system does not trust

  /** Types the address and, when given, Connection fields under "Connection…", then asks to open; may fail. */
  async tryOpenAgent(url: string, connection: Record<string, string> = {}): Promise<void> {
    await this.page.getByTestId('agent-url').fill(url);
    if (Object.keys(connection).length > 0) {
      const toggle = this.page.getByTestId('open-agent-connection-toggle');
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      for (const [key, value] of Object.entries(connection))
        await this.openFormConnectionField(key).fill(value);
    }
    await this.page.getByTestId('open-agent').click();
  }

  /** One Connection field of the open-agent form (the sidebar's, not the settings dialog's). */
  openFormConnectionField(key: string): Locator {
    return this.page.getByRole('navigation', { name: 'Agents' }).getByTestId(`connection-${key}`);
  }

  openError(): Locator {
    return this.page.getByTestId('open-agent-error');
  }

  /** Accepts the certificate the failed open named, which opens the agent again with its fingerprint. */
  async acceptRefusedCertificate(): Promise<void> {
    await this.page.getByTestId('open-agent-accept-certificate').click();
  }

  savedAgents(): Locator {
    return this.page.getByTestId('library-item');
  }

  /** The mark on a saved agent whose sends are held because its route seemed missing (CARD-3). */
  heldMarks(): Locator {
    return this.page.getByTestId('library-held');
  }

  openAgents(): Locator {
    return this.page.getByTestId('agent-item');
  }

  async closeActiveAgent(): Promise<void> {
    await this.page.getByTestId('agent-close').first().click();
  }

  /** Removes the first saved agent from the library. */
  async removeSavedAgent(): Promise<void> {
    await this.page.getByTestId('library-remove').click();
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

  // The active agent's settings dialog

  async openSettings(): Promise<void> {
    await this.page.getByTestId('agent-settings').first().click();
  }

  async saveSettings(): Promise<void> {
    await this.page.getByTestId('settings-save').click();
  }

  async chooseBinding(binding: 'JSONRPC' | 'HTTP+JSON' | 'GRPC'): Promise<void> {
    await this.openSettings();
    // Where secrets go: these hosts have no OS keychain (the browser edition, and the desktop harness without one).
    await expect(this.secretsKept()).toHaveAttribute('data-storage', 'memory');
    await expect(this.secretsKept()).toContainText('gone when Switchboard stops');
    await this.page.getByLabel('Binding').selectOption(binding);
    await this.saveSettings();
  }

  /** Ticks one of the card's extensions in the active agent's settings (CARD-5) and saves; returns its label. */
  async chooseCardExtension(uri: string): Promise<string> {
    await this.openSettings();
    const choice = this.page
      .getByTestId('settings-extension-choice')
      .and(this.page.locator(`[data-uri="${uri}"]`));
    await choice.check();
    const label = (await choice.locator('xpath=..').textContent()) ?? '';
    await this.saveSettings();
    await expect(this.page.getByTestId('settings-save')).toBeHidden();
    return label;
  }

  /** Adds a custom header to the active agent's settings (UX-1) and saves. */
  async addHeader(name: string, value: string): Promise<void> {
    await this.openSettings();
    await this.page.getByTestId('settings-header-add').click();
    await this.page.getByTestId('settings-header-name').last().fill(name);
    await this.page.getByTestId('settings-header-value').last().fill(value);
    await this.saveSettings();
    await expect(this.page.getByTestId('settings-save')).toBeHidden();
  }

  /** Sets the active agent's limits in MiB through its settings dialog. */
  async setLimits(limits: Partial<Record<'maxBodyBytes' | 'maxEventBytes' | 'maxStreamBytes', number>>) {
    await this.openSettings();
    for (const [key, mib] of Object.entries(limits))
      await this.page.getByTestId(`limit-${key}`).fill(String(mib));
    await this.saveSettings();
    await expect(this.page.getByTestId('settings-save')).toBeHidden();
  }

  /** Sets the active agent's connection fields (NET-1) through its settings dialog; '' clears one. */
  async setConnection(fields: Partial<Record<'proxy' | 'passphrase' | 'ca' | 'acceptFingerprint', string>>) {
    await this.openSettings();
    for (const [key, value] of Object.entries(fields)) await this.connectionField(key).fill(value);
    await this.saveSettings();
    await expect(this.page.getByTestId('settings-save')).toBeHidden();
  }

  /** One field of the settings dialog's Connection fieldset. */
  connectionField(key: string): Locator {
    return this.page.getByTestId(`connection-${key}`);
  }

  /** Where the settings say secrets are kept; `data-storage` is memory, passphrase-file or os-keychain. */
  secretsKept(): Locator {
    return this.page.getByTestId('secrets-kept');
  }

  passphraseInput(): Locator {
    return this.page.getByTestId('secrets-passphrase');
  }

  /** Asks for secrets to be kept in a file encrypted with `passphrase`. */
  async keepSecretsWithPassphrase(passphrase: string): Promise<void> {
    await this.passphraseInput().fill(passphrase);
    await this.page.getByTestId('secrets-unlock').click();
  }

  secretsError(): Locator {
    return this.page.getByTestId('secrets-error');
  }

  secretsUnlocked(): Locator {
    return this.page.getByTestId('secrets-unlocked');
  }

  async runCommand(text: string): Promise<void> {
    await this.page.keyboard.press('Control+k');
    await expect(this.page.getByTestId('palette')).toBeVisible();
    await this.page.getByTestId('palette-input').fill(text);
    await this.page.getByTestId('palette-input').press('Enter');
  }
}
