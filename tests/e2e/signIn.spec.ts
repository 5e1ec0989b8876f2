// OAuth 2 sign-in with authorization code and PKCE from the agent's settings (AUTH-3), against the test authorization
// server and an SDK 1.3.0 agent that only takes its tokens: the card's scheme is offered, the token endpoint on
// another origin is allowed first, the sign-in page opens in a new tab and comes back to the host's loopback
// listener, every step is listed with its frame, and the agent then answers. Refused consent is said in words.

import { startAuthPeer, type AuthPeerHandle } from '../peers/authPeer';
import { startTokenEndpoint, type TokenEndpointHandle } from '../peers/tokenEndpoint';
import { expect, test } from './fixtures';
import type { AppPage } from './support/appPage';
import { LibraryPage } from './support/libraryPage';
import { SignInPage } from './support/signInPage';

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
async function prepare(app: AppPage): Promise<SignInPage> {
  const signIn = new SignInPage(app.page);
  await test.step('open the agent, take the scheme its card offers and name the client', async () => {
    await app.openAgent(peer.agentUrl('oauth-code'));
    await new LibraryPage(app.page).openSettings();
    await signIn.takeOfferedScheme();
    await expect(signIn.authorizationUrl()).toHaveValue(server.authorizationUrl);
    await signIn.setClientId('switchboard-e2e');
  });
  await test.step('sign in: refused until the token endpoint on another origin is allowed', async () => {
    await signIn.start();
    const origin = new URL(server.tokenUrl).origin;
    await expect(signIn.refusal()).toContainText(`The token endpoint is on ${origin}`);
    await signIn.trustTokenEndpoint();
    await expect(signIn.refusal()).toHaveCount(0);
  });
  return signIn;
}

test('signs in through a new tab and the loopback redirect, then talks to the agent', async ({ app }) => {
  const signIn = await prepare(app);

  await test.step('sign in: a new tab opens and comes back to the loopback redirect', async () => {
    const tab = await signIn.startInNewTab();
    await expect(signIn.tabText(tab)).toHaveText(
      'Signed in. You can close this tab and go back to Switchboard.',
    );
    await tab.close();
  });

  await test.step('read the flow: signed in, every step done, each with its frame', async () => {
    await expect(signIn.flow()).toHaveAttribute('data-status', 'signed-in');
    await expect(signIn.steps()).toHaveCount(3);
    for (const step of ['authorize', 'redirect', 'token']) {
      await expect(signIn.steps(step)).toHaveAttribute('data-status', 'done');
    }
    await expect(signIn.steps().last()).toContainText('Access token received (the verifier matched)');
    await expect(signIn.frames()).toHaveText(['oauth:redirect GET 200', 'oauth:code POST 200']);
  });

  await test.step('save the settings and send: the agent answers', async () => {
    await new LibraryPage(app.page).saveSettings();
    await app.send('hello after sign-in', { stream: false });
    await expect(app.outcome()).toHaveAttribute('data-status', 'result');
    await expect(app.artifacts()).toContainText('Echo: hello after sign-in');
  });
});

test('says so when the user refuses consent', async ({ app }) => {
  const signIn = await prepare(app);
  server.consent = 'deny';
  await test.step('sign in and refuse consent: the tab and the flow say so', async () => {
    const tab = await signIn.startInNewTab();
    await expect(signIn.tabText(tab)).toHaveText('Sign-in failed: consent was refused.');
    await expect(signIn.flow()).toHaveAttribute('data-status', 'failed');
    await expect(signIn.message()).toHaveText('Sign-in failed: consent was refused.');
    await expect(signIn.steps('redirect')).toContainText('Redirect refused: consent was refused.');
  });
});
