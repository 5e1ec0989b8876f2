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

  it('sends no token to a revocation endpoint on another origin, says so, and forgets the token', async () => {
    const { client, sent } = scripted({
      'oauth:token': [issued('access-2')],
      'oauth:metadata': [metadata('https://elsewhere.test/revoke')],
    });
    await client.token(AUTH);
    const out = await signOutOAuth(client, AUTH);
    expect(out.revocation).toBe('failed');
    expect(out.message).toBe(
      "Revocation failed: the revocation_endpoint is on https://elsewhere.test, not the token endpoint's origin, so " +
        'no token was sent there. Switchboard forgot the token anyway; it may stay valid at the server until it expires.',
    );
    expect(sent.map((s) => s.source)).toEqual(['oauth:token', 'oauth:metadata']);
    expect(client.held(AUTH)).toBeUndefined();
  });

  it('tells an unreachable server, unreadable metadata and a missing endpoint apart', async () => {
    const cases: Array<[Answer, string]> = [
      ['unreachable', 'failed'],
      [[200, '<html>'], 'failed'],
      [[200, '{"issuer":"https://auth.test"}'], 'not-offered'],
      [[404, '{}'], 'not-offered'],
    ];
    for (const [answer, revocation] of cases) {
      const { client } = scripted({ 'oauth:token': [issued('t')], 'oauth:metadata': [answer] });
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
