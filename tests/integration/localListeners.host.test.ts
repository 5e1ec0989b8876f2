// SEC-2 for the host's own listeners: the webhook receiver and the OAuth redirect listener answer only to loopback
// Host names at their port. Raw node:http requests carry forged Host headers, as a page using DNS rebinding would
// make a browser send; each is refused with 421 and a reason, recorded, and never processed. Good names pass.

import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookFrame } from '../../shared/wire/frame';
import { startLoopbackRedirect, type SeenRedirect } from '../../electron/host/oauth/loopbackRedirect';
import { PushTargets, type PushTarget } from '../../electron/host/push/pushTargets';
import { createWebhookReceiver, type WebhookReceiver } from '../../electron/host/push/webhookReceiver';

interface Answer {
  status: number;
  body: string;
}

/** One request with exactly this Host line; node:http sends what it is given. */
function send(url: string, method: string, headers: Record<string, string>, body = ''): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const FORGED = (port: number) => [
  ['a rebound name at the right port', `rebind.example:${port}`],
  ['a rebound name with no port', 'rebind.example'],
  ['localhost at another port', `localhost:${port + 1}`],
  ['a name ending like localhost', `evil-localhost:${port}`],
  ['a LAN address', `192.168.1.20:${port}`],
];

describe('the webhook receiver checks Host before anything else', () => {
  const frames: WebhookFrame[] = [];
  const targets = new PushTargets();
  let receiver: WebhookReceiver;
  let port: number;
  let target: PushTarget;
  let n = 0;
  beforeAll(async () => {
    receiver = createWebhookReceiver({
      targets,
      nextId: () => `f${++n}`,
      now: () => 0,
      publish: (frame) => frames.push(frame),
      knownTask: () => true,
      jwt: { check: () => Promise.reject(new Error('no JWT in this test')) },
    });
    const status = await receiver.listen();
    port = status.port!;
    target = targets.create({ agentId: 'a1', generation: '1.0', mode: 'token', baseUrl: status.baseUrl! });
  });
  afterAll(() => receiver.close());

  const delivery = () => ({ 'Content-Type': 'application/json', 'X-A2A-Notification-Token': target.token });

  it.each([0, 1, 2, 3, 4])(
    'refuses forged Host #%i with 421, records it and reads nothing',
    async (index) => {
      const [, host] = FORGED(port)[index]!;
      const before = frames.length;
      const answer = await send(
        `http://127.0.0.1:${port}/hooks/${target.id}`,
        'POST',
        { ...delivery(), Host: host! },
        '{}',
      );
      expect(answer.status).toBe(421);
      expect(answer.body).toMatch(/^Host not allowed: .*DNS rebinding/);
      expect(frames).toHaveLength(before + 1);
      const frame = frames.at(-1)!;
      expect(frame.verdict).toMatchObject({ accepted: false, status: 421 });
      expect(frame.verdict.reason).toMatch(/^Refused: Host not allowed/);
      expect(frame.request.body).toBeUndefined();
      expect(frame.a2a).toBeUndefined();
    },
  );

  it('never sees a request with no Host header (Node answers 400 itself), so nothing is processed', async () => {
    const before = frames.length;
    const answer = await send(`http://127.0.0.1:${port}/hooks/${target.id}`, 'POST', delivery(), '{}');
    expect(answer.status).toBe(400);
    expect(frames).toHaveLength(before);
  });

  it('refuses a validation challenge under a forged Host (it is not echoed)', async () => {
    const url = `http://127.0.0.1:${port}/hooks/${target.id}?validationToken=secret-echo`;
    const answer = await send(url, 'GET', { Host: `rebind.example:${port}` });
    expect(answer.status).toBe(421);
    expect(answer.body).not.toContain('secret-echo');
  });

  it.each(['127.0.0.1', 'localhost', '[::1]', 'LOCALHOST'])('lets %s at its port through', async (name) => {
    const url = `http://127.0.0.1:${port}/hooks/${target.id}`;
    const answer = await send(url, 'POST', { ...delivery(), Host: `${name}:${port}` }, '{"kind":"task"}');
    expect(answer.status).not.toBe(421);
    expect(frames.at(-1)!.verdict.reason).not.toMatch(/Host not allowed/);
    expect(frames.at(-1)!.request.body).toBeDefined();
  });
});

describe('the OAuth redirect listener checks Host before reading the code', () => {
  it('refuses forged Hosts with 421, records them, and still takes the real redirect', async () => {
    const refused: SeenRedirect[] = [];
    const redirect = await startLoopbackRedirect({
      state: 'st',
      timeoutMs: 60_000,
      onRefused: (seen) => refused.push(seen),
    });
    try {
      const port = Number(new URL(redirect.redirectUri).port);
      for (const [what, host] of FORGED(port)) {
        const answer = await send(`${redirect.redirectUri}?state=st&code=stolen`, 'GET', { Host: host! });
        expect(answer.status, what).toBe(421);
        expect(answer.body, what).toMatch(/^Host not allowed/);
      }
      expect(refused.map((seen) => seen.status)).toEqual([421, 421, 421, 421, 421]);
      const good = await send(`${redirect.redirectUri}?state=st&code=real`, 'GET', {
        Host: `localhost:${port}`,
      });
      expect(good.status).toBe(200);
      await expect(redirect.outcome).resolves.toEqual({ ok: true, code: 'real' });
    } finally {
      await redirect.close();
    }
  });

  it('takes a redirect under [::1] at its port', async () => {
    const redirect = await startLoopbackRedirect({ state: 's2', timeoutMs: 60_000 });
    try {
      const port = Number(new URL(redirect.redirectUri).port);
      const good = await send(`${redirect.redirectUri}?state=s2&code=c`, 'GET', { Host: `[::1]:${port}` });
      expect(good.status).toBe(200);
      await expect(redirect.outcome).resolves.toEqual({ ok: true, code: 'c' });
    } finally {
      await redirect.close();
    }
  });
});
