// The browser edition's gatekeeper (SEC-2). A web page in the user's browser can reach 127.0.0.1, so every route
// checks the Host header (DNS rebinding), and API routes also check Origin (fail closed), Fetch Metadata and a
// random 256-bit token that only the served page knows.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { TOKEN_HEADER } from '../../shared/host/webBridge';
import { hostRefusal, loopbackHosts } from '../host/net/hostAllowList';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares in constant time; hashing first makes the lengths equal so the length is not leaked either. */
export function tokensMatch(expected: string, given: string): boolean {
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b) && expected.length > 0;
}

export interface GuardConfig {
  port: number;
  token: string;
}

export type GuardVerdict = { ok: true } | { ok: false; status: number; reason: string };

export function allowedHosts(port: number): string[] {
  return loopbackHosts(port);
}

export function allowedOrigins(port: number): string[] {
  return allowedHosts(port).map((host) => `http://${host}`);
}

export function checkHost(headers: IncomingHttpHeaders, config: GuardConfig): GuardVerdict {
  const refused = hostRefusal(headers.host, { port: config.port });
  return refused ? { ok: false, status: 403, reason: refused } : { ok: true };
}

export function checkApiRequest(headers: IncomingHttpHeaders, config: GuardConfig): GuardVerdict {
  const host = checkHost(headers, config);
  if (!host.ok) return host;
  const origin = headers.origin;
  if (!origin) return { ok: false, status: 403, reason: 'Missing Origin header.' };
  if (!allowedOrigins(config.port).includes(origin.toLowerCase())) {
    return { ok: false, status: 403, reason: 'Origin not allowed.' };
  }
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') {
    return { ok: false, status: 403, reason: 'Cross-site request refused.' };
  }
  const token = headers[TOKEN_HEADER];
  if (typeof token !== 'string' || token.length === 0)
    return { ok: false, status: 401, reason: 'Missing token.' };
  if (!tokensMatch(config.token, token)) return { ok: false, status: 401, reason: 'Wrong token.' };
  return { ok: true };
}
