// Finding an authorization server's revocation endpoint for sign-out (AUTH-3). The metadata may sit at the origin
// (RFC 8414 §3), at the path-aware form RFC 8414 §3.1 gives for an issuer with a path, or at OpenID Connect discovery
// (OpenID Connect Discovery 1.0 §4). Each place is tried in turn while the previous one has no document, and every
// fetch is an `oauth:metadata` frame. A revocation endpoint on another origin than the token endpoint is reported,
// not used: the client secret would go there, so only the user may choose to send it.

import type { Revocation } from '../../../shared/host/tokens';
import type { HttpFrame } from '../../../shared/wire/frame';
import { parseJsonText } from '../../../shared/wire/jsonText';
import type { OAuthClient } from '../agent/oauthClient';

export const METADATA_PATH = '/.well-known/oauth-authorization-server';
export const OPENID_PATH = '/.well-known/openid-configuration';

export type Found =
  | { ok: true; url: string }
  | { ok: false; revocation: 'other-origin'; url: string; origin: string; reason: string }
  | { ok: false; revocation: Exclude<Revocation, 'revoked' | 'other-origin'>; reason: string };

/**
 * Where metadata may be, in the order tried. The issuer is not configured, so its path is taken to be the token
 * endpoint's path without its last segment (`/tenant/oauth/token` → `/tenant/oauth`), the usual layout.
 */
export function metadataUrls(tokenUrl: string): string[] {
  const token = new URL(tokenUrl);
  const issuerPath = token.pathname.replace(/\/[^/]*$/, '').replace(/\/+$/, '');
  const urls = [new URL(METADATA_PATH, token.origin).toString()];
  if (issuerPath) {
    urls.push(`${token.origin}${METADATA_PATH}${issuerPath}`);
    urls.push(`${token.origin}${issuerPath}${OPENID_PATH}`);
  }
  urls.push(new URL(OPENID_PATH, token.origin).toString());
  return urls;
}

/** The revocation endpoint the first metadata document found names, judged against the token endpoint's origin. */
export async function revocationEndpoint(
  oauth: OAuthClient,
  tokenUrl: string,
  frameIds: string[],
): Promise<Found> {
  let urls: string[];
  try {
    urls = metadataUrls(tokenUrl);
  } catch {
    return { ok: false, revocation: 'failed', reason: `the token URL ${tokenUrl} cannot be read` };
  }
  let failure: string | undefined;
  for (const metadataUrl of urls) {
    const frame = await oauth.exchange.send({
      method: 'GET',
      url: metadataUrl,
      headers: [['Accept', 'application/json']],
      body: '',
      secrets: [],
      source: 'oauth:metadata',
    });
    frameIds.push(frame.id);
    // The same origin answers every place, so an unreachable server will not answer the next one either.
    if (!frame.response) {
      return { ok: false, revocation: 'failed', reason: `the metadata at ${metadataUrl} ${answer(frame)}` };
    }
    const json = frame.response.status === 200 ? jsonObject(frame) : undefined;
    if (json) return judge(json, tokenUrl);
    if (frame.response.status !== 404 && frame.response.status !== 410) {
      failure ??= `the metadata at ${metadataUrl} ${answer(frame)}`;
    }
  }
  if (failure) return { ok: false, revocation: 'failed', reason: failure };
  return {
    ok: false,
    revocation: 'not-offered',
    reason: `The authorization server publishes no metadata (RFC 8414, OpenID Connect Discovery); tried ${urls.join(', ')}.`,
  };
}

function judge(json: Record<string, unknown>, tokenUrl: string): Found {
  const endpoint = json.revocation_endpoint;
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
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      ok: false,
      revocation: 'failed',
      reason: `the revocation_endpoint ${url.toString()} is not HTTP`,
    };
  }
  if (url.origin !== new URL(tokenUrl).origin) {
    return {
      ok: false,
      revocation: 'other-origin',
      url: url.toString(),
      origin: url.origin,
      reason: `The revocation_endpoint is on ${url.origin}, not the token endpoint's origin, so no token was sent there.`,
    };
  }
  return { ok: true, url: url.toString() };
}

function jsonObject(frame: HttpFrame): Record<string, unknown> | undefined {
  const parsed = parseJsonText(frame.response?.body.text ?? '');
  if (
    !parsed.ok ||
    typeof parsed.value !== 'object' ||
    parsed.value === null ||
    Array.isArray(parsed.value)
  ) {
    return undefined;
  }
  return parsed.value as Record<string, unknown>;
}

/** What a request came to, for a sentence: "answered HTTP 503 Service Unavailable" or "could not be reached: …". */
export function answer(frame: HttpFrame): string {
  if (!frame.response) {
    return `could not be reached: ${frame.error?.label ?? 'error'} — ${frame.error?.message ?? ''}`;
  }
  const { status, statusText } = frame.response;
  const json = jsonObject(frame);
  const error = json?.error;
  return `answered HTTP ${status} ${statusText}${typeof error === 'string' ? ` (${error})` : ''}`;
}
