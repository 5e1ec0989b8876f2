// Signing out of an agent (AUTH-3). For an OAuth token: the authorization server's metadata (RFC 8414 §3, at the
// token endpoint's origin) says whether it offers a revocation endpoint; when it does, the refresh token and then
// the access token are revoked there (RFC 7009 §2.1) with the same client authentication as the token endpoint.
// Every request is a frame with its secrets marked. Whatever the server answers, the tokens are then forgotten:
// a failed revocation is told to the user, never a reason to keep a token they asked to drop.

import type { OAuthAuth } from '../../../shared/host/agent';
import type { Revocation, SignOutResult } from '../../../shared/host/tokens';
import type { HttpFrame, SecretMark } from '../../../shared/wire/frame';
import { parseJsonText } from '../../../shared/wire/jsonText';
import { authenticateClient, type HeldToken, type OAuthClient } from '../agent/oauthClient';

export const METADATA_PATH = '/.well-known/oauth-authorization-server';

interface Outcome {
  revocation: Revocation;
  /** Why it was not revoked, when it was not. */
  reason?: string;
  frameIds: string[];
}

export async function signOutOAuth(oauth: OAuthClient, auth: OAuthAuth): Promise<SignOutResult> {
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
  const outcome = await revoke(oauth, auth, held);
  oauth.forget();
  return {
    revocation: outcome.revocation,
    forgotten: true,
    message: words(outcome),
    frameIds: outcome.frameIds,
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
    default:
      return (
        `Revocation failed: ${outcome.reason ?? 'unknown error'}. Switchboard forgot the token anyway; ` +
        'it may stay valid at the server until it expires.'
      );
  }
}

async function revoke(oauth: OAuthClient, auth: OAuthAuth, held: HeldToken): Promise<Outcome> {
  const frameIds: string[] = [];
  const found = await revocationEndpoint(oauth, auth, frameIds);
  if (!found.ok) return { revocation: found.revocation, reason: found.reason, frameIds };
  // The refresh token first: revoking it may take the access token with it (RFC 7009 §2.1), never the reverse.
  const tokens: Array<[string, string]> = [];
  if (held.refreshToken) tokens.push([held.refreshToken, 'refresh_token']);
  tokens.push([held.token, 'access_token']);
  for (const [token, hint] of tokens) {
    const form = new URLSearchParams({ token, token_type_hint: hint });
    const headers: Array<[string, string]> = [['Content-Type', 'application/x-www-form-urlencoded']];
    const secrets: SecretMark[] = [{ in: 'form', name: 'token' }];
    authenticateClient(auth, form, headers, secrets);
    const frame = await oauth.exchange.send({
      url: found.url,
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

type Found =
  { ok: true; url: string } | { ok: false; revocation: Exclude<Revocation, 'revoked'>; reason: string };

/** The revocation endpoint from the metadata, only on the token endpoint's origin: the client secret goes there. */
async function revocationEndpoint(oauth: OAuthClient, auth: OAuthAuth, frameIds: string[]): Promise<Found> {
  let metadataUrl: string;
  try {
    metadataUrl = new URL(METADATA_PATH, auth.tokenUrl).toString();
  } catch {
    return { ok: false, revocation: 'failed', reason: `the token URL ${auth.tokenUrl} cannot be read` };
  }
  const frame = await oauth.exchange.send({
    method: 'GET',
    url: metadataUrl,
    headers: [['Accept', 'application/json']],
    body: '',
    secrets: [],
    source: 'oauth:metadata',
  });
  frameIds.push(frame.id);
  if (!frame.response)
    return { ok: false, revocation: 'failed', reason: `the metadata at ${metadataUrl} ${answer(frame)}` };
  if (frame.response.status === 404) {
    return {
      ok: false,
      revocation: 'not-offered',
      reason: `The authorization server publishes no metadata (RFC 8414).`,
    };
  }
  const parsed = parseJsonText(frame.response.body.text);
  const json =
    parsed.ok && typeof parsed.value === 'object' && parsed.value !== null ? parsed.value : undefined;
  if (frame.response.status !== 200 || !json || Array.isArray(json)) {
    return { ok: false, revocation: 'failed', reason: `the metadata at ${metadataUrl} ${answer(frame)}` };
  }
  const endpoint = (json as Record<string, unknown>).revocation_endpoint;
  if (endpoint === undefined) {
    return {
      ok: false,
      revocation: 'not-offered',
      reason: 'The authorization server offers no revocation_endpoint.',
    };
  }
  let url: URL;
  try {
    url = new URL(String(endpoint));
  } catch {
    return {
      ok: false,
      revocation: 'failed',
      reason: `the revocation_endpoint ${JSON.stringify(endpoint)} is no URL`,
    };
  }
  if (url.origin !== new URL(auth.tokenUrl).origin) {
    return {
      ok: false,
      revocation: 'failed',
      reason: `the revocation_endpoint is on ${url.origin}, not the token endpoint's origin, so no token was sent there`,
    };
  }
  return { ok: true, url: url.toString() };
}

/** What a request came to, for a sentence: "answered HTTP 503 Service Unavailable" or "could not be reached: …". */
function answer(frame: HttpFrame): string {
  if (!frame.response) {
    return `could not be reached: ${frame.error?.label ?? 'error'} — ${frame.error?.message ?? ''}`;
  }
  const { status, statusText, body } = frame.response;
  const parsed = parseJsonText(body.text);
  const json =
    parsed.ok && typeof parsed.value === 'object' && parsed.value !== null ? parsed.value : undefined;
  const error = json && !Array.isArray(json) ? (json as Record<string, unknown>).error : undefined;
  return `answered HTTP ${status} ${statusText}${typeof error === 'string' ? ` (${error})` : ''}`;
}
