// The token panel (AUTH-3) against the test authorization server, which offers RFC 7009 revocation: after a sign-in
// the panel shows the token masked (Reveal needs a click), its kind, scopes and a countdown that ticks; a refresh is
// tagged "token refresh" in the frames list and the inspector, and the panel says when it happened; Sign out revokes
// the refresh and access tokens and forgets them.

import { startAuthPeer, type AuthPeerHandle } from '../peers/authPeer';
import { startTokenEndpoint, type TokenEndpointHandle } from '../peers/tokenEndpoint';
import { expect, test } from './fixtures';
import { FramesPage } from './support/framesPage';
import { LibraryPage } from './support/libraryPage';
import { SignInPage } from './support/signInPage';
import { TokenPanelPage } from './support/tokenPanelPage';

let server: TokenEndpointHandle;
let peer: AuthPeerHandle;

test.beforeEach(async () => {
  // Ten minutes, so the countdown shows seconds and visibly ticks.
  server = await startTokenEndpoint({
    clientId: 'switchboard-e2e',
    clientSecret: '',
    expiresInSeconds: 600,
    revocation: true,
  });
  peer = await startAuthPeer({ tokenEndpoint: server });
});
test.afterEach(async () => {
  await peer.close();
  await server.close();
});

test('shows the token, its countdown and refresh, and signs out with revocation', async ({ app }) => {
  const signIn = new SignInPage(app.page);
  const library = new LibraryPage(app.page);
  const tokens = new TokenPanelPage(app.page);
  const frames = new FramesPage(app.page);

  await test.step('sign in to the agent from its settings', async () => {
    await app.openAgent(peer.agentUrl('oauth-code'));
    await library.openSettings();
    await signIn.takeOfferedScheme();
    await signIn.setClientId('switchboard-e2e');
    await signIn.start();
    await signIn.trustTokenEndpoint();
    const tab = await signIn.startInNewTab();
    await expect(signIn.tabText(tab)).toHaveText(
      'Signed in. You can close this tab and go back to Switchboard.',
    );
    await tab.close();
    await expect(signIn.flow()).toHaveAttribute('data-status', 'signed-in');
  });

  await test.step('the panel shows the token masked, its kind, scopes and a ticking countdown', async () => {
    const token = server.issued.at(-1)!;
    await expect(tokens.panel()).toHaveAttribute('data-held', 'true');
    await expect(tokens.kind()).toHaveText('Bearer from OAuth authorization code');
    await expect(tokens.value()).toHaveText(`••••••${token.slice(-4)}`);
    await expect(tokens.scopes()).toHaveText('agent:use');
    await expect(tokens.expiry()).toContainText(/expires in (10m 00s|9m \d\ds)/);
    await expect(tokens.expiry()).toContainText('a refresh token renews it');
    const first = await tokens.expiry().textContent();
    await expect(tokens.expiry()).not.toHaveText(first!);
    await expect(tokens.refreshed()).toHaveText('never (this is the first token)');
  });

  await test.step('reveal needs a click, and hides again', async () => {
    const token = server.issued.at(-1)!;
    await expect(tokens.value()).not.toHaveText(token);
    await tokens.toggleReveal();
    await expect(tokens.value()).toHaveText(token);
    await tokens.toggleReveal();
    await expect(tokens.value()).toHaveText(`••••••${token.slice(-4)}`);
  });

  await test.step('an expired token is refreshed: the frame is tagged "token refresh"', async () => {
    await library.saveSettings();
    server.expireAll();
    await app.send('hello after expiry', { stream: false });
    await expect(app.outcome()).toHaveAttribute('data-status', 'result');
    await frames.open();
    await frames.filter('token refresh');
    await expect(frames.rows()).toHaveCount(1);
    await expect(tokens.frameRowTags()).toHaveText(['token refresh']);
    await frames.rows().first().click();
    await expect(tokens.inspectorTag()).toHaveText('token refresh');
  });

  await test.step('the panel says when it was refreshed, with the frame', async () => {
    await library.openSettings();
    await expect(tokens.refreshed()).toContainText(/\d+s ago/);
    await expect(tokens.refreshFrame()).toHaveText('oauth:refresh POST 200');
    await expect(tokens.value()).toHaveText(`••••••${server.issued.at(-1)!.slice(-4)}`);
  });

  await test.step('sign out: revoked at the server, forgotten here', async () => {
    const access = server.issued.at(-1)!;
    await tokens.signOut();
    await expect(tokens.signOutResult()).toHaveAttribute('data-revocation', 'revoked');
    await expect(tokens.signOutResult()).toContainText(
      'Signed out: the authorization server revoked the token, and Switchboard forgot it.',
    );
    await expect(tokens.signOutFrames()).toHaveCount(3);
    await expect(tokens.panel()).toHaveAttribute('data-held', 'false');
    await expect(tokens.value()).toHaveText('None held: sign in to get one.');
    expect(server.revocations.map((r) => [r.hint, r.client])).toEqual([
      ['refresh_token', 'public'],
      ['access_token', 'public'],
    ]);
    expect(server.revocations[1]!.token).toBe(access);
    expect(server.isValid(access)).toBe(false);
  });
});
