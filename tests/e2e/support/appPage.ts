// Page object for the app: specs speak in user actions and visible results, never raw selectors.

import { expect, type Locator, type Page } from '@playwright/test';
import type { HostService } from '../../../shared/host/hostApi';

export class AppPage {
  /** `host` is the real host behind the page, for what only a shell does (handing over a file the OS opened). */
  constructor(
    readonly page: Page,
    readonly host?: HostService,
  ) {}

  get root(): Locator {
    return this.page.getByTestId('app-root');
  }

  async waitUntilReady(): Promise<void> {
    await expect(this.page.locator('[data-app-state="ready"]')).toBeVisible();
  }

  /** Reloads the window, as a user pressing F5 would, and waits for the app to boot again. */
  async reload(): Promise<void> {
    await this.page.reload();
    await this.waitUntilReady();
  }

  edition(): Locator {
    return this.page.getByTestId('host-edition');
  }

  /** The empty-state notes a fresh window shows where agents and frames will be. */
  emptyAgents(): Locator {
    return this.page.getByTestId('agents-empty');
  }

  emptyFrames(): Locator {
    return this.page.getByTestId('frames-empty');
  }

  async fetch(url: string, method = 'GET'): Promise<void> {
    await this.page.getByTestId('address-method').selectOption(method);
    await this.page.getByTestId('address-input').fill(url);
    await this.sendAddress();
  }

  /** Clicks the address bar's Send with whatever the address holds (nothing, in a fresh window). */
  async sendAddress(): Promise<void> {
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

  // Agents

  async openAgent(url: string): Promise<void> {
    await this.page.getByTestId('agent-url').fill(url);
    await this.page.getByTestId('open-agent').click();
    await expect(this.page.getByTestId('card-view')).toBeVisible();
  }

  tab(name: 'card' | 'conversation' | 'timeline' | 'tasks' | 'frames' | 'checks'): Locator {
    return this.page.getByTestId(`tab-${name}`);
  }

  cardName(): Locator {
    return this.page.getByTestId('card-name');
  }

  async send(text: string | null, options: { stream: boolean }): Promise<void> {
    await this.tab('conversation').click();
    if (text !== null) await this.page.getByTestId('composer-text').fill(text);
    const streaming = this.page.getByTestId('composer-streaming');
    if ((await streaming.isChecked()) !== options.stream) await streaming.click();
    await this.page.getByTestId('composer-text').press('Control+Enter');
  }

  composerText(): Locator {
    return this.page.getByTestId('composer-text');
  }

  outcome(): Locator {
    return this.page.getByTestId('outcome');
  }

  messages(role?: 'user' | 'agent'): Locator {
    const all = this.page.getByTestId('message');
    return role ? all.and(this.page.locator(`[data-role="${role}"]`)) : all;
  }

  artifacts(): Locator {
    return this.page.getByTestId('artifact');
  }

  /** The state marks of the newest task's strip, as their `data-state` values. */
  async stateMarks(): Promise<string[]> {
    const strip = this.page.getByTestId('state-strip').last();
    return strip
      .getByTestId('state-mark')
      .evaluateAll((marks) => marks.map((m) => m.getAttribute('data-state') ?? ''));
  }

  taskRows(): Locator {
    return this.page.getByTestId('task-row');
  }
}
