// The webhook receiver end to end: real SDK agents (1.3.0 and 0.3.14) deliver to it, every refusal is recorded with
// its reason, and the JWT mode refuses each forged or stale token with words a user can act on.

import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushTargetInfo } from '../../shared/host/push';
import type { WebhookFrame } from '../../shared/wire/frame';
import { TimelineModel } from '../../shared/timeline/timelineModel';
import { peers } from '../peers';
import type { PeerHandle } from '../peers/types';
import { expectStatus, recordingHost } from './support/recordingHost';

const recording = recordingHost();
const { host } = recording;
afterAll(() => host.close());

/** Resolves with the first webhook frame (newest first not needed) that matches, as it arrives: no polling. */
function nextWebhook(match: (frame: WebhookFrame) => boolean): Promise<WebhookFrame> {
  return new Promise((resolve) => {
    const stop = host.onEvent((event) => {
      if (event.type !== 'frames') return;
      for (const frame of event.frames) {
        if (frame.kind === 'webhook' && match(frame)) {
          stop();
          resolve(frame);
          return;
        }
      }
    });
  });
}

const webhooks = () => recording.frames().filter((f): f is WebhookFrame => f.kind === 'webhook');

/** A POST with exactly these header lines (node:http, so nothing is added or renamed on the way). */
function post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
    });
    req.on('error', reject);
    req.end(body);
  });
}

for (const name of ['v1.0', 'v0.3'] as const) {
  describe(`deliveries from the ${name} peer`, () => {
    let peer: PeerHandle;
    let agentId: string;
    let target: PushTargetInfo;
    beforeAll(async () => {
      peer = await peers[name]();
      const opened = await host.openAgent({ url: peer.baseUrl });
      if (!opened.ok) throw new Error(opened.message);
      agentId = opened.agent.id;
      target = await host.createPushTarget({ agentId, mode: 'token' });
    });
    afterAll(() => peer.close());

    it('arrive in order, accepted by token, decoded and merged into the task', async () => {
      expect(target.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks\/[A-Za-z0-9_-]+$/);
      const completed = nextWebhook((f) => f.targetId === target.id && f.a2a?.state === 'completed');
      const outcome = await host.runOperation({
        agentId,
        operation: 'send',
        input: {
          message: { parts: [{ kind: 'text', text: 'hello push' }] },
          blocking: false,
          pushNotification: { id: 'cfg', url: target.url, token: target.token },
        },
      });
      expectStatus(outcome, 'result');
      const last = await completed;
      await recording.flush();
      const mine = webhooks().filter((f) => f.targetId === target.id);
      expect(mine.length).toBeGreaterThanOrEqual(2);
      for (const frame of mine) {
        expect(frame.verdict).toMatchObject({ accepted: true, status: 200, auth: 'token' });
        expect(frame.a2a?.taskId).toBe(outcome.taskId);
        expect(frame.request.headers).toContainEqual(['X-A2A-Notification-Token', target.token]);
      }
      expect(last.a2a?.unknownTask).toBeUndefined();
      const timeline = new TimelineModel();
      timeline.ingest(recording.frames());
      const task = timeline.tasks.get(outcome.taskId!)!;
      expect(task.states.at(-1)?.state).toBe('completed');
      expect(timeline.entries.filter((e) => e.kind === 'push' && e.taskId === outcome.taskId).length).toBe(
        mine.length,
      );
    });
  });
}

describe('refusals are recorded with their reason', () => {
  let target: PushTargetInfo;
  let peer: PeerHandle;
  const body = JSON.stringify({
    statusUpdate: { taskId: 't-1', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } },
  });
  beforeAll(async () => {
    peer = await peers['v1.0']();
    const opened = await host.openAgent({ url: peer.baseUrl });
    if (!opened.ok) throw new Error(opened.message);
    target = await host.createPushTarget({ agentId: opened.agent.id, mode: 'token' });
  });
  afterAll(() => peer.close());

  const cases: Array<[string, () => Promise<{ status: number }>, number, string]> = [
    [
      'a wrong token',
      () =>
        post(target.url, body, { 'Content-Type': 'application/json', 'X-A2A-Notification-Token': 'nope' }),
      401,
      'Rejected: the X-A2A-Notification-Token does not match this push config.',
    ],
    [
      'no token',
      () => post(target.url, body, { 'Content-Type': 'application/json' }),
      401,
      'Rejected: no X-A2A-Notification-Token header (and no other credential).',
    ],
    [
      'a browser',
      () =>
        post(target.url, body, {
          'Content-Type': 'application/json',
          'X-A2A-Notification-Token': target.token,
          'Sec-Fetch-Site': 'cross-site',
        }),
      403,
      'Rejected: sent by a web browser (Sec-Fetch-Site header), not by an agent.',
    ],
    [
      'a body over 10 MiB',
      () =>
        post(target.url, 'x'.repeat(11 * 1024 * 1024), {
          'Content-Type': 'application/json',
          'X-A2A-Notification-Token': target.token,
        }).catch(() => ({ status: 413 })),
      413,
      'Rejected: the body passed the 10485760-byte cap.',
    ],
    [
      'a form body',
      () =>
        post(target.url, 'a=1', {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-A2A-Notification-Token': target.token,
        }),
      415,
      'Rejected: content type application/x-www-form-urlencoded; a delivery is application/json or application/a2a+json.',
    ],
    [
      'a path with no config',
      () => post(target.url.replace(/[^/]+$/, 'unknown'), body, { 'Content-Type': 'application/json' }),
      404,
      'Rejected: no push config has the path /hooks/unknown.',
    ],
  ];
  for (const [label, send, status, reason] of cases) {
    it(label, async () => {
      const recorded = nextWebhook((f) => f.verdict.reason === reason);
      expect((await send()).status).toBe(status);
      const frame = await recorded;
      expect(frame.verdict).toMatchObject({ accepted: false, status });
    });
  }

  it('a repeated body and an unknown task are accepted but flagged', async () => {
    const headers = { 'Content-Type': 'application/a2a+json', 'X-A2A-Notification-Token': target.token };
    const first = nextWebhook((f) => f.targetId === target.id && f.verdict.accepted);
    await post(target.url, body, headers);
    expect((await first).a2a).toMatchObject({ taskId: 't-1', unknownTask: true });
    const second = nextWebhook((f) => f.targetId === target.id && f.a2a?.duplicate === true);
    await post(target.url, body, headers);
    expect((await second).verdict.accepted).toBe(true);
  });
});

describe('JWT mode', () => {
  let jwksServer: Server;
  let jwksUrl: string;
  let attackerUrl: string;
  let target: PushTargetInfo;
  let peer: PeerHandle;
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  let attackerKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  const kid = 'agent-key-1';
  const body = JSON.stringify({
    statusUpdate: { taskId: 't-9', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } },
  });

  beforeAll(async () => {
    const agent = await generateKeyPair('RS256', { extractable: true });
    const attacker = await generateKeyPair('RS256', { extractable: true });
    privateKey = agent.privateKey;
    attackerKey = attacker.privateKey;
    const publicJwk: JWK = { ...(await exportJWK(agent.publicKey)), kid, alg: 'RS256', use: 'sig' };
    const attackerJwk: JWK = { ...(await exportJWK(attacker.publicKey)), kid: 'attacker', alg: 'RS256' };
    jwksServer = createServer((req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ keys: [req.url === '/attacker.json' ? attackerJwk : publicJwk] }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const port = (jwksServer.address() as AddressInfo).port;
    jwksUrl = `http://127.0.0.1:${port}/jwks.json`;
    attackerUrl = `http://127.0.0.1:${port}/attacker.json`;
    peer = await peers['v1.0']();
    const opened = await host.openAgent({ url: peer.baseUrl });
    if (!opened.ok) throw new Error(opened.message);
    target = await host.createPushTarget({ agentId: opened.agent.id, mode: 'jwt', jwksUrl });
  });
  afterAll(async () => {
    await peer.close();
    await new Promise((resolve) => jwksServer.close(resolve));
  });

  const sign = (claims: Record<string, unknown>, header: Record<string, unknown> = {}, key = privateKey) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, ...header }).sign(key);
  const now = () => Math.floor(Date.now() / 1000);
  const deliver = async (token: string) => {
    const recorded = nextWebhook(
      (f) => f.targetId === target.id && f.request.headers.some(([, v]) => v === `Bearer ${token}`),
    );
    await post(target.url, body, { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` });
    return (await recorded).verdict;
  };
  const unsigned = (header: object, claims: object) =>
    `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

  it('accepts a valid token, and the JWKS fetch is a frame', async () => {
    const verdict = await deliver(
      await sign({ iat: now(), exp: now() + 60, jti: randomUUID(), taskId: 't-9' }),
    );
    expect(verdict).toEqual({
      accepted: true,
      status: 200,
      reason: 'Accepted: JWT verified against the JWKS.',
      auth: 'jwt',
    });
    await recording.flush();
    expect(
      recording
        .frames()
        .some((f) => f.kind === 'http' && f.source === 'push:jwks' && f.request.url === jwksUrl),
    ).toBe(true);
  });

  it.each([
    [
      'alg none',
      async () => unsigned({ alg: 'none', kid }, { iat: now() }),
      'Rejected: the JWT is signed with none, which is not allowed (allowed: RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA, Ed25519).',
    ],
    [
      'HS256 keyed with the public key',
      async () => {
        const jwk = JSON.parse(JSON.stringify(await exportJWK(privateKey))) as JWK;
        const secret = new TextEncoder().encode(JSON.stringify({ n: jwk.n, e: jwk.e }));
        return new SignJWT({ iat: now() }).setProtectedHeader({ alg: 'HS256', kid }).sign(secret);
      },
      'Rejected: the JWT is signed with HS256, which is not allowed (allowed: RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA, Ed25519).',
    ],
    [
      'an expired token',
      async () => sign({ iat: now() - 600, exp: now() - 120 }),
      'Rejected: the JWT has expired.',
    ],
    [
      'a token not valid yet',
      async () => sign({ iat: now(), nbf: now() + 600 }),
      'Rejected: the JWT is not valid yet (nbf is in the future).',
    ],
    [
      'an unknown kid',
      async () => sign({ iat: now() }, { kid: 'who' }),
      `Rejected: no key with kid "who" in the JWKS at JWKS_URL.`,
    ],
    [
      'a jku pointing elsewhere',
      async () => sign({ iat: now() }, { kid: 'attacker', jku: 'ATTACKER_URL' }, attackerKey),
      `Rejected: no key with kid "attacker" in the JWKS at JWKS_URL.`,
    ],
    [
      'the wrong task',
      async () => sign({ iat: now(), taskId: 'other-task' }),
      'Rejected: the token is for task other-task, the body is about t-9.',
    ],
  ])('refuses %s', async (_label, make, reason) => {
    const token = (await make()).replace('ATTACKER_URL', attackerUrl);
    const verdict = await deliver(token);
    expect(verdict).toMatchObject({
      accepted: false,
      status: 401,
      reason: reason.replace('JWKS_URL', jwksUrl),
    });
  });

  it('fetches the JWKS again for an unknown kid at most once per cooldown', async () => {
    await recording.flush();
    const fetches = () =>
      recording.frames().filter((f) => f.kind === 'http' && f.source === 'push:jwks').length;
    const before = fetches();
    for (let i = 0; i < 3; i++)
      expect((await deliver(await sign({ iat: now() }, { kid: `unknown-${i}` }))).accepted).toBe(false);
    await recording.flush();
    expect(fetches()).toBe(before);
  });

  it('defaults the JWKS URL to the agent origin', async () => {
    const opened = await host.openAgent({ url: peer.baseUrl });
    if (!opened.ok) throw new Error(opened.message);
    const jwtTarget = await host.createPushTarget({ agentId: opened.agent.id, mode: 'jwt' });
    expect(jwtTarget.jwksUrl).toBe(`${peer.baseUrl}/.well-known/jwks.json`);
  });

  it('refuses a replayed jti', async () => {
    const token = await sign({ iat: now(), exp: now() + 60, jti: 'once-only' });
    expect((await deliver(token)).accepted).toBe(true);
    const again = nextWebhook((f) => f.targetId === target.id && f.verdict.reason.includes('once-only'));
    await post(target.url, body, { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` });
    expect((await again).verdict.reason).toBe(
      'Rejected: the token\'s jti "once-only" was used before (a replay).',
    );
  });
});

describe('reachability', () => {
  it('listens on loopback by default and warns when moved to another interface', async () => {
    expect(await host.webhookStatus()).toMatchObject({ listening: true, host: '127.0.0.1' });
    const moved = await host.setWebhookListener({ host: '0.0.0.0' });
    expect(moved.warning).toBe(
      'Listening on 0.0.0.0: anything that can reach this machine on that interface can post to it.',
    );
    const back = await host.setWebhookListener({ host: '127.0.0.1' });
    expect(back.warning).toBeUndefined();
    for (const target of await host.listPushTargets({}))
      expect(target.url.startsWith(back.baseUrl!)).toBe(true);
  });
});
