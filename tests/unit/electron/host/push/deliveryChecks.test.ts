// The webhook receiver's head checks as pure functions: browser requests, content types, the rate limit, and the
// two shared-secret paths (token header, bearer credentials), with the path that matched recorded.

import { describe, expect, it } from 'vitest';
import { checkHead, checkRate, checkSecrets } from '../../../../../electron/host/push/deliveryChecks';
import { PushTargets } from '../../../../../electron/host/push/pushTargets';

const targets = new PushTargets();
const tokenTarget = targets.create({
  agentId: 'a',
  generation: '1.0',
  mode: 'token',
  baseUrl: 'http://127.0.0.1:1',
});
const bearerTarget = targets.create({
  agentId: 'a',
  generation: '1.0',
  mode: 'bearer',
  baseUrl: 'http://127.0.0.1:1',
});

describe('checkHead', () => {
  it('lets an agent delivery through, including Node fetch with its Sec-Fetch-Mode', () => {
    expect(checkHead('POST', [['Content-Type', 'application/a2a+json; charset=utf-8']])).toBeUndefined();
    expect(
      checkHead('POST', [
        ['content-type', 'application/json'],
        ['sec-fetch-mode', 'cors'],
      ]),
    ).toBeUndefined();
  });

  it.each([
    ['PUT', [['Content-Type', 'application/json']], 405],
    [
      'POST',
      [
        ['Content-Type', 'application/json'],
        ['Origin', 'https://evil.example'],
      ],
      403,
    ],
    [
      'POST',
      [
        ['Content-Type', 'application/json'],
        ['Sec-Fetch-Dest', 'empty'],
      ],
      403,
    ],
    ['POST', [['Content-Type', 'text/plain']], 415],
    ['POST', [], 415],
  ] as const)('%s with %j → %i', (method, headers, status) => {
    expect(
      checkHead(
        method,
        headers.map(([n, v]) => [n, v]),
      )?.status,
    ).toBe(status);
  });
});

describe('checkSecrets', () => {
  it('takes the token header, and in bearer mode the Authorization credentials, recording which', () => {
    expect(checkSecrets(tokenTarget, [['X-A2A-Notification-Token', tokenTarget.token]])).toMatchObject({
      accepted: true,
      auth: 'token',
    });
    expect(checkSecrets(bearerTarget, [['Authorization', `Bearer ${bearerTarget.bearer}`]])).toMatchObject({
      accepted: true,
      auth: 'bearer',
    });
    expect(checkSecrets(bearerTarget, [['X-A2A-Notification-Token', bearerTarget.token]])).toMatchObject({
      accepted: true,
      auth: 'token',
    });
    expect(checkSecrets(bearerTarget, [['Authorization', 'Bearer guess']])).toEqual({
      accepted: false,
      status: 401,
      reason: 'Rejected: the Authorization header does not carry the credentials of this push config.',
    });
    // A bearer credential means nothing to a token-mode config.
    expect(checkSecrets(tokenTarget, [['Authorization', `Bearer ${tokenTarget.token}`]]).accepted).toBe(
      false,
    );
  });
});

describe('checkRate', () => {
  it('answers 429 past the per-minute limit, and starts over the next minute', () => {
    const target = targets.create({
      agentId: 'a',
      generation: '1.0',
      mode: 'token',
      baseUrl: 'http://127.0.0.1:1',
    });
    target.ratePerMinute = 3;
    for (let i = 0; i < 3; i++) expect(checkRate(target, 1_000)).toBeUndefined();
    expect(checkRate(target, 2_000)).toEqual({
      accepted: false,
      status: 429,
      reason: 'Rejected: more than 3 deliveries in a minute for this push config.',
    });
    expect(checkRate(target, 61_000)).toBeUndefined();
  });
});
