// The token panel's host side (AUTH-3) against the test authorization server: what a client-credentials token and a
// sign-in's token look like (masked, revealed only when asked, scopes, expiry), a refresh told apart as a labelled
// frame, and signing out: RFC 7009 revocation with the token and the client's authentication, a refused revocation
// that still forgets the token, and a server that offers none.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentAuth } from '../../shared/host/agent';
import { dispatchHostCall } from '../../shared/host/dispatch';
import { oauthStepLabel } from '../../shared/wire/oauthStep';
import { startAuthPeer, type AuthPeerHandle } from '../peers/authPeer';
import { startTokenEndpoint, type TokenEndpointHandle } from '../peers/tokenEndpoint';
import { expectStatus, recordingHost } from './support/recordingHost';

const recording = recordingHost();
const { host } = recording;
const CLIENT = { clientId: 'switchboard-tokens', clientSecret: 'tokens-secret-5e1a' };
let server: TokenEndpointHandle;
let peer: AuthPeerHandle;

beforeAll(async () => {
  server = await startTokenEndpoint({ ...CLIENT, scope: 'agent:use', revocation: true });
  peer = await startAuthPeer({ tokenEndpoint: server });
});
afterAll(async () => {
  await peer.close();
  await server.close();
});

const hello = { message: { parts: [{ kind: 'text' as const, text: 'hello' }] }, blocking: true };

async function openOAuth(name: 'oauth' | 'oauth-code', auth: AgentAuth): Promise<string> {
  const opened = await host.openAgent({ url: peer.agentUrl(name) });
  if (!opened.ok) throw new Error(opened.message);
  await host.configureAgent({ agentId: opened.agent.id, settings: { auth } });
  await host.trustOrigin({ agentId: opened.agent.id, origin: new URL(server.tokenUrl).origin });
  return opened.agent.id;
}

const clientCredentials = (clientAuth: 'basic' | 'body' = 'basic'): AgentAuth => ({
  type: 'oauth2-client-credentials',
  tokenUrl: server.tokenUrl,
  ...CLIENT,
  scopes: ['agent:use'],
  clientAuth,
});

async function signedIn(): Promise<string> {
  const agentId = await openOAuth('oauth-code', {
    type: 'oauth2-authorization-code',
    authorizationUrl: server.authorizationUrl,
    tokenUrl: server.tokenUrl,
    ...CLIENT,
    scopes: ['agent:use'],
  });
  const started = await host.startSignIn({ agentId });
  if (!started.ok) throw new Error(started.message);
  const page = await fetch(started.flow.authorizationUrl, { redirect: 'manual' });
  await fetch(page.headers.get('location')!);
  expect(await host.awaitSignIn({ flowId: started.flow.id })).toMatchObject({ status: 'signed-in' });
  return agentId;
}

describe('token status', () => {
  it('shows a client-credentials token masked, with scopes and expiry, and in clear only when asked', async () => {
    const agentId = await openOAuth('oauth', clientCredentials());
    expect(await host.tokenStatus({ agentId })).toEqual({
      agentId,
      kind: 'oauth-client-credentials',
      held: false,
      scopes: ['agent:use'],
    });
    expectStatus(await host.runOperation({ agentId, operation: 'send', input: hello }), 'result');
    const token = server.issued.at(-1)!;
    const status = await host.tokenStatus({ agentId });
    expect(status).toMatchObject({
      kind: 'oauth-client-credentials',
      held: true,
      masked: `••••••${token.slice(-4)}`,
      scopes: ['agent:use'],
      refreshable: false,
    });
    expect(status.value).toBeUndefined();
    expect(JSON.stringify(status)).not.toContain(token);
    // The server said 3600 s; the expiry is counted from when the request left.
    expect(status.expiresAt! - status.obtainedAt!).toBe(3600_000);
    expect((await host.tokenStatus({ agentId, reveal: true })).value).toBe(token);
  });

  it('shows a static bearer token masked and forgets it on sign-out', async () => {
    const opened = await host.openAgent({ url: peer.agentUrl('bearer') });
    if (!opened.ok) throw new Error(opened.message);
    const agentId = opened.agent.id;
    await host.configureAgent({
      agentId,
      settings: { auth: { type: 'bearer', token: 'static-token-abcdef-1234' } },
    });
    expect(await host.tokenStatus({ agentId })).toEqual({
      agentId,
      kind: 'static-bearer',
      held: true,
      masked: '••••••1234',
    });
    const out = await host.signOut({ agentId });
    expect(out).toMatchObject({ revocation: 'not-applicable', forgotten: true, frameIds: [] });
    expect(await host.tokenStatus({ agentId })).toEqual({ agentId, kind: 'none', held: false });
  });

  it('labels a refresh as such, and the panel says when it happened and which frame carried it', async () => {
    const agentId = await signedIn();
    const before = await host.tokenStatus({ agentId });
    expect(before).toMatchObject({ kind: 'oauth-authorization-code', held: true, refreshable: true });
    expect(before.refreshedAt).toBeUndefined();
    server.expireAll();
    const sent = await host.runOperation({ agentId, operation: 'send', input: hello });
    expectStatus(sent, 'result');
    await recording.flush();
    const after = await host.tokenStatus({ agentId });
    expect(after.refreshedAt).toBeGreaterThanOrEqual(before.obtainedAt!);
    const refresh = recording.http(after.refreshFrameId!);
    expect(refresh.source).toBe('oauth:refresh');
    expect(oauthStepLabel(refresh.source)).toBe('token refresh');
    expect(after.masked).toBe(`••••••${server.issued.at(-1)!.slice(-4)}`);
  });
});

describe('sign out', () => {
  it('revokes the refresh and access tokens with Basic client auth, then forgets them', async () => {
    const agentId = await signedIn();
    const access = server.issued.at(-1)!;
    const seen = server.revocations.length;
    const out = await host.signOut({ agentId });
    expect(out).toMatchObject({ revocation: 'revoked', forgotten: true });
    expect(out.message).toBe(
      'Signed out: the authorization server revoked the token, and Switchboard forgot it.',
    );
    const calls = server.revocations.slice(seen);
    expect(calls.map((c) => [c.hint, c.client])).toEqual([
      ['refresh_token', 'basic'],
      ['access_token', 'basic'],
    ]);
    expect(calls[1]!.token).toBe(access);
    expect(server.isValid(access)).toBe(false);
    await recording.flush();
    const frames = out.frameIds.map((id) => recording.http(id));
    expect(frames.map((f) => oauthStepLabel(f.source))).toEqual([
      'auth server metadata',
      'token revocation',
      'token revocation',
    ]);
    // The revoked token and the client secret are marked, so exports and the inspector mask them.
    expect(frames[1]!.secrets).toEqual([
      { in: 'form', name: 'token' },
      { in: 'request-header', name: 'Authorization' },
    ]);
    expect(await host.tokenStatus({ agentId })).toMatchObject({ held: false });
    const again = await host.runOperation({ agentId, operation: 'send', input: hello });
    expect(again.message).toBe("Not signed in: open the agent's settings and press Sign in.");
  });

  it('sends client credentials in the body when the auth says so', async () => {
    const agentId = await openOAuth('oauth', clientCredentials('body'));
    expectStatus(await host.runOperation({ agentId, operation: 'send', input: hello }), 'result');
    const token = server.issued.at(-1)!;
    const seen = server.revocations.length;
    expect(await host.signOut({ agentId })).toMatchObject({ revocation: 'revoked' });
    expect(server.revocations.slice(seen)).toEqual([{ token, hint: 'access_token', client: 'body' }]);
  });

  it('says a refused revocation failed and still forgets the token', async () => {
    const agentId = await openOAuth('oauth', clientCredentials());
    expectStatus(await host.runOperation({ agentId, operation: 'send', input: hello }), 'result');
    server.revocationStatus = 503;
    try {
      const out = await host.signOut({ agentId });
      expect(out).toMatchObject({ revocation: 'failed', forgotten: true });
      expect(out.message).toBe(
        'Revocation failed: the revocation endpoint answered HTTP 503 Service Unavailable (temporarily_unavailable). ' +
          'Switchboard forgot the token anyway; it may stay valid at the server until it expires.',
      );
    } finally {
      server.revocationStatus = undefined;
    }
    expect(await host.tokenStatus({ agentId })).toMatchObject({ held: false });
  });
});

describe('bad input', () => {
  it('names an agent that is not open', async () => {
    const message = 'No open agent has the id "gone"; open it again.';
    await expect(host.tokenStatus({ agentId: 'gone' })).rejects.toThrow(message);
    await expect(host.signOut({ agentId: 'gone' })).rejects.toThrow(message);
  });

  it('refuses a reveal that is not a boolean, and fields it does not know, before the host acts', async () => {
    const wrong = await dispatchHostCall(host, 'tokenStatus', [{ agentId: 'a', reveal: 'yes' }]);
    expect(wrong).toMatchObject({ ok: false, error: { name: 'InvalidArguments' } });
    expect(wrong.ok ? '' : wrong.error.message).toMatch(/^tokenStatus: .*reveal/s);
    const extra = await dispatchHostCall(host, 'signOut', [{ agentId: 'a', everywhere: true }]);
    expect(extra.ok ? '' : extra.error.message).toMatch(/^signOut: .*everywhere/s);
  });
});

describe('sign out where the revocation endpoint is on another origin', () => {
  let issuer: TokenEndpointHandle;
  let elsewhere: TokenEndpointHandle;
  beforeAll(async () => {
    elsewhere = await startTokenEndpoint({ ...CLIENT, revocation: true });
    issuer = await startTokenEndpoint({
      ...CLIENT,
      revocation: true,
      revocationUrl: new URL('/revoke', elsewhere.tokenUrl).toString(),
    });
  });
  afterAll(async () => {
    await issuer.close();
    await elsewhere.close();
  });

  it('sends nothing there until the user chooses "Revoke at <origin>", then revokes there', async () => {
    const agentId = await openOAuth('oauth', {
      ...clientCredentials(),
      tokenUrl: issuer.tokenUrl,
    } as AgentAuth);
    await host.trustOrigin({ agentId, origin: new URL(issuer.tokenUrl).origin });
    await host.runOperation({ agentId, operation: 'send', input: hello });
    expect(await host.tokenStatus({ agentId })).toMatchObject({ held: true });
    const origin = new URL(elsewhere.tokenUrl).origin;
    const out = await host.signOut({ agentId });
    expect(out).toMatchObject({ revocation: 'other-origin', forgotten: true, revokeAt: origin });
    expect(out.message).toContain(`Choose "Revoke at ${origin}" to send it there`);
    expect(elsewhere.revocations).toEqual([]);
    expect(await host.tokenStatus({ agentId })).toMatchObject({ held: false });

    const chosen = await host.signOut({ agentId, revokeAt: origin });
    expect(chosen).toMatchObject({ revocation: 'revoked', forgotten: true });
    expect(chosen.frameIds).toHaveLength(1);
    expect(elsewhere.revocations).toHaveLength(1);
    expect(elsewhere.revocations[0]).toMatchObject({ hint: 'access_token' });
  });
});

describe('sign out where the server offers no revocation', () => {
  let plain: TokenEndpointHandle;
  beforeAll(async () => {
    plain = await startTokenEndpoint({ ...CLIENT });
  });
  afterAll(() => plain.close());

  it('forgets the token and says it stays valid at the server', async () => {
    const agentId = await openOAuth('oauth', {
      ...clientCredentials(),
      tokenUrl: plain.tokenUrl,
    } as AgentAuth);
    await host.trustOrigin({ agentId, origin: new URL(plain.tokenUrl).origin });
    // The peer's agent only accepts the first server's tokens; the token is held all the same.
    await host.runOperation({ agentId, operation: 'send', input: hello });
    expect(await host.tokenStatus({ agentId })).toMatchObject({ held: true });
    const out = await host.signOut({ agentId });
    expect(out).toMatchObject({ revocation: 'not-offered', forgotten: true });
    const origin = new URL(plain.tokenUrl).origin;
    expect(out.message).toBe(
      'Signed out: Switchboard forgot the token. The authorization server publishes no metadata (RFC 8414, OpenID ' +
        `Connect Discovery); tried ${origin}/.well-known/oauth-authorization-server, ` +
        `${origin}/.well-known/openid-configuration. It stays valid at the server until it expires.`,
    );
    // One metadata frame per place looked at: RFC 8414 at the origin, then OpenID Connect discovery.
    expect(out.frameIds).toHaveLength(2);
    expect(await host.tokenStatus({ agentId })).toMatchObject({ held: false });
  });
});
