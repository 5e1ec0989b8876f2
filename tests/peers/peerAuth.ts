// The one credential the test peers know: a static bearer token that unlocks the authenticated extended card on the
// 0.3 and 1.0 peers. Everything else stays open, so an inspector can call them without setting anything up.

import type { IncomingHttpHeaders } from 'node:http';

export const PEER_BEARER_TOKEN = 'switchboard-peer-token';

/** A user the SDKs treat as authenticated (structurally the `User` of both @a2a-js/sdk 0.3 and 1.x). */
export class BearerUser {
  get isAuthenticated(): boolean {
    return true;
  }

  get userName(): string {
    return 'switchboard-tester';
  }
}

export function hasPeerToken(headers: IncomingHttpHeaders): boolean {
  return headers.authorization === `Bearer ${PEER_BEARER_TOKEN}`;
}
