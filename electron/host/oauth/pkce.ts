// The first half of OAuth 2 authorization code with PKCE (AUTH-3, RFC 6749 §4.1, RFC 7636, RFC 8252): a verifier and
// its S256 challenge, a state value, and the URL the user's browser is sent to. The loopback listener that receives
// the answer is in loopbackRedirect.ts; the token exchange reuses the recorded token requests of oauthClient.ts.

import { createHash, randomBytes } from 'node:crypto';

export interface PkcePair {
  /** 43 characters from the unreserved set (RFC 7636 §4.1): 32 random bytes in base64url. */
  verifier: string;
  /** BASE64URL(SHA256(verifier)) (RFC 7636 §4.2, method S256; `plain` is never used). */
  challenge: string;
}

export function createPkce(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: challengeOf(verifier) };
}

export function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** An unguessable `state` (RFC 6749 §10.12), to tie the answer to this request. */
export function createState(): string {
  return randomBytes(16).toString('base64url');
}

export interface AuthorizationRequest {
  authorizationUrl: string;
  clientId: string;
  redirectUri: string;
  scopes?: readonly string[];
  state: string;
  challenge: string;
}

/** The URL to open in the browser; throws with a reason for an endpoint that is not http(s). */
export function authorizationUrl(request: AuthorizationRequest): string {
  let url: URL;
  try {
    url = new URL(request.authorizationUrl);
  } catch {
    throw new Error(`The authorization URL ${JSON.stringify(request.authorizationUrl)} is not a URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`The authorization URL must be http(s), not ${url.protocol}`);
  const params = url.searchParams;
  params.set('response_type', 'code');
  params.set('client_id', request.clientId);
  params.set('redirect_uri', request.redirectUri);
  if (request.scopes && request.scopes.length > 0) params.set('scope', request.scopes.join(' '));
  params.set('state', request.state);
  params.set('code_challenge', request.challenge);
  params.set('code_challenge_method', 'S256');
  return url.toString();
}
