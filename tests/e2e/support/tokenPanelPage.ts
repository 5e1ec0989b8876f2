// Page object for the token panel in an agent's settings (AUTH-3): the token's kind, masked value and Reveal, its
// scopes, expiry countdown and last refresh, Sign out and what it came to; and the OAuth tags the frames list and
// the inspector put on token refresh and revocation frames. Opening the settings is LibraryPage's.

import type { Locator, Page } from '@playwright/test';

export class TokenPanelPage {
  constructor(readonly page: Page) {}

  /** The panel; `data-held` says whether a token is held. */
  panel(): Locator {
    return this.page.getByTestId('token-panel');
  }

  kind(): Locator {
    return this.page.getByTestId('token-kind');
  }

  /** The token as shown: masked, or in clear after Reveal. */
  value(): Locator {
    return this.page.getByTestId('token-value');
  }

  /** Clicks Reveal, or Hide when the value is shown. */
  async toggleReveal(): Promise<void> {
    await this.page.getByTestId('token-reveal').click();
  }

  revealButton(): Locator {
    return this.page.getByTestId('token-reveal');
  }

  scopes(): Locator {
    return this.page.getByTestId('token-scopes');
  }

  /** The countdown, e.g. "expires in 9m 58s". */
  expiry(): Locator {
    return this.page.getByTestId('token-expiry');
  }

  refreshed(): Locator {
    return this.page.getByTestId('token-refreshed');
  }

  /** The link to the refresh request's frame. */
  refreshFrame(): Locator {
    return this.page.getByTestId('token-refresh-frame');
  }

  async signOut(): Promise<void> {
    await this.page.getByTestId('token-sign-out').click();
  }

  /** The explicit choice a sign-out offers when the revocation endpoint is on another origin. */
  revokeAtOtherOrigin(): Locator {
    return this.page.getByTestId('token-revoke-other-origin');
  }

  /** What signing out did; `data-revocation`: revoked, not-offered, other-origin, failed, not-applicable. */
  signOutResult(): Locator {
    return this.page.getByTestId('token-sign-out-result');
  }

  /** The links to the metadata and revocation frames sign-out made. */
  signOutFrames(): Locator {
    return this.page.getByTestId('token-sign-out-frame');
  }

  /** The OAuth step tags in the frames list ("token refresh", "token revocation"). */
  frameRowTags(): Locator {
    return this.page.getByTestId('frame-row-tag');
  }

  /** The selected frame's OAuth step tag in the inspector. */
  inspectorTag(): Locator {
    return this.page.getByTestId('inspector-frame-tag');
  }
}
