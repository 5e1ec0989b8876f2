// OAuth 2 sign-in with authorization code and PKCE (AUTH-3) end to end: the host starts the flow, a stand-in browser
// follows the authorization URL to the test authorization server and back to the host's loopback listener, the code is
// exchanged with the verifier, and the SDK 1.3.0 agent accepts the token. Then what goes wrong: a forged state, a
// challenge that does not match the verifier, refused consent, an expired token renewed by refresh, and a token
// endpoint on another origin that needs the user's word first.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgentAuth } from '../../shared/host/agent';
import { redactFrames } from '../../shared/session/redact';
import type { SignInFlow } from '../../shared/host/signIn';
import { startAuthPeer, type AuthPeerHandle } from '../peers/authPeer';
import { startTokenEndpoint, type TokenEndpointHandle } from '../peers/tokenEndpoint';
import { expectStatus, recordingHost } from './support/recordingHost';

const recording = recordingHost();
const { host } = recording;
const CLIENT_ID = 'switchboard-desktop';
let peer: AuthPeerHandle;
let server: TokenEndpointHandle;

beforeAll(async () => {
  // A public client: no secret, the verifier alone proves the code was asked for by this client.
  server = await startTokenEndpoint({ clientId: CLIENT_ID, clientSecret: '', expiresInSeconds: 3600 });
  peer = await startAuthPeer({ tokenEndpoint: server });
});
afterAll(async () => {
  await peer.close();
  await server.close();
});
beforeEach(() => {
  server.consent = 'allow';
});

const hello = { message: { parts: [{ kind: 'text' as const, text: 'hello' }] }, blocking: true };

/** Opens the oauth-code agent with the auth its card offers, client id filled in, the token endpoint allowed. */
async function openAgent(trusted = true) {
  const opened = await host.openAgent({ url: peer.agentUrl('oauth-code') });
  if (!opened.ok) throw new Error(opened.message);
  const offer = opened.agent.authOffers[0]?.auth;
  expect(offer).toEqual({
    type: 'oauth2-authorization-code',
    authorizationUrl: server.authorizationUrl,
    tokenUrl: server.tokenUrl,
    clientId: '',
    clientSecret: '',
    scopes: ['agent:use'],
  });
  const auth = { ...offer, clientId: CLIENT_ID } as AgentAuth;
  await host.configureAgent({ agentId: opened.agent.id, settings: { auth } });
  if (trusted) await host.trustOrigin({ agentId: opened.agent.id, origin: new URL(server.tokenUrl).origin });
  return opened.agent.id;
}

/**
 * What the user's browser does: loads the authorization URL, follows its redirect to the loopback listener (after
 * `tamper`, standing for an attacker or a broken server), and returns what the listener said.
 */
async function browse(url: string, tamper: (location: URL) => void = () => {}): Promise<string> {
  const page = await fetch(url, { redirect: 'manual' });
  expect(page.status).toBe(302);
  const location = new URL(page.headers.get('location')!);
  tamper(location);
  return (await fetch(location)).text();
}

async function signIn(
  agentId: string,
  options: { tamperUrl?: (url: URL) => void; tamperRedirect?: (location: URL) => void } = {},
): Promise<{ flow: SignInFlow; page: string }> {
  const started = await host.startSignIn({ agentId });
  if (!started.ok) throw new Error(started.message);
  expect(started.flow.status).toBe('waiting');
  const url = new URL(started.flow.authorizationUrl);
  options.tamperUrl?.(url);
  const page = await browse(url.toString(), options.tamperRedirect);
  return { flow: await host.awaitSignIn({ flowId: started.flow.id }), page };
}

describe('OAuth 2 sign-in (authorization code with PKCE)', () => {
  it('signs in through the browser and the loopback redirect; the agent accepts the token', async () => {
    const agentId = await openAgent();
    const before = await host.runOperation({ agentId, operation: 'send', input: hello });
    expect(before).toMatchObject({ status: 'failed' });
    expect(before.message).toBe("Not signed in: open the agent's settings and press Sign in.");

    const { flow, page } = await signIn(agentId);
    expect(page).toBe('Signed in. You can close this tab and go back to Switchboard.');
    expect(flow).toMatchObject({ status: 'signed-in', refreshable: true });
    expect(flow.steps.map((s) => [s.step, s.status])).toEqual([
      ['authorize', 'done'],
      ['redirect', 'done'],
      ['token', 'done'],
    ]);
    const authorizeUrl = new URL(flow.authorizationUrl);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: flow.redirectUri,
      scope: 'agent:use',
      code_challenge_method: 'S256',
    });
    expect(flow.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback$/);

    // Both steps the host saw are frames, their secrets marked.
    await recording.flush();
    const redirect = recording.http(flow.steps[1]!.frameId!);
    expect(redirect).toMatchObject({
      source: 'oauth:redirect',
      request: { method: 'GET' },
      response: { status: 200 },
    });
    expect(redirect.secrets).toEqual([{ in: 'query', name: 'code' }]);
    const exchange = recording.http(flow.steps[2]!.frameId!);
    expect(exchange).toMatchObject({ source: 'oauth:code', response: { status: 200 } });
    const form = new URLSearchParams(exchange.request.body!.text);
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('redirect_uri')).toBe(flow.redirectUri);
    expect(form.get('client_id')).toBe(CLIENT_ID);
    expect(form.get('code')).toBe(new URL(redirect.request.url).searchParams.get('code'));
    expect(form.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(exchange.secrets).toEqual(
      expect.arrayContaining([
        { in: 'form', name: 'code' },
        { in: 'form', name: 'code_verifier' },
        { in: 'response-json', pointer: '/access_token' },
        { in: 'response-json', pointer: '/refresh_token' },
      ]),
    );

    const sent = await host.runOperation({ agentId, operation: 'send', input: hello });
    expectStatus(sent, 'result');
    const token = server.issued.at(-1)!;
    expect(recording.http(sent.exchangeId!).request.headers).toContainEqual([
      'Authorization',
      `Bearer ${token}`,
    ]);

    // What a saved session or export would hold: none of the code, verifier, access or refresh token.
    const refreshToken = JSON.parse(exchange.response!.body.text).refresh_token as string;
    const secrets = [form.get('code')!, form.get('code_verifier')!, token, refreshToken];
    const raw = JSON.stringify([redirect, exchange]);
    for (const secret of secrets) expect(raw).toContain(secret);
    const redacted = JSON.stringify(
      redactFrames([redirect, exchange, recording.http(sent.exchangeId!)]).frames,
    );
    for (const secret of secrets) expect(redacted).not.toContain(secret);
  });

  it('refuses a redirect whose state is not the one sent, and exchanges nothing', async () => {
    const agentId = await openAgent();
    const issued = server.issued.length;
    const { flow, page } = await signIn(agentId, {
      tamperRedirect: (location) => location.searchParams.set('state', 'forged-state'),
    });
    expect(page).toContain('Sign-in failed: the answer carries another state');
    expect(flow.status).toBe('failed');
    expect(flow.message).toBe(
      'Sign-in failed: the answer carries another state than the request (a forged or stale redirect).',
    );
    expect(flow.steps.find((s) => s.step === 'redirect')).toMatchObject({ status: 'failed' });
    expect(flow.steps.find((s) => s.step === 'token')).toBeUndefined();
    await recording.flush();
    expect(recording.http(flow.steps[1]!.frameId!).response?.status).toBe(400);
    expect(server.issued.length).toBe(issued);
  });

  it('fails at the token endpoint when the verifier does not match the challenge the code was issued for', async () => {
    const agentId = await openAgent();
    const failures = server.pkceFailures;
    const { flow } = await signIn(agentId, {
      // A challenge the host never made: the code is bound to it, so the host's verifier cannot redeem it.
      tamperUrl: (url) =>
        url.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'),
    });
    expect(flow.status).toBe('failed');
    expect(server.pkceFailures).toBe(failures + 1);
    const token = flow.steps.find((s) => s.step === 'token');
    expect(token?.status).toBe('failed');
    expect(token?.text).toBe(
      'The token endpoint answered HTTP 400 Bad Request: invalid_grant (PKCE verification failed: the code_verifier does not match.)',
    );
    await recording.flush();
    expect(recording.http(token!.frameId!)).toMatchObject({
      source: 'oauth:code',
      response: { status: 400 },
    });
    const sent = await host.runOperation({ agentId, operation: 'send', input: hello });
    expect(sent.message).toBe("Not signed in: open the agent's settings and press Sign in.");
  });

  it('says so when the user refuses consent', async () => {
    const agentId = await openAgent();
    server.consent = 'deny';
    const { flow, page } = await signIn(agentId);
    expect(page).toBe('Sign-in failed: consent was refused.');
    expect(flow).toMatchObject({ status: 'failed', message: 'Sign-in failed: consent was refused.' });
    expect(flow.steps.find((s) => s.step === 'redirect')).toMatchObject({
      status: 'failed',
      text: 'Redirect refused: consent was refused.',
    });
  });

  it('refreshes an expired token with the refresh token, recorded, and goes on', async () => {
    const agentId = await openAgent();
    await signIn(agentId);
    const first = server.issued.at(-1)!;
    server.expireAll();
    // The host still believes its token valid; the agent's 401 makes it refresh and send again.
    const sent = await host.runOperation({ agentId, operation: 'send', input: hello });
    expectStatus(sent, 'result');
    const renewed = server.issued.at(-1)!;
    expect(renewed).not.toBe(first);
    await recording.flush();
    const refresh = sent
      .stepFrameIds!.map((id) => recording.http(id))
      .find((f) => f.source === 'oauth:refresh');
    expect(refresh).toMatchObject({ response: { status: 200 } });
    expect(new URLSearchParams(refresh!.request.body!.text).get('grant_type')).toBe('refresh_token');
    expect(refresh!.secrets).toContainEqual({ in: 'form', name: 'refresh_token' });
    expect(recording.http(sent.exchangeId!).request.headers).toContainEqual([
      'Authorization',
      `Bearer ${renewed}`,
    ]);
  });

  it('asks before the code and verifier go to a token endpoint on another origin', async () => {
    const agentId = await openAgent(false);
    const started = await host.startSignIn({ agentId });
    const origin = new URL(server.tokenUrl).origin;
    expect(started).toEqual({
      ok: false,
      message: `The token endpoint is on ${origin}, not this agent's origin. Allow it first. The sign-in code, its PKCE verifier and refresh tokens would go to the token endpoint ${server.tokenUrl}.`,
      confirm: {
        origin,
        reason: `The sign-in code, its PKCE verifier and refresh tokens would go to the token endpoint ${server.tokenUrl}.`,
      },
    });
    await host.trustOrigin({ agentId, origin });
    const again = await host.startSignIn({ agentId });
    if (!again.ok) throw new Error(again.message);
    // Forgetting the agent closes the listener of the sign-in still waiting, which then says why it ended.
    await host.forgetAgent({ agentId });
    await expect(fetch(again.flow.redirectUri)).rejects.toThrow();
    expect(await host.awaitSignIn({ flowId: again.flow.id })).toMatchObject({
      status: 'failed',
      message: 'Sign-in failed: the sign-in was stopped before the browser came back.',
    });
  });
});
