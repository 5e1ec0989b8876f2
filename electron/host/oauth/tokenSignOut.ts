// Signing out of an agent (AUTH-3). For an OAuth token: the authorization server's metadata
// (revocationMetadata.ts) says whether it offers a revocation endpoint; when it does, the refresh token and then
// the access token are revoked there (RFC 7009 §2.1) with the same client authentication as the token endpoint.
// Every request is a frame with its secrets marked. Whatever the server answers, the tokens are then forgotten:
// a failed revocation is told to the user, never a reason to keep a token they asked to drop. A revocation
// endpoint on another origin is not called; the tokens are kept aside, used for nothing else, until the user
// explicitly chooses "Revoke at <origin>" (or signs out again, which drops them).

import type { OAuthAuth } from '../../../shared/host/agent';
import type { Revocation, SignOutResult } from '../../../shared/host/tokens';
import type { SecretMark } from '../../../shared/wire/frame';
import { authenticateClient, type OAuthClient } from '../agent/oauthClient';
import { answer, revocationEndpoint } from './revocationMetadata';

export { METADATA_PATH } from './revocationMetadata';

/** Tokens forgotten by a sign-out whose revocation endpoint is on another origin, waiting for the user's choice. */
interface AwaitingConsent {
  url: string;
  origin: string;
  auth: OAuthAuth;
  tokens: Array<[string, string]>;
}

const awaitingConsent = new WeakMap<OAuthClient, AwaitingConsent>();

interface Outcome {
  revocation: Revocation;
  /** Why it was not revoked, when it was not. */
  reason?: string;
  /** The other origin the user may choose to revoke at. */
  revokeAt?: string;
  frameIds: string[];
}

/** Signs out; with `revokeAt`, revokes the tokens an earlier sign-out set aside at that origin, as the user chose. */
export async function signOutOAuth(
  oauth: OAuthClient,
  auth: OAuthAuth,
  revokeAt?: string,
): Promise<SignOutResult> {
  if (revokeAt !== undefined) return revokeWithConsent(oauth, revokeAt);
  awaitingConsent.delete(oauth);
  const held = oauth.held(auth);
  if (!held) {
    oauth.forget();
    return {
      revocation: 'not-applicable',
      forgotten: true,
      message: 'No token was held for this agent; there was nothing to revoke.',
      frameIds: [],
    };
  }
  // The refresh token first: revoking it may take the access token with it (RFC 7009 §2.1), never the reverse.
  const tokens: Array<[string, string]> = [];
  if (held.refreshToken) tokens.push([held.refreshToken, 'refresh_token']);
  tokens.push([held.token, 'access_token']);
  const frameIds: string[] = [];
  const found = await revocationEndpoint(oauth, auth.tokenUrl, frameIds);
  let outcome: Outcome;
  if (found.ok) {
    outcome = await revoke(oauth, auth, found.url, tokens, frameIds);
  } else if (found.revocation === 'other-origin') {
    awaitingConsent.set(oauth, { url: found.url, origin: found.origin, auth, tokens });
    outcome = { revocation: 'other-origin', reason: found.reason, revokeAt: found.origin, frameIds };
  } else {
    outcome = { revocation: found.revocation, reason: found.reason, frameIds };
  }
  oauth.forget();
  return result(outcome);
}

async function revokeWithConsent(oauth: OAuthClient, origin: string): Promise<SignOutResult> {
  const waiting = awaitingConsent.get(oauth);
  if (!waiting || waiting.origin !== origin) {
    return {
      revocation: 'failed',
      forgotten: true,
      message: `No token is waiting to be revoked at ${origin}: sign out first, then choose where to revoke.`,
      frameIds: [],
    };
  }
  awaitingConsent.delete(oauth);
  return result(await revoke(oauth, waiting.auth, waiting.url, waiting.tokens, []));
}

function result(outcome: Outcome): SignOutResult {
  return {
    revocation: outcome.revocation,
    forgotten: true,
    message: words(outcome),
    frameIds: outcome.frameIds,
    ...(outcome.revokeAt ? { revokeAt: outcome.revokeAt } : {}),
  };
}

function words(outcome: Outcome): string {
  switch (outcome.revocation) {
    case 'revoked':
      return 'Signed out: the authorization server revoked the token, and Switchboard forgot it.';
    case 'not-offered':
      return (
        `Signed out: Switchboard forgot the token. ${outcome.reason ?? ''} ` +
        'It stays valid at the server until it expires.'
      );
    case 'other-origin':
      return (
        `Signed out: Switchboard forgot the token. ${outcome.reason ?? ''} ` +
        `Choose "Revoke at ${outcome.revokeAt ?? ''}" to send it there; otherwise it stays valid until it expires.`
      );
    default:
      return (
        `Revocation failed: ${outcome.reason ?? 'unknown error'}. Switchboard forgot the token anyway; ` +
        'it may stay valid at the server until it expires.'
      );
  }
}

async function revoke(
  oauth: OAuthClient,
  auth: OAuthAuth,
  url: string,
  tokens: Array<[string, string]>,
  frameIds: string[],
): Promise<Outcome> {
  for (const [token, hint] of tokens) {
    const form = new URLSearchParams({ token, token_type_hint: hint });
    const headers: Array<[string, string]> = [['Content-Type', 'application/x-www-form-urlencoded']];
    const secrets: SecretMark[] = [{ in: 'form', name: 'token' }];
    authenticateClient(auth, form, headers, secrets);
    const frame = await oauth.exchange.send({
      url,
      headers,
      body: form.toString(),
      secrets,
      source: 'oauth:revoke',
    });
    frameIds.push(frame.id);
    // RFC 7009 §2.2: 200 means revoked, or that the token was invalid already, which is as good.
    if (frame.response?.status !== 200) {
      return { revocation: 'failed', reason: `the revocation endpoint ${answer(frame)}`, frameIds };
    }
  }
  return { revocation: 'revoked', frameIds };
}
