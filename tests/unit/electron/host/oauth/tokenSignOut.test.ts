// Signing out of an OAuth token (AUTH-3) against a scripted authorization server: what is sent where, what the user is
// told when revocation cannot happen, and that the token is forgotten whatever the server did. A token request under
// way at sign-out does not bring the token back.

import { describe, expect, it } from 'vitest';
import type { OAuthAuth } from '../../../../../shared/host/agent';
import type { HttpFrame } from '../../../../../shared/wire/frame';
import { OAuthClient, type TokenExchange } from '../../../../../electron/host/agent/oauthClient';
import { signOutOAuth } from '../../../../../electron/host/oauth/tokenSignOut';
import { toBodyBytes } from '../../../../../electron/host/bodyBytes';

const AUTH: OAuthAuth = {
  type: 'oauth2-client-credentials',
  tokenUrl: 'https://auth.test/token',
  clientId: 'app',
  clientSecret: 's3cret',
  clientAuth: 'body',
};

type Answer = [number, string] | 'unreachable';

/** An authorization server answering each request with the next answer, keyed by the request's source. */
function scripted(answers: Record<string, Answer[]>) {
  const sent: Array<{ url: string; source: string; body: string; method?: string }> = [];
  const exchange: TokenExchange = {
    now: () => 1_000_000,
    async send({ url, source, body, headers, method }) {
      sent.push({ url, source, body, ...(method ? { method } : {}) });
      const answer = answers[source]?.shift() ?? [500, '{}'];
      const frame: HttpFrame = {
        kind: 'http',
        id: `f${sent.length}`,
        source,
        timing: { start: 1 },
        request: { method: method ?? 'POST', url, headers },
      };
      if (answer === 'unreachable') {
        frame.error = {
          kind: 'refused',
          label: 'refused',
          message: 'connect ECONNREFUSED',
        };
        return frame;
      }
      frame.response = {
        status: answer[0],
        statusText: answer[0] === 200 ? 'OK' : 'Error',
        httpVersion: '1.1',
        headers: [],
        body: toBodyBytes(Buffer.from(answer[1])),
      };
      return frame;
    },
  };
  return { client: new OAuthClient(exchange), sent };
}

const issued = (token: string) => [200, JSON.stringify({ access_token: token, expires_in: 60 })] as Answer;
const metadata = (revocation: unknown) =>
  [200, JSON.stringify({ revocation_endpoint: revocation })] as Answer;

describe('signOutOAuth', () => {
  it('revokes the access token with the client in the body, at the endpoint the metadata names', async () => {
    const { client, sent } = scripted({
      'oauth:token': [issued('access-1')],
      'oauth:metadata': [metadata('https://auth.test/oauth/revoke')],
      'oauth:revoke': [[200, '']],
    });
    await client.token(AUTH);
    const out = await signOutOAuth(client, AUTH);
    expect(out).toMatchObject({ revocation: 'revoked', forgotten: true, frameIds: ['f2', 'f3'] });
    expect(sent[1]).toEqual({
      url: 'https://auth.test/.well-known/oauth-authorization-server',
      source: 'oauth:metadata',
      body: '',
      method: 'GET',
    });
    expect(sent[2]!.url).toBe('https://auth.test/oauth/revoke');
    expect(Object.fromEntries(new URLSearchParams(sent[2]!.body))).toEqual({
      token: 'access-1',
      token_type_hint: 'access_token',
      client_id: 'app',
      client_secret: 's3cret',
    });
    expect(client.held(AUTH)).toBeUndefined();
  });

  it('sends no token to a revocation endpoint on another origin until the user chooses to revoke there', async () => {
    const { client, sent } = scripted({
      'oauth:token': [issued('access-2')],
      'oauth:metadata': [metadata('https://elsewhere.test/revoke')],
      'oauth:revoke': [[200, '']],
    });
    await client.token(AUTH);
    const out = await signOutOAuth(client, AUTH);
    expect(out).toMatchObject({
      revocation: 'other-origin',
      forgotten: true,
      revokeAt: 'https://elsewhere.test',
    });
    expect(out.message).toBe(
      'Signed out: Switchboard forgot the token. The revocation_endpoint is on https://elsewhere.test, not the token ' +
        'endpoint\'s origin, so no token was sent there. Choose "Revoke at https://elsewhere.test" to send it ' +
        'there; otherwise it stays valid until it expires.',
    );
    expect(sent.map((s) => s.source)).toEqual(['oauth:token', 'oauth:metadata']);
    expect(client.held(AUTH)).toBeUndefined();

    const consented = await signOutOAuth(client, AUTH, 'https://elsewhere.test');
    expect(consented).toMatchObject({ revocation: 'revoked', forgotten: true, frameIds: ['f3'] });
    expect(consented.revokeAt).toBeUndefined();
    expect(sent[2]!.url).toBe('https://elsewhere.test/revoke');
    expect(new URLSearchParams(sent[2]!.body).get('token')).toBe('access-2');
    // The tokens set aside are used once: a second choice finds nothing waiting.
    expect((await signOutOAuth(client, AUTH, 'https://elsewhere.test')).message).toBe(
      'No token is waiting to be revoked at https://elsewhere.test: sign out first, then choose where to revoke.',
    );
    expect(sent).toHaveLength(3);
  });

  it('revokes at no origin but the one the sign-out named, and a new sign-out drops the waiting tokens', async () => {
    const { client, sent } = scripted({
      'oauth:token': [issued('access-3'), issued('access-4')],
      'oauth:metadata': [metadata('https://elsewhere.test/revoke'), [404, '{}'], [404, '{}']],
    });
    await client.token(AUTH);
    await signOutOAuth(client, AUTH);
    const wrong = await signOutOAuth(client, AUTH, 'https://attacker.test');
    expect(wrong).toMatchObject({ revocation: 'failed', frameIds: [] });
    expect(wrong.message).toContain('No token is waiting to be revoked at https://attacker.test');
    await client.token(AUTH);
    expect((await signOutOAuth(client, AUTH)).revocation).toBe('not-offered');
    expect((await signOutOAuth(client, AUTH, 'https://elsewhere.test')).revocation).toBe('failed');
    expect(sent.filter((s) => s.source === 'oauth:revoke')).toEqual([]);
  });

  it('falls back to the RFC 8414 path-aware form, then OpenID Connect discovery, one frame each', async () => {
    const tenant: OAuthAuth = { ...AUTH, tokenUrl: 'https://auth.test/tenant/oauth/token' };
    const { client, sent } = scripted({
      'oauth:token': [issued('access-5'), issued('access-6')],
      'oauth:metadata': [
        [404, '{}'],
        metadata('https://auth.test/tenant/oauth/revoke'),
        [404, ''],
        [404, ''],
        metadata('https://auth.test/oidc/revoke'),
      ],
      'oauth:revoke': [
        [200, ''],
        [200, ''],
      ],
    });
    await client.token(tenant);
    const first = await signOutOAuth(client, tenant);
    expect(first).toMatchObject({ revocation: 'revoked', frameIds: ['f2', 'f3', 'f4'] });
    expect(sent.slice(1, 4).map((s) => s.url)).toEqual([
      'https://auth.test/.well-known/oauth-authorization-server',
      'https://auth.test/.well-known/oauth-authorization-server/tenant/oauth',
      'https://auth.test/tenant/oauth/revoke',
    ]);
    await client.token(tenant);
    const second = await signOutOAuth(client, tenant);
    expect(second.revocation).toBe('revoked');
    expect(sent.slice(5).map((s) => [s.source, s.url])).toEqual([
      ['oauth:metadata', 'https://auth.test/.well-known/oauth-authorization-server'],
      ['oauth:metadata', 'https://auth.test/.well-known/oauth-authorization-server/tenant/oauth'],
      ['oauth:metadata', 'https://auth.test/tenant/oauth/.well-known/openid-configuration'],
      ['oauth:revoke', 'https://auth.test/oidc/revoke'],
    ]);
  });

  it('tries OpenID Connect discovery at the origin when the token endpoint has no path to an issuer', async () => {
    const { client, sent } = scripted({
      'oauth:token': [issued('access-7')],
      'oauth:metadata': [[404, ''], metadata('https://auth.test/revoke')],
      'oauth:revoke': [[200, '']],
    });
    await client.token(AUTH);
    expect((await signOutOAuth(client, AUTH)).revocation).toBe('revoked');
    expect(sent.map((s) => s.url)).toEqual([
      'https://auth.test/token',
      'https://auth.test/.well-known/oauth-authorization-server',
      'https://auth.test/.well-known/openid-configuration',
      'https://auth.test/revoke',
    ]);
  });

  it('says where it looked when no place publishes metadata, and names a failing one', async () => {
    const none = scripted({
      'oauth:token': [issued('t')],
      'oauth:metadata': [
        [404, ''],
        [404, ''],
      ],
    });
    await none.client.token(AUTH);
    expect((await signOutOAuth(none.client, AUTH)).message).toBe(
      'Signed out: Switchboard forgot the token. The authorization server publishes no metadata (RFC 8414, OpenID ' +
        'Connect Discovery); tried https://auth.test/.well-known/oauth-authorization-server, ' +
        'https://auth.test/.well-known/openid-configuration. It stays valid at the server until it expires.',
    );
    const broken = scripted({
      'oauth:token': [issued('t')],
      'oauth:metadata': [
        [503, '{}'],
        [404, ''],
      ],
    });
    await broken.client.token(AUTH);
    const out = await signOutOAuth(broken.client, AUTH);
    expect(out.revocation).toBe('failed');
    expect(out.message).toContain(
      'the metadata at https://auth.test/.well-known/oauth-authorization-server answered HTTP 503 Error',
    );
  });

  it('refuses a revocation endpoint that is not HTTP', async () => {
    const { client, sent } = scripted({
      'oauth:token': [issued('t')],
      'oauth:metadata': [metadata('javascript:alert(1)')],
    });
    await client.token(AUTH);
    const out = await signOutOAuth(client, AUTH);
    expect(out.revocation).toBe('failed');
    expect(out.message).toContain('the revocation_endpoint javascript:alert(1) is not HTTP');
    expect(sent).toHaveLength(2);
  });

  it('tells an unreachable server, unreadable metadata and a missing endpoint apart', async () => {
    const cases: Array<[Answer, string]> = [
      ['unreachable', 'failed'],
      [[200, '<html>'], 'failed'],
      [[200, '{"issuer":"https://auth.test"}'], 'not-offered'],
      [[404, '{}'], 'not-offered'],
    ];
    for (const [answer, revocation] of cases) {
      // The same answer at every place metadata may be (RFC 8414 at the origin, then OpenID Connect discovery).
      const { client } = scripted({ 'oauth:token': [issued('t')], 'oauth:metadata': [answer, answer] });
      await client.token(AUTH);
      const out = await signOutOAuth(client, AUTH);
      expect({ answer, revocation: out.revocation, forgotten: out.forgotten }).toEqual({
        answer,
        revocation,
        forgotten: true,
      });
    }
    const { client } = scripted({ 'oauth:token': [issued('t')], 'oauth:metadata': ['unreachable'] });
    await client.token(AUTH);
    expect((await signOutOAuth(client, AUTH)).message).toContain(
      'the metadata at https://auth.test/.well-known/oauth-authorization-server could not be reached: refused',
    );
  });

  it('has nothing to revoke when no token is held', async () => {
    const { client, sent } = scripted({});
    expect(await signOutOAuth(client, AUTH)).toEqual({
      revocation: 'not-applicable',
      forgotten: true,
      message: 'No token was held for this agent; there was nothing to revoke.',
      frameIds: [],
    });
    expect(sent).toEqual([]);
  });

  it('does not let a token request under way at sign-out bring the token back', async () => {
    const { client } = scripted({ 'oauth:token': [issued('late')] });
    const pending = client.token(AUTH);
    client.forget();
    expect(await pending).toEqual({ ok: false, message: 'Signed out while the token was requested.' });
    expect(client.held(AUTH)).toBeUndefined();
  });
});
