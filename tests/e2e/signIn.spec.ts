// OAuth 2 sign-in with authorization code and PKCE from the agent's settings (AUTH-3), against the test authorization
// server and an SDK 1.3.0 agent that only takes its tokens: the card's scheme is offered, the token endpoint on
// another origin is allowed first, the sign-in page opens in a new tab and comes back to the host's loopback
// listener, every step is listed with its frame, and the agent then answers. Refused consent is said in words.

import { startAuthPeer, type AuthPeerHandle } from '../peers/authPeer';
import { startTokenEndpoint, type TokenEndpointHandle } from '../peers/tokenEndpoint';
import { expect, test } from './fixtures';
import type { AppPage } from './support/appPage';

let server: TokenEndpointHandle;
let peer: AuthPeerHandle;

test.beforeEach(async () => {
  server = await startTokenEndpoint({ clientId: 'switchboard-e2e', clientSecret: '' });
  peer = await startAuthPeer({ tokenEndpoint: server });
});
test.afterEach(async () => {
  await peer.close();
  await server.close();
});

/** Opens the agent, takes the card's scheme, names the client, allows the token endpoint; the dialog stays open. */
async function prepare(app: AppPage) {
  const { page } = app;
  await app.openAgent(peer.agentUrl('oauth-code'));
  await page.getByTestId('agent-settings').first().click();
  await page.getByTestId('auth-offer').click();
  await expect(page.getByTestId('auth-authorization-url')).toHaveValue(server.authorizationUrl);
  await page.getByTestId('auth-client-id').fill('switchboard-e2e');
  await page.getByTestId('sign-in-start').click();
  const origin = new URL(server.tokenUrl).origin;
  await expect(page.getByTestId('sign-in-refused')).toContainText(`The token endpoint is on ${origin}`);
  await page.getByTestId('sign-in-trust').click();
  await expect(page.getByTestId('sign-in-refused')).toHaveCount(0);
}

test('signs in through a new tab and the loopback redirect, then talks to the agent', async ({ app }) => {
  const { page } = app;
  await prepare(app);
  const opened = page.context().waitForEvent('page');
  await page.getByTestId('sign-in-start').click();
  const tab = await opened;
  await expect(tab.locator('body')).toHaveText(
    'Signed in. You can close this tab and go back to Switchboard.',
  );
  await tab.close();

  const flow = page.getByTestId('sign-in-flow');
  await expect(flow).toHaveAttribute('data-status', 'signed-in');
  const steps = page.getByTestId('sign-in-step');
  await expect(steps).toHaveCount(3);
  for (const step of ['authorize', 'redirect', 'token']) {
    await expect(steps.and(page.locator(`[data-step="${step}"]`))).toHaveAttribute('data-status', 'done');
  }
  await expect(steps.last()).toContainText('Access token received (the verifier matched)');
  await expect(page.getByTestId('sign-in-frame')).toHaveText([
    'oauth:redirect GET 200',
    'oauth:code POST 200',
  ]);

  await page.getByTestId('settings-save').click();
  await app.send('hello after sign-in', { stream: false });
  await expect(app.outcome()).toHaveAttribute('data-status', 'result');
  await expect(app.artifacts()).toContainText('Echo: hello after sign-in');
});

test('says so when the user refuses consent', async ({ app }) => {
  const { page } = app;
  await prepare(app);
  server.consent = 'deny';
  const opened = page.context().waitForEvent('page');
  await page.getByTestId('sign-in-start').click();
  const tab = await opened;
  await expect(tab.locator('body')).toHaveText('Sign-in failed: consent was refused.');
  await expect(page.getByTestId('sign-in-flow')).toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId('sign-in-message')).toHaveText('Sign-in failed: consent was refused.');
  await expect(page.getByTestId('sign-in-step').and(page.locator('[data-step="redirect"]'))).toContainText(
    'Redirect refused: consent was refused.',
  );
});
