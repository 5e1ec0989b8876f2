// A minimal OAuth 2.0 authorization server for tests: one `POST /token` endpoint that grants `client_credentials`
// (RFC 6749 §4.4) to one client, authenticated by HTTP Basic or by form fields (§2.3.1). It issues random opaque bearer
// tokens and remembers them, so the auth peer's `/oauth` agent can accept exactly the tokens handed out here, and tests
// can expire them all at once instead of sleeping.

import { randomBytes } from 'node:crypto';
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
}

export interface TokenEndpointHandle {
  /** `http://127.0.0.1:<port>/token`. */
  tokenUrl: string;
  /** Every access token handed out, oldest first (expired ones included). */
  issued: string[];
  /** Requests received on any path, failed ones included. */
  readonly requests: number;
  /** True for a token issued here whose lifetime (measured with Date.now) has not run out. */
  isValid(token: string): boolean;
  /** Expires every token issued so far, as if their lifetime had passed; later tokens are valid again. */
  expireAll(): void;
  close(): Promise<void>;
}

type TokenError = 'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope';

/** Form bodies are a few hundred bytes; anything this big is a client bug, not a token request. */
const MAX_BODY_BYTES = 64 * 1024;

export async function startTokenEndpoint(options: TokenEndpointOptions): Promise<TokenEndpointHandle> {
  const lifetimeSeconds = options.expiresInSeconds ?? 3600;
  const allowedScopes = options.scope === undefined ? undefined : splitScope(options.scope);
  const issued: string[] = [];
  const expiresAt = new Map<string, number>();
  let requests = 0;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    requests += 1;
    readBody(req).then(
      (body) => respond(req, res, body),
      () => sendError(res, 400, 'invalid_request', 'The request body could not be read or is too large.'),
    );
  };

  const respond = (req: IncomingMessage, res: ServerResponse, body: Buffer | undefined) => {
    const path = new URL(req.url ?? '/', 'http://token-endpoint').pathname;
    if (path !== '/token') {
      sendJson(res, 404, { error: 'not_found' });
      return;
    }
    // §3.2: the token endpoint takes POST only.
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
    // §3.2: parameters must not repeat; §3.1: a parameter without a value counts as omitted.
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
      // §5.2: a failed client authentication is a 401 with a challenge for the scheme the client should use.
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
    if (grantType !== 'client_credentials') {
      sendError(res, 400, 'unsupported_grant_type', 'Only client_credentials is supported.');
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
    const granted = requested ?? options.scope;

    const token = randomBytes(32).toString('base64url');
    issued.push(token);
    expiresAt.set(token, Date.now() + lifetimeSeconds * 1000);
    sendJson(res, 200, {
      access_token: token,
      token_type: 'Bearer',
      expires_in: lifetimeSeconds,
      ...(granted !== undefined ? { scope: granted } : {}),
    });
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
    return formId === options.clientId && formSecret === options.clientSecret ? 'ok' : 'failed';
  };

  const server = await listenPeer(handle);
  return {
    tokenUrl: `${server.baseUrl}/token`,
    issued,
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

/** §5.1: token responses, errors included, must not be cached. */
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
