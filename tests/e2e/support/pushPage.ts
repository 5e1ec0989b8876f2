// Page object for push notifications (PUSH-1..PUSH-5): the push section of the Tasks tab (register a config for the
// chosen task with a delivery check, the receiver URLs it gave out, where the receiver listens and the warning when
// that is beyond loopback) and the composer's choice to send a push config along with a message. Deliveries show in
// the timeline (TimelinePage) and their verdict in the frame inspector (FramesPage).

import type { Locator, Page } from '@playwright/test';

export class PushPage {
  constructor(readonly page: Page) {}

  /** Registers a push config for the chosen task, with the delivery check chosen (token unless changed). */
  async register(): Promise<void> {
    await this.page.getByTestId('push-register').click();
  }

  async chooseDeliveryCheck(check: 'token' | 'bearer' | 'jwt'): Promise<void> {
    await this.page.getByLabel('Delivery check').selectOption(check);
  }

  /** The list of receiver URLs handed to the agent, one item per registered config. */
  targets(): Locator {
    return this.page.getByTestId('push-targets');
  }

  targetItems(): Locator {
    return this.targets().locator('li');
  }

  /** The receiver URL of the `index`th registered config, as the list shows it. */
  async targetUrl(index: number): Promise<string> {
    return (await this.targets().locator('code').nth(index).innerText()).trim();
  }

  /** Where the receiver listens, and what the agent must be able to reach. */
  webhookStatus(): Locator {
    return this.page.getByTestId('webhook-status');
  }

  /** Listens on every interface: the app asks first (a confirm dialog), and the test says yes. */
  async listenOnAllInterfaces(): Promise<void> {
    this.page.once('dialog', (dialog) => void dialog.accept());
    await this.page.getByTestId('webhook-interface').click();
  }

  /** Back to listening on 127.0.0.1 only: no question asked. */
  async listenOnLoopbackOnly(): Promise<void> {
    await this.page.getByTestId('webhook-interface').click();
  }

  webhookWarning(): Locator {
    return this.page.getByTestId('webhook-warning');
  }

  /** The composer's push choice for the next send: a config sent inline with the message, or none. */
  async sendConfigWithMessage(mode: 'off' | 'token' | 'bearer'): Promise<void> {
    await this.page.getByTestId('composer-push').selectOption(mode);
  }

  /** Creates a push config that points at a URL of the user's own, with the fields given (the rest left empty). */
  async createOwnConfig(fields: {
    url: string;
    token?: string;
    schemes?: string;
    credentials?: string;
    id?: string;
  }): Promise<void> {
    const form = this.page.getByTestId('push-custom');
    if ((await form.getAttribute('open')) === null) await form.locator('summary').click();
    for (const [name, value] of Object.entries(fields)) {
      await this.page.getByTestId(`push-custom-${name}`).fill(value ?? '');
    }
    await this.page.getByTestId('push-custom-create').click();
  }

  /** Why the own-URL config was not sent (a bad URL, a scheme-less credential …). */
  ownConfigError(): Locator {
    return this.page.getByTestId('push-custom-error');
  }

  /** Lists the task's push configs at the agent, whoever made them. */
  async listConfigs(): Promise<void> {
    await this.page.getByTestId('push-list').click();
  }

  /** The listed configs, one row each. */
  configRows(): Locator {
    return this.page.getByTestId('push-config-row');
  }

  configRow(configId: string): Locator {
    return this.configRows().and(this.page.locator(`[data-config-id="${configId}"]`));
  }

  async getConfig(configId: string): Promise<void> {
    await this.configRow(configId).getByTestId('push-config-get').click();
  }

  async deleteConfig(configId: string): Promise<void> {
    await this.configRow(configId).getByTestId('push-config-delete').click();
  }

  /** What the card or the generation rules out before a call (no push capability, no list or delete). */
  limits(): Locator {
    return this.page.getByTestId('push-limit');
  }
}
