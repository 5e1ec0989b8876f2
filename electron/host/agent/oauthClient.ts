// The token endpoint side of OAuth 2 for one agent (AUTH-3): client credentials (RFC 6749 §4.4), the code of an
// authorization-code sign-in exchanged with its PKCE verifier (§4.1.3, RFC 7636 §4.5), and refresh (§6). Every
// request is recorded as a frame with its secrets marked, and the token is reused until shortly before it expires.
// A 401 from the agent drops the access token; client credentials then ask again, a sign-in is refreshed when it
// has a refresh token, and otherwise the user has to sign in again.

import type { OAuthAuth } from '../../../shared/host/agent';
import type { FrameError, HttpFrame, SecretMark } from '../../../shared/wire/frame';
import { parseJsonText } from '../../../shared/wire/jsonText';
import { basicCredentials } from './credentials';

/** A token is renewed this long before its stated expiry, so it does not lapse on its way to the agent. */
export const EXPIRY_MARGIN_MS = 30_000;
/** When the endpoint states no lifetime, the token is reused until the agent refuses it. */
const UNSTATED_LIFETIME_MS = Number.POSITIVE_INFINITY;

export interface TokenExchange {
  /** Sends one request and resolves with its final frame (already published by the caller's recorder). */
  send(request: {
    url: string;
    headers: Array<[string, string]>;
    body: string;
    secrets: SecretMark[];
    /** `oauth:token`, `oauth:code`, `oauth:refresh`, `oauth:metadata` or `oauth:revoke`: which step it was. */
    source: string;
    /** POST unless told; the authorization server metadata is a GET (RFC 8414 §3). */
    method?: 'GET';
  }): Promise<HttpFrame>;
  now(): number;
}

export type TokenResult =
  | { ok: true; token: string; frameId?: string }
  | { ok: false; message: string; frameId?: string; frameError?: FrameError };

/** The tokens held for one auth, with what the token panel shows about them (AUTH-3). */
export interface HeldToken {
  token: string;
  expiresAt: number;
  key: string;
  refreshToken?: string;
  obtainedAt: number;
  refreshedAt?: number;
  refreshFrameId?: string;
  scopes?: string[];
}

export class OAuthClient {
  private cached: HeldToken | undefined;
  /** Rises on sign-out, so a token request that was under way then does not bring the token back. */
  private epoch = 0;
  /** A request under way, shared by operations that start while it runs (one token request, not one each). */
  private pending: { key: string; result: Promise<TokenResult> } | undefined;

  constructor(readonly exchange: TokenExchange) {}

  /**
   * A valid access token: the cached one, or a new one from the token endpoint (recorded as a frame): by client
   * credentials, or by refreshing a sign-in. A sign-in without a usable token says so.
   */
  async token(auth: OAuthAuth): Promise<TokenResult> {
    const key = cacheKey(auth);
    const cached = this.cached?.key === key ? this.cached : undefined;
    if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > this.exchange.now()) {
      return { ok: true, token: cached.token };
    }
    if (this.pending?.key === key) return this.pending.result;
    let form: URLSearchParams;
    let source = 'oauth:token';
    if (auth.type === 'oauth2-client-credentials') {
      form = new URLSearchParams({ grant_type: 'client_credentials' });
      if (auth.scopes && auth.scopes.length > 0) form.set('scope', auth.scopes.join(' '));
    } else if (cached?.refreshToken) {
      form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: cached.refreshToken });
      source = 'oauth:refresh';
    } else {
      return {
        ok: false,
        message: cached
          ? 'The sign-in has expired and the authorization server gave no refresh token: sign in again.'
          : "Not signed in: open the agent's settings and press Sign in.",
      };
    }
    return this.share(key, this.request(auth, key, form, source, cached?.refreshToken));
  }

  /** Finishes a sign-in: the code from the redirect and the verifier that proves this client asked for it. */
  async exchangeCode(
    auth: Extract<OAuthAuth, { type: 'oauth2-authorization-code' }>,
    grant: { code: string; verifier: string; redirectUri: string },
  ): Promise<TokenResult> {
    const key = cacheKey(auth);
    this.cached = undefined;
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: grant.redirectUri,
      code_verifier: grant.verifier,
    });
    return this.share(key, this.request(auth, key, form, 'oauth:code'));
  }

  /** When the current sign-in's access token lapses (for the flow view); undefined when there is none. */
  signedIn(auth: OAuthAuth): { expiresAt: number; refreshable: boolean } | undefined {
    const cached = this.cached?.key === cacheKey(auth) ? this.cached : undefined;
    return cached
      ? { expiresAt: cached.expiresAt, refreshable: cached.refreshToken !== undefined }
      : undefined;
  }

  /** The tokens held for this auth (the host's own view: values included), or undefined. */
  held(auth: OAuthAuth): HeldToken | undefined {
    return this.cached?.key === cacheKey(auth) ? { ...this.cached } : undefined;
  }

  /** Signing out: the access and refresh tokens are dropped, and a request under way is not waited for. */
  forget(): void {
    this.cached = undefined;
    this.pending = undefined;
    this.epoch += 1;
  }

  /** The agent refused the token: forget it, but keep a refresh token to get the next one with. */
  invalidate(): void {
    if (this.cached?.refreshToken) this.cached = { ...this.cached, expiresAt: Number.NEGATIVE_INFINITY };
    else this.cached = undefined;
  }

  private share(key: string, request: Promise<TokenResult>): Promise<TokenResult> {
    const result = request.finally(() => {
      if (this.pending?.result === result) this.pending = undefined;
    });
    this.pending = { key, result };
    return result;
  }

  private async request(
    auth: OAuthAuth,
    key: string,
    form: URLSearchParams,
    source: string,
    oldRefreshToken?: string,
  ): Promise<TokenResult> {
    const headers: Array<[string, string]> = [
      ['Content-Type', 'application/x-www-form-urlencoded'],
      ['Accept', 'application/json'],
    ];
    const secrets: SecretMark[] = [
      { in: 'response-json', pointer: '/access_token' },
      { in: 'response-json', pointer: '/refresh_token' },
      { in: 'response-json', pointer: '/id_token' },
    ];
    for (const name of ['code', 'code_verifier', 'refresh_token']) {
      if (form.has(name)) secrets.push({ in: 'form', name });
    }
    authenticateClient(auth, form, headers, secrets);

    const startedAt = this.exchange.now();
    const epoch = this.epoch;
    const frame = await this.exchange.send({
      url: auth.tokenUrl,
      headers,
      body: form.toString(),
      secrets,
      source,
    });
    if (epoch !== this.epoch) return { ok: false, message: 'Signed out while the token was requested.' };
    const fail = (message: string, extra: Partial<TokenResult> = {}): TokenResult => {
      // A refresh token the endpoint refused is spent; the user has to sign in again.
      if (source === 'oauth:refresh' && frame.response) this.cached = undefined;
      return { ok: false, message, frameId: frame.id, ...extra } as TokenResult;
    };
    if (!frame.response) {
      const error = frame.error;
      return fail(
        `The token endpoint could not be reached: ${error?.label ?? 'error'} — ${error?.message ?? ''}`,
        error ? { frameError: error } : {},
      );
    }
    const { status, statusText, body } = frame.response;
    const parsed = parseJsonText(body.text);
    const json = parsed.ok && isRecord(parsed.value) ? parsed.value : undefined;
    if (status < 200 || status > 299 || !json) {
      const reason =
        json && typeof json.error === 'string'
          ? `${json.error}${typeof json.error_description === 'string' ? ` (${json.error_description})` : ''}`
          : preview(body.text);
      return fail(`The token endpoint answered HTTP ${status} ${statusText}: ${reason}`);
    }
    const token = json.access_token;
    if (typeof token !== 'string' || token === '') {
      return fail('The token endpoint answered without an access_token.');
    }
    const tokenType = typeof json.token_type === 'string' ? json.token_type.toLowerCase() : 'bearer';
    if (tokenType !== 'bearer') {
      return fail(
        `The token endpoint issued a "${json.token_type as string}" token; only Bearer tokens can be sent.`,
      );
    }
    // Some endpoints send the number as a string; anything unreadable counts as unstated.
    const seconds = typeof json.expires_in === 'string' ? Number(json.expires_in) : json.expires_in;
    const lifetime =
      typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0
        ? seconds * 1000
        : UNSTATED_LIFETIME_MS;
    // RFC 6749 §6: a refresh answer may omit the refresh token, and then the old one stays good.
    const refreshToken =
      typeof json.refresh_token === 'string' && json.refresh_token !== ''
        ? json.refresh_token
        : oldRefreshToken;
    // Measured from when the request left, so a slow answer cannot stretch the token's life.
    const granted =
      typeof json.scope === 'string' ? json.scope.split(' ').filter((part) => part !== '') : undefined;
    const scopes = granted ?? auth.scopes;
    this.cached = {
      token,
      expiresAt: startedAt + lifetime,
      key,
      obtainedAt: startedAt,
      ...(source === 'oauth:refresh' ? { refreshedAt: startedAt, refreshFrameId: frame.id } : {}),
      ...(refreshToken !== undefined ? { refreshToken } : {}),
      ...(scopes && scopes.length > 0 ? { scopes } : {}),
    };
    return { ok: true, token, frameId: frame.id };
  }
}

/**
 * Client authentication at the token and revocation endpoints (RFC 6749 §2.3.1, RFC 7009 §2.1): Basic unless the
 * auth says body; a public client (RFC 6749 §2.1) names itself in the body and has nothing to authenticate with.
 */
export function authenticateClient(
  auth: OAuthAuth,
  form: URLSearchParams,
  headers: Array<[string, string]>,
  secrets: SecretMark[],
): void {
  if (auth.clientSecret === '') {
    form.set('client_id', auth.clientId);
  } else if (auth.clientAuth === 'body') {
    form.set('client_id', auth.clientId);
    form.set('client_secret', auth.clientSecret);
    secrets.push({ in: 'form', name: 'client_secret' });
  } else {
    // RFC 6749 §2.3.1: the id and secret are form-urlencoded before they are joined for Basic.
    const basic = basicCredentials(formEncode(auth.clientId), formEncode(auth.clientSecret));
    headers.push(['Authorization', `Basic ${basic}`]);
    secrets.push({ in: 'request-header', name: 'Authorization' });
  }
}

function cacheKey(auth: OAuthAuth): string {
  return JSON.stringify([
    auth.type,
    auth.tokenUrl,
    auth.clientId,
    auth.clientSecret,
    auth.scopes ?? [],
    auth.clientAuth ?? 'basic',
  ]);
}

/** application/x-www-form-urlencoded for one value (space as +), as RFC 6749 Appendix B asks. */
function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function preview(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > 200 ? `${trimmed.slice(0, 200)}…` : trimmed || '(empty body)';
}
