// OAuth 2 client credentials (RFC 6749 §4.4) for one agent: asks the token endpoint for an access token, records
// the exchange as a frame with its secrets marked (AUTH-3), and reuses the token until shortly before it expires.
// A 401 from the agent drops the token, so the next call fetches a fresh one (a token revoked early).

import type { AgentAuth } from '../../../shared/agent';
import type { FrameError, HttpFrame, SecretMark } from '../../../shared/wire/frame';
import { parseJsonText } from '../../../shared/wire/jsonText';
import { basicCredentials } from './credentials';

type ClientCredentials = Extract<AgentAuth, { type: 'oauth2-client-credentials' }>;

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
  }): Promise<HttpFrame>;
  now(): number;
}

export type TokenResult =
  | { ok: true; token: string; frameId?: string }
  | { ok: false; message: string; frameId?: string; frameError?: FrameError };

export class OAuthClient {
  private cached: { token: string; expiresAt: number; key: string } | undefined;
  /** A request under way, shared by operations that start while it runs (one token request, not one each). */
  private pending: { key: string; result: Promise<TokenResult> } | undefined;

  constructor(private readonly exchange: TokenExchange) {}

  /** A valid access token: the cached one, or a new one from the token endpoint (recorded as a frame). */
  async token(auth: ClientCredentials): Promise<TokenResult> {
    const key = cacheKey(auth);
    if (
      this.cached &&
      this.cached.key === key &&
      this.cached.expiresAt - EXPIRY_MARGIN_MS > this.exchange.now()
    ) {
      return { ok: true, token: this.cached.token };
    }
    this.cached = undefined;
    if (this.pending?.key === key) return this.pending.result;
    const result = this.request(auth, key).finally(() => {
      if (this.pending?.result === result) this.pending = undefined;
    });
    this.pending = { key, result };
    return result;
  }

  /** The agent refused the token: forget it. */
  invalidate(): void {
    this.cached = undefined;
  }

  private async request(auth: ClientCredentials, key: string): Promise<TokenResult> {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (auth.scopes && auth.scopes.length > 0) form.set('scope', auth.scopes.join(' '));
    const headers: Array<[string, string]> = [
      ['Content-Type', 'application/x-www-form-urlencoded'],
      ['Accept', 'application/json'],
    ];
    const secrets: SecretMark[] = [{ in: 'response-json', pointer: '/access_token' }];
    secrets.push({ in: 'response-json', pointer: '/refresh_token' });
    if (auth.clientAuth === 'body') {
      form.set('client_id', auth.clientId);
      form.set('client_secret', auth.clientSecret);
      secrets.push({ in: 'form', name: 'client_secret' });
    } else {
      // RFC 6749 §2.3.1: the id and secret are form-urlencoded before they are joined for Basic.
      const basic = basicCredentials(formEncode(auth.clientId), formEncode(auth.clientSecret));
      headers.push(['Authorization', `Basic ${basic}`]);
      secrets.push({ in: 'request-header', name: 'Authorization' });
    }

    const startedAt = this.exchange.now();
    const frame = await this.exchange.send({ url: auth.tokenUrl, headers, body: form.toString(), secrets });
    if (!frame.response) {
      const error = frame.error;
      return {
        ok: false,
        message: `The token endpoint could not be reached: ${error?.label ?? 'error'} — ${error?.message ?? ''}`,
        frameId: frame.id,
        ...(error ? { frameError: error } : {}),
      };
    }
    const { status, statusText, body } = frame.response;
    const parsed = parseJsonText(body.text);
    const json = parsed.ok && isRecord(parsed.value) ? parsed.value : undefined;
    if (status < 200 || status > 299 || !json) {
      const reason =
        json && typeof json.error === 'string'
          ? `${json.error}${typeof json.error_description === 'string' ? ` (${json.error_description})` : ''}`
          : preview(body.text);
      return {
        ok: false,
        message: `The token endpoint answered HTTP ${status} ${statusText}: ${reason}`,
        frameId: frame.id,
      };
    }
    const token = json.access_token;
    if (typeof token !== 'string' || token === '') {
      return {
        ok: false,
        message: 'The token endpoint answered without an access_token.',
        frameId: frame.id,
      };
    }
    const tokenType = typeof json.token_type === 'string' ? json.token_type.toLowerCase() : 'bearer';
    if (tokenType !== 'bearer') {
      return {
        ok: false,
        message: `The token endpoint issued a "${json.token_type as string}" token; only Bearer tokens can be sent.`,
        frameId: frame.id,
      };
    }
    // Some endpoints send the number as a string; anything unreadable counts as unstated.
    const seconds = typeof json.expires_in === 'string' ? Number(json.expires_in) : json.expires_in;
    const lifetime =
      typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0
        ? seconds * 1000
        : UNSTATED_LIFETIME_MS;
    // Measured from when the request left, so a slow answer cannot stretch the token's life.
    this.cached = { token, expiresAt: startedAt + lifetime, key };
    return { ok: true, token, frameId: frame.id };
  }
}

function cacheKey(auth: ClientCredentials): string {
  return JSON.stringify([
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
