// The token side of OAuth sign-ins (AUTH-3), against a scripted token endpoint: what a refresh sends and keeps, and
// what the user is told when there is nothing to refresh with.

import { describe, expect, it } from 'vitest';
import type { OAuthAuth } from '../../../../../shared/host/agent';
import type { HttpFrame } from '../../../../../shared/wire/frame';
import { OAuthClient, type TokenExchange } from '../../../../../electron/host/agent/oauthClient';
import { toBodyBytes } from '../../../../../electron/host/bodyBytes';

const AUTH: OAuthAuth = {
  type: 'oauth2-authorization-code',
  authorizationUrl: 'https://auth.test/authorize',
  tokenUrl: 'https://auth.test/token',
  clientId: 'app',
  clientSecret: '',
};

/** A token endpoint answering each request with the next of `answers` (status and JSON body). */
function scripted(answers: Array<[number, unknown]>) {
  const sent: Array<{ body: string; source: string; headers: Array<[string, string]> }> = [];
  let now = 1_000_000;
  const exchange: TokenExchange = {
    now: () => now,
    async send({ body, source, headers }) {
      sent.push({ body, source, headers });
      const [status, json] = answers.shift()!;
      const text = JSON.stringify(json);
      const frame: HttpFrame = {
        kind: 'http',
        id: `f${sent.length}`,
        source,
        timing: { start: now },
        request: { method: 'POST', url: AUTH.tokenUrl, headers },
        response: {
          status,
          statusText: status === 200 ? 'OK' : 'Bad Request',
          httpVersion: '1.1',
          headers: [],
          body: toBodyBytes(Buffer.from(text)),
        },
      };
      return frame;
    },
  };
  return { client: new OAuthClient(exchange), sent, advance: (ms: number) => (now += ms) };
}

const grant = { code: 'c0de', verifier: 'v'.repeat(43), redirectUri: 'http://127.0.0.1:1/oauth/callback' };

describe('OAuthClient sign-ins', () => {
  it('says to sign in when there is no token, and sends no request', async () => {
    const { client, sent } = scripted([]);
    expect(await client.token(AUTH)).toEqual({
      ok: false,
      message: "Not signed in: open the agent's settings and press Sign in.",
    });
    expect(sent).toEqual([]);
  });

  it('exchanges the code as a public client, then refreshes when the token lapses, keeping the old refresh token when none comes back', async () => {
    const { client, sent, advance } = scripted([
      [200, { access_token: 'a1', token_type: 'Bearer', expires_in: 60, refresh_token: 'r1' }],
      [200, { access_token: 'a2', token_type: 'bearer', expires_in: 60 }],
      [200, { access_token: 'a3', token_type: 'Bearer', expires_in: 60 }],
    ]);
    expect(await client.exchangeCode(AUTH as never, grant)).toMatchObject({ ok: true, token: 'a1' });
    expect(sent[0]!.source).toBe('oauth:code');
    expect(Object.fromEntries(new URLSearchParams(sent[0]!.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'c0de',
      redirect_uri: grant.redirectUri,
      code_verifier: grant.verifier,
      client_id: 'app',
    });
    expect(sent[0]!.headers.some(([name]) => name === 'Authorization')).toBe(false);
    expect(await client.token(AUTH)).toMatchObject({ ok: true, token: 'a1' });
    expect(sent).toHaveLength(1);

    advance(60_000);
    expect(await client.token(AUTH)).toMatchObject({ ok: true, token: 'a2' });
    expect(sent[1]!.source).toBe('oauth:refresh');
    expect(new URLSearchParams(sent[1]!.body).get('refresh_token')).toBe('r1');
    client.invalidate();
    expect(await client.token(AUTH)).toMatchObject({ ok: true, token: 'a3' });
    expect(new URLSearchParams(sent[2]!.body).get('refresh_token')).toBe('r1');
    expect(client.signedIn(AUTH)).toEqual({ expiresAt: 1_060_000 + 60_000, refreshable: true });
  });

  it('drops a refresh token the endpoint refuses, so the user is asked to sign in again', async () => {
    const { client, sent } = scripted([
      [200, { access_token: 'a1', token_type: 'Bearer', expires_in: 60, refresh_token: 'r1' }],
      [400, { error: 'invalid_grant', error_description: 'revoked' }],
    ]);
    await client.exchangeCode(AUTH as never, grant);
    client.invalidate();
    expect(await client.token(AUTH)).toMatchObject({
      ok: false,
      message: 'The token endpoint answered HTTP 400 Bad Request: invalid_grant (revoked)',
      frameId: 'f2',
    });
    expect(await client.token(AUTH)).toEqual({
      ok: false,
      message: "Not signed in: open the agent's settings and press Sign in.",
    });
    expect(sent).toHaveLength(2);
  });

  it('asks to sign in again when the token lapsed and no refresh token was given', async () => {
    const { client, advance } = scripted([
      [200, { access_token: 'a1', token_type: 'Bearer', expires_in: 60 }],
    ]);
    await client.exchangeCode(AUTH as never, grant);
    advance(61_000);
    expect(await client.token(AUTH)).toEqual({
      ok: false,
      message: 'The sign-in has expired and the authorization server gave no refresh token: sign in again.',
    });
  });

  it('forgets the sign-in when the auth changes (another client)', async () => {
    const { client } = scripted([[200, { access_token: 'a1', token_type: 'Bearer', refresh_token: 'r' }]]);
    await client.exchangeCode(AUTH as never, grant);
    expect(client.signedIn({ ...AUTH, clientId: 'other' })).toBeUndefined();
    expect((await client.token({ ...AUTH, clientId: 'other' })).ok).toBe(false);
  });
});
