// The rules a push delivery must pass before its body is believed (PUSH-1, SEC-2;
// docs/protocol.md#what-the-receiver-does), as pure functions of the request head: a verdict with the status to answer
// and the reason to show.

import { timingSafeEqual } from 'node:crypto';
import type { HeaderList, WebhookVerdict } from '../../../shared/wire/frame';
import type { PushTarget } from './pushTargets';

export const MAX_DELIVERY_BYTES = 10 * 1024 * 1024;
const JSON_TYPES = new Set(['application/json', 'application/a2a+json']);

export function header(headers: HeaderList, name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1];
}

function reject(status: number, reason: string): WebhookVerdict {
  return { accepted: false, status, reason: `Rejected: ${reason}` };
}

/** Checks that need no body: method, browser origin, content type. Undefined means "go on". */
export function checkHead(method: string, headers: HeaderList): WebhookVerdict | undefined {
  if (method !== 'POST') return reject(405, `${method} is not a delivery; agents POST their notifications.`);
  const browser = browserHeader(headers);
  if (browser) return reject(403, `sent by a web browser (${browser} header), not by an agent.`);
  const type = (header(headers, 'content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (!JSON_TYPES.has(type)) {
    return reject(
      415,
      `content type ${type || '(none)'}; a delivery is application/json or application/a2a+json.`,
    );
  }
  return undefined;
}

/**
 * A page in the user's browser can reach 127.0.0.1 too. Browsers say so: every request carries `Sec-Fetch-Site`
 * (and `Sec-Fetch-Dest`), and cross-origin ones `Origin`. Node's own fetch (undici), which agents built on the SDKs
 * use, sends `Sec-Fetch-Mode: cors` and nothing else of the family, so that one header alone is not a browser.
 */
export function browserHeader(headers: HeaderList): string | undefined {
  return headers.find(([name]) => {
    const lower = name.toLowerCase();
    return lower === 'origin' || (lower.startsWith('sec-fetch-') && lower !== 'sec-fetch-mode');
  })?.[0];
}

export function checkRate(target: PushTarget, now: number): WebhookVerdict | undefined {
  if (now - target.window.start >= 60_000) target.window = { start: now, count: 0 };
  target.window.count++;
  if (target.window.count > target.ratePerMinute) {
    return reject(429, `more than ${target.ratePerMinute} deliveries in a minute for this push config.`);
  }
  return undefined;
}

/**
 * The shared-secret paths: `X-A2A-Notification-Token` (every mode, as the SDKs send it) and, in bearer mode,
 * `Authorization: Bearer <credentials>`. Either one that matches is enough; which one is recorded.
 */
export function checkSecrets(target: PushTarget, headers: HeaderList): WebhookVerdict {
  const token = header(headers, 'x-a2a-notification-token');
  const authorization = header(headers, 'authorization');
  if (target.bearer && authorization !== undefined) {
    const [scheme, value = ''] = authorization.split(/\s+/, 2);
    if (scheme?.toLowerCase() === 'bearer' && same(value, target.bearer)) {
      return {
        accepted: true,
        status: 200,
        reason: 'Accepted: Authorization bearer credentials matched.',
        auth: 'bearer',
      };
    }
    if (token === undefined)
      return reject(401, 'the Authorization header does not carry the credentials of this push config.');
  }
  if (token === undefined)
    return reject(401, 'no X-A2A-Notification-Token header (and no other credential).');
  if (!same(token, target.token))
    return reject(401, 'the X-A2A-Notification-Token does not match this push config.');
  return {
    accepted: true,
    status: 200,
    reason: 'Accepted: X-A2A-Notification-Token matched.',
    auth: 'token',
  };
}

/** Constant-time comparison, so the time to refuse says nothing about how much of a guess was right. */
function same(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
