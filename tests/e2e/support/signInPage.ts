// Page object for OAuth 2 sign-in in the agent's settings (AUTH-3): take the scheme the card offers, name the client,
// allow a token endpoint on another origin, start the sign-in (which opens a new tab that ends at the host's loopback
// redirect), and read the flow's status, its steps and their frames. Opening and saving the settings dialog is
// LibraryPage's.

import type { Locator, Page } from '@playwright/test';

export class SignInPage {
  constructor(readonly page: Page) {}

  /** Fills the OAuth fields from the security scheme the card offers. */
  async takeOfferedScheme(): Promise<void> {
    await this.page.getByTestId('auth-offer').click();
  }

  authorizationUrl(): Locator {
    return this.page.getByTestId('auth-authorization-url');
  }

  async setClientId(clientId: string): Promise<void> {
    await this.page.getByTestId('auth-client-id').fill(clientId);
  }

  /** Clicks "Sign in" where it opens no tab (the app refuses first, saying why). */
  async start(): Promise<void> {
    await this.page.getByTestId('sign-in-start').click();
  }

  /** Clicks "Sign in" and returns the tab it opens on the authorization server. */
  async startInNewTab(): Promise<Page> {
    const opened = this.page.context().waitForEvent('page');
    await this.start();
    return opened;
  }

  /** Why the sign-in was refused before it began, e.g. a token endpoint on another origin. */
  refusal(): Locator {
    return this.page.getByTestId('sign-in-refused');
  }

  /** Allows the token endpoint's origin that the refusal names. */
  async trustTokenEndpoint(): Promise<void> {
    await this.page.getByTestId('sign-in-trust').click();
  }

  /** What the tab the sign-in opened says when the flow has come back to the host. */
  tabText(tab: Page): Locator {
    return tab.locator('body');
  }

  /** The flow; its `data-status` says signed-in or failed. */
  flow(): Locator {
    return this.page.getByTestId('sign-in-flow');
  }

  message(): Locator {
    return this.page.getByTestId('sign-in-message');
  }

  /** The flow's steps, or the one named (authorize, redirect, token). */
  steps(name?: string): Locator {
    const all = this.page.getByTestId('sign-in-step');
    return name ? all.and(this.page.locator(`[data-step="${name}"]`)) : all;
  }

  /** The frames the flow recorded, one line each. */
  frames(): Locator {
    return this.page.getByTestId('sign-in-frame');
  }
}
