// The PKCE half of OAuth authorization code (AUTH-3): the S256 challenge of RFC 7636's own example, fresh verifiers
// of the right form, the authorization URL, and the loopback listener's verdicts on a real socket: the code when the
// state matches, a forged state, refused consent, a server error, silence.

import { describe, expect, it } from 'vitest';
import { startLoopbackRedirect } from '../../../../../electron/host/oauth/loopbackRedirect';
import {
  authorizationUrl,
  challengeOf,
  createPkce,
  createState,
} from '../../../../../electron/host/oauth/pkce';

describe('PKCE', () => {
  it('gives RFC 7636 appendix B’s challenge for its verifier', () => {
    expect(challengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes fresh verifiers of 43 unreserved characters, and states that differ', () => {
    const a = createPkce();
    const b = createPkce();
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.verifier).not.toBe(b.verifier);
    expect(a.challenge).toBe(challengeOf(a.verifier));
    expect(createState()).not.toBe(createState());
  });

  it('builds the authorization URL, keeping the endpoint’s own query', () => {
    const url = new URL(
      authorizationUrl({
        authorizationUrl: 'https://auth.example/authorize?tenant=t1',
        clientId: 'switchboard',
        redirectUri: 'http://127.0.0.1:5555/oauth/callback',
        scopes: ['a2a.read', 'a2a.write'],
        state: 's1',
        challenge: 'c1',
      }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenant: 't1',
      response_type: 'code',
      client_id: 'switchboard',
      redirect_uri: 'http://127.0.0.1:5555/oauth/callback',
      scope: 'a2a.read a2a.write',
      state: 's1',
      code_challenge: 'c1',
      code_challenge_method: 'S256',
    });
    const bad = { clientId: 'c', redirectUri: 'r', state: 's', challenge: 'c' };
    expect(() => authorizationUrl({ ...bad, authorizationUrl: 'javascript:alert(1)' })).toThrow(
      'must be http(s)',
    );
    expect(() => authorizationUrl({ ...bad, authorizationUrl: 'not a url' })).toThrow('is not a URL');
  });
});

describe('the loopback redirect', () => {
  const answer = async (query: string) => {
    const redirect = await startLoopbackRedirect({ state: 'good-state', timeoutMs: 5000 });
    expect(redirect.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback$/);
    const response = await fetch(`${redirect.redirectUri}?${query}`);
    return { status: response.status, page: await response.text(), outcome: await redirect.outcome };
  };

  it('hands over the code when the state matches, and tells the browser', async () => {
    const got = await answer('code=the-code&state=good-state');
    expect(got.outcome).toEqual({ ok: true, code: 'the-code' });
    expect(got.status).toBe(200);
    expect(got.page).toContain('Signed in');
  });

  it('refuses another state, refused consent and a server error, with the reason', async () => {
    expect((await answer('code=x&state=forged')).outcome).toMatchObject({
      ok: false,
      reason: expect.stringContaining('another state'),
    });
    expect((await answer('error=access_denied&state=good-state')).outcome).toEqual({
      ok: false,
      reason: 'consent was refused.',
      error: 'access_denied',
    });
    const failed = await answer('error=server_error&error_description=down&state=good-state');
    expect(failed.outcome).toMatchObject({
      ok: false,
      reason: 'the authorization server said server_error (down).',
    });
    expect(failed.status).toBe(400);
  });

  it('gives up after the time limit and closes', async () => {
    const redirect = await startLoopbackRedirect({ state: 's', timeoutMs: 50 });
    expect(await redirect.outcome).toEqual({ ok: false, reason: 'No answer from the browser within 0 s.' });
    await expect(fetch(redirect.redirectUri)).rejects.toThrow();
  });
});
