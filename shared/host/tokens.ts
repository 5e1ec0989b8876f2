// The token an agent's requests carry, as the token panel shows it (AUTH-3): its kind, a masked form, its scopes,
// when it lapses and when it was last refreshed; and what signing out did (RFC 7009 revocation, then forgetting).
// The value itself crosses to the renderer only when the user asks to reveal it.

import type { AgentAuth } from './agent';

/** Where the token came from: an OAuth grant, or a credential typed into the agent's settings. */
export type TokenKind =
  'oauth-authorization-code' | 'oauth-client-credentials' | 'static-bearer' | 'api-key' | 'basic' | 'none';

export interface TokenStatus {
  agentId: string;
  kind: TokenKind;
  /** False when the kind needs a token the host does not hold (not signed in, signed out, nothing typed). */
  held: boolean;
  /** The value with all but its last four characters hidden; absent when nothing is held. */
  masked?: string;
  /** The value in clear: only when the call asked to reveal it. */
  value?: string;
  /** Granted scopes (the token endpoint's `scope`), or the ones asked for when it named none. */
  scopes?: string[];
  /** When the access token was obtained (ms since the epoch). */
  obtainedAt?: number;
  /** When it lapses; absent when the endpoint stated no lifetime or the kind has none. */
  expiresAt?: number;
  /** When it was last renewed by a refresh request, and that request's frame. */
  refreshedAt?: number;
  refreshFrameId?: string;
  /** A refresh token is held, so an expired token is renewed without signing in again. */
  refreshable?: boolean;
}

/**
 * What revoking at the authorization server came to; forgetting locally happens whatever it was. `other-origin`: the
 * revocation endpoint is on another origin than the token endpoint, so nothing was sent until the user chooses to.
 */
export type Revocation = 'revoked' | 'not-offered' | 'failed' | 'not-applicable' | 'other-origin';

export interface SignOutResult {
  revocation: Revocation;
  /** The token is gone from the host's memory (and, for a typed credential, from the vault). */
  forgotten: boolean;
  /** What happened, in words for the user: why revocation failed, and that the token was forgotten anyway. */
  message: string;
  /** The metadata and revocation requests, in order. */
  frameIds: string[];
  /** With `other-origin`: the origin the user may explicitly choose to revoke at (`signOut` with `revokeAt`). */
  revokeAt?: string;
}

export const TOKEN_KIND_LABELS: Record<TokenKind, string> = {
  'oauth-authorization-code': 'Bearer from OAuth authorization code',
  'oauth-client-credentials': 'Bearer from OAuth client credentials',
  'static-bearer': 'Static bearer token',
  'api-key': 'API key',
  basic: 'HTTP Basic password',
  none: 'No credential',
};

export function tokenKindOf(auth: AgentAuth): TokenKind {
  switch (auth.type) {
    case 'oauth2-authorization-code':
      return 'oauth-authorization-code';
    case 'oauth2-client-credentials':
      return 'oauth-client-credentials';
    case 'bearer':
      return 'static-bearer';
    case 'apiKey':
      return 'api-key';
    case 'basic':
      return 'basic';
    case 'none':
      return 'none';
  }
}

/** Shows only the last four characters, and those only when the value is long enough that they give little away. */
export function maskToken(value: string): string {
  return value.length >= 16 ? `••••••${value.slice(-4)}` : '••••••';
}
