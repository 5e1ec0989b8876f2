// A minimal OAuth 2.0 authorization server for tests, for one client: `POST /token` grants `client_credentials` (RFC
// 6749 §4.4), `authorization_code` with PKCE (§4.1.3, RFC 7636 §4.6, S256 only) and `refresh_token` (§6, the refresh
// token rotated on each use); the client authenticates by HTTP Basic or form fields (RFC 6749 §2.3.1), or names itself
// alone when it is public (its secret configured as ''). `GET /authorize` stands for the sign-in page: it consents (or
// refuses, as the test says) at once and redirects to the loopback URI with a code bound to the challenge. Access
// tokens are random and remembered, so the auth peer's `/oauth` agent accepts exactly the ones handed out here, and
// tests can expire them all at once instead of sleeping.

import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenPeer } from './peerServer';

export interface TokenEndpointOptions {
  clientId: string;
  clientSecret: string;
  /** Lifetime of each token, reported as `expires_in`; 3600 unless told. */
  expiresInSeconds?: number;
  /**
   * Space-separated scopes this client may have. Granted when the request names none; a request naming a scope outside
   * this list gets `invalid_scope`. Without it any requested scope is granted as asked.
   */
  scope?: string;
  /** Publish RFC 8414 metadata naming `POST /revoke` as the RFC 7009 revocation endpoint; off unless told. */
  revocation?: boolean;
  /** With `revocation`: name this URL (another server's, AUTH-3's other-origin case) as the revocation endpoint. */
  revocationUrl?: string;
}

/** One call to the revocation endpoint, as the server understood it. */
export interface RevocationSeen {
  token: string;
  hint?: string;
  /** How the client authenticated: 'basic', 'body', or 'public' (named itself only); 'failed' when it did not. */
  client: 'basic' | 'body' | 'public' | 'failed';
}

/** What `GET /authorize` does: send a code back, or say the user refused (`access_denied`). */
export type Consent = 'allow' | 'deny';

export interface TokenEndpointHandle {
  /** `http://127.0.0.1:<port>/token`. */
  tokenUrl: string;
  /** `http://127.0.0.1:<port>/authorize`. */
  authorizationUrl: string;
  /** What the next visits to the authorization URL do; `allow` at first. */
  consent: Consent;
  /** Codes refused at the token endpoint because the verifier did not match the challenge. */
  readonly pkceFailures: number;
  /** Every access token handed out, oldest first (expired ones included). */
  issued: string[];
  /** Requests received on any path, failed ones included. */
  readonly requests: number;
  /** Every call to the revocation endpoint, oldest first. */
  revocations: RevocationSeen[];
  /** When set, the revocation endpoint answers this status (503 stands for RFC 7009 §2.2.1) instead of revoking. */
  revocationStatus: number | undefined;
  /** True for a token issued here whose lifetime (measured with Date.now) has not run out. */
  isValid(token: string): boolean;
  /** Expires every token issued so far, as if their lifetime had passed; later tokens are valid again. */
  expireAll(): void;
  close(): Promise<void>;
}

type TokenError =
  'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_scope';

/** RFC 6749 §4.1.2 recommends codes live at most 10 minutes. */
const CODE_LIFETIME_MS = 60_000;

/** Form bodies are a few hundred bytes; anything this big is a client bug, not a token request. */
const MAX_BODY_BYTES = 64 * 1024;

export async function startTokenEndpoint(options: TokenEndpointOptions): Promise<TokenEndpointHandle> {
  const lifetimeSeconds = options.expiresInSeconds ?? 3600;
  const allowedScopes = options.scope === undefined ? undefined : splitScope(options.scope);
  const issued: string[] = [];
  const expiresAt = new Map<string, number>();
  let requests = 0;
  let pkceFailures = 0;
  const codes = new Map<
    string,
    { challenge: string; redirectUri: string; expiresAt: number; scope?: string }
  >();
  const refreshTokens = new Set<string>();
  const state = { consent: 'allow' as Consent, revocationStatus: undefined as number | undefined };
  const revocations: RevocationSeen[] = [];

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    requests += 1;
    readBody(req).then(
      (body) => respond(req, res, body),
      () => sendError(res, 400, 'invalid_request', 'The request body could not be read or is too large.'),
    );
  };

  const respond = (req: IncomingMessage, res: ServerResponse, body: Buffer | undefined) => {
    const requestUrl = new URL(req.url ?? '/', 'http://token-endpoint');
    const path = requestUrl.pathname;
    if (path === '/authorize' && req.method === 'GET') {
      authorize(requestUrl.searchParams, res);
      return;
    }
    if (options.revocation && path === '/.well-known/oauth-authorization-server' && req.method === 'GET') {
      sendJson(res, 200, metadata());
      return;
    }
    if (options.revocation && path === '/revoke' && req.method === 'POST') {
      revoke(req, res, new URLSearchParams((body ?? Buffer.alloc(0)).toString('utf8')));
      return;
    }
    if (path !== '/token') {
      sendJson(res, 404, { error: 'not_found' });
      return;
    }
    // RFC 6749 §3.2: the token endpoint takes POST only.
    if (req.method !== 'POST') {
      sendError(res, 405, 'invalid_request', 'Use POST.', { Allow: 'POST' });
      return;
    }
    if (body === undefined) {
      sendError(res, 400, 'invalid_request', 'The request body is too large.');
      return;
    }
    const mediaType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/x-www-form-urlencoded') {
      sendError(res, 400, 'invalid_request', 'The body must be application/x-www-form-urlencoded.');
      return;
    }

    const form = new URLSearchParams(body.toString('utf8'));
    // RFC 6749 §3.2: parameters must not repeat; §3.1: a parameter without a value counts as omitted.
    const repeated = [...new Set(form.keys())].find((key) => form.getAll(key).length > 1);
    if (repeated !== undefined) {
      sendError(res, 400, 'invalid_request', `The parameter ${repeated} appears more than once.`);
      return;
    }
    const param = (name: string) => form.get(name) || undefined;

    const client = authenticateClient(req.headers.authorization, param('client_id'), param('client_secret'));
    if (client === 'conflict') {
      sendError(res, 400, 'invalid_request', 'Use one client authentication method, not several.');
      return;
    }
    if (client !== 'ok') {
      // RFC 6749 §5.2: a failed client authentication is a 401 with a challenge for the scheme the client should use.
      sendError(res, 401, 'invalid_client', 'Client authentication failed.', {
        'WWW-Authenticate': 'Basic realm="token", charset="UTF-8"',
      });
      return;
    }

    const grantType = param('grant_type');
    if (grantType === undefined) {
      sendError(res, 400, 'invalid_request', 'grant_type is missing.');
      return;
    }
    if (grantType === 'authorization_code') {
      exchangeCode(param, res);
      return;
    }
    if (grantType === 'refresh_token') {
      const refresh = param('refresh_token');
      if (refresh === undefined || !refreshTokens.delete(refresh)) {
        sendError(res, 400, 'invalid_grant', 'The refresh token is unknown or was used already.');
        return;
      }
      issue(res, options.scope, true);
      return;
    }
    if (grantType !== 'client_credentials') {
      sendError(res, 400, 'unsupported_grant_type', `${grantType} is not supported.`);
      return;
    }

    const requested = param('scope');
    if (requested !== undefined && allowedScopes !== undefined) {
      const outside = splitScope(requested).filter((scope) => !allowedScopes.includes(scope));
      if (outside.length > 0) {
        sendError(res, 400, 'invalid_scope', `Not allowed for this client: ${outside.join(' ')}.`);
        return;
      }
    }
    issue(res, requested ?? options.scope, false);
  };

  const issue = (res: ServerResponse, granted: string | undefined, withRefresh: boolean) => {
    const token = randomBytes(32).toString('base64url');
    issued.push(token);
    expiresAt.set(token, Date.now() + lifetimeSeconds * 1000);
    const refresh = withRefresh ? randomBytes(32).toString('base64url') : undefined;
    if (refresh) refreshTokens.add(refresh);
    sendJson(res, 200, {
      access_token: token,
      token_type: 'Bearer',
      expires_in: lifetimeSeconds,
      ...(refresh ? { refresh_token: refresh } : {}),
      ...(granted !== undefined ? { scope: granted } : {}),
    });
  };

  const metadata = () => ({
    issuer: server.baseUrl,
    authorization_endpoint: `${server.baseUrl}/authorize`,
    token_endpoint: `${server.baseUrl}/token`,
    revocation_endpoint: options.revocationUrl ?? `${server.baseUrl}/revoke`,
  });

  /** RFC 7009 §2: authenticates the client like the token endpoint, then forgets the token (200 even if unknown). */
  const revoke = (req: IncomingMessage, res: ServerResponse, form: URLSearchParams) => {
    const param = (name: string) => form.get(name) || undefined;
    const auth = authenticateClient(req.headers.authorization, param('client_id'), param('client_secret'));
    const how =
      auth !== 'ok'
        ? 'failed'
        : req.headers.authorization !== undefined
          ? 'basic'
          : param('client_secret') !== undefined
            ? 'body'
            : 'public';
    const token = param('token') ?? '';
    const hint = param('token_type_hint');
    revocations.push({ token, client: how, ...(hint ? { hint } : {}) });
    if (how === 'failed') {
      sendError(res, 401, 'invalid_client', 'Client authentication failed.');
      return;
    }
    if (state.revocationStatus !== undefined) {
      sendJson(res, state.revocationStatus, { error: 'temporarily_unavailable' });
      return;
    }
    expiresAt.set(token, Number.NEGATIVE_INFINITY);
    refreshTokens.delete(token);
    res.writeHead(200, { 'Cache-Control': 'no-store' }).end();
  };

  /** The sign-in page, consenting or refusing at once; errors about the client or redirect URI are not redirected. */
  const authorize = (params: URLSearchParams, res: ServerResponse) => {
    const redirectUri = params.get('redirect_uri') ?? '';
    // RFC 6749 §4.1.2.1: with a wrong client or redirect URI the user is told here, never sent to the URI.
    if (params.get('client_id') !== options.clientId) {
      sendText(res, 400, 'Unknown client_id.');
      return;
    }
    if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(redirectUri)) {
      sendText(res, 400, 'The redirect URI must be a loopback URI on 127.0.0.1 (RFC 8252 §7.3).');
      return;
    }
    const back = new URL(redirectUri);
    const stateParam = params.get('state');
    if (stateParam !== null) back.searchParams.set('state', stateParam);
    const challenge = params.get('code_challenge');
    if (params.get('response_type') !== 'code') {
      back.searchParams.set('error', 'unsupported_response_type');
    } else if (!challenge || params.get('code_challenge_method') !== 'S256') {
      back.searchParams.set('error', 'invalid_request');
      back.searchParams.set('error_description', 'PKCE with S256 is required.');
    } else if (state.consent === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user refused.');
    } else {
      const code = randomBytes(16).toString('base64url');
      const scope = params.get('scope') ?? undefined;
      codes.set(code, {
        challenge,
        redirectUri,
        expiresAt: Date.now() + CODE_LIFETIME_MS,
        ...(scope ? { scope } : {}),
      });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { Location: back.toString(), 'Cache-Control': 'no-store' }).end();
  };

  const exchangeCode = (param: (name: string) => string | undefined, res: ServerResponse) => {
    const code = param('code');
    const grant = code === undefined ? undefined : codes.get(code);
    // RFC 6749 §4.1.2: a code is good once.
    if (code !== undefined) codes.delete(code);
    if (!grant || grant.expiresAt < Date.now()) {
      sendError(res, 400, 'invalid_grant', 'The code is unknown, used or expired.');
      return;
    }
    if (param('redirect_uri') !== grant.redirectUri) {
      sendError(res, 400, 'invalid_grant', 'redirect_uri differs from the authorization request.');
      return;
    }
    const verifier = param('code_verifier');
    if (verifier === undefined || challengeOf(verifier) !== grant.challenge) {
      pkceFailures += 1;
      sendError(res, 400, 'invalid_grant', 'PKCE verification failed: the code_verifier does not match.');
      return;
    }
    issue(res, grant.scope, true);
  };

  /** 'ok' only for the configured client; RFC 6749 §2.3 forbids more than one method in a request. */
  const authenticateClient = (
    authorization: string | undefined,
    formId: string | undefined,
    formSecret: string | undefined,
  ): 'ok' | 'conflict' | 'failed' => {
    if (authorization !== undefined) {
      const basic = parseBasic(authorization);
      if (basic === undefined) return 'failed';
      if (formSecret !== undefined) return 'conflict';
      // Some clients repeat client_id in the body next to Basic; that is harmless as long as it names the same client.
      if (formId !== undefined && formId !== basic.id) return 'conflict';
      return basic.id === options.clientId && basic.secret === options.clientSecret ? 'ok' : 'failed';
    }
    // A public client (secret '') names itself and sends no secret.
    return formId === options.clientId && (formSecret ?? '') === options.clientSecret ? 'ok' : 'failed';
  };

  const server = await listenPeer(handle);
  return {
    tokenUrl: `${server.baseUrl}/token`,
    authorizationUrl: `${server.baseUrl}/authorize`,
    get consent() {
      return state.consent;
    },
    set consent(value: Consent) {
      state.consent = value;
    },
    get pkceFailures() {
      return pkceFailures;
    },
    issued,
    revocations,
    get revocationStatus() {
      return state.revocationStatus;
    },
    set revocationStatus(value: number | undefined) {
      state.revocationStatus = value;
    },
    get requests() {
      return requests;
    },
    isValid: (token) => {
      const expiry = expiresAt.get(token);
      return expiry !== undefined && Date.now() < expiry;
    },
    expireAll: () => {
      for (const token of expiresAt.keys()) expiresAt.set(token, Number.NEGATIVE_INFINITY);
    },
    close: server.close,
  };
}

/**
 * `Basic base64(urlencode(id) ":" urlencode(secret))`: RFC 6749 §2.3.1 form-encodes both halves before RFC 7617 joins
 * them, so a secret may contain ':' (encoded) and '+' means a space.
 */
function parseBasic(authorization: string): { id: string; secret: string } | undefined {
  const match = /^Basic +([A-Za-z0-9+/=]+) *$/i.exec(authorization);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return undefined; // A malformed %-escape.
  }
}

function formDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

function sendText(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
}

function splitScope(scope: string): string[] {
  return scope.split(' ').filter((part) => part !== '');
}

/** The body, or undefined when it exceeds MAX_BODY_BYTES (the rest is drained so the response can still be sent). */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size <= MAX_BODY_BYTES ? Buffer.concat(chunks) : undefined));
    req.on('error', reject);
  });
}

function sendError(
  res: ServerResponse,
  status: number,
  error: TokenError,
  description: string,
  headers: Record<string, string> = {},
) {
  sendJson(res, status, { error, error_description: description }, headers);
}

/** RFC 6749 §5.1: token responses, errors included, must not be cached. */
function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json;charset=UTF-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    Pragma: 'no-cache',
    ...headers,
  });
  res.end(text);
}
