// Push configs routed through the receiver (PRX-1): the proxy's hook swaps a caller's webhook for a relay URL on the
// receiver, the real SDK agent delivers there, each delivery is recorded as a webhook frame and passed on to the
// caller's webhook with its exact bytes and token; answers that echo the config give the caller its own URL back.

import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { pushRouteHooks } from '../../electron/host/proxy/pushRouteHooks';
import type { JwtChecker } from '../../electron/host/push/jwtCheck';
import { PushRelays } from '../../electron/host/push/pushRelays';
import { PushTargets } from '../../electron/host/push/pushTargets';
import { createWebhookReceiver, type WebhookReceiver } from '../../electron/host/push/webhookReceiver';
import type { ProxiedRequest, ProxyAnswer } from '../../shared/proxy/proxyTypes';
import type { WebhookFrame } from '../../shared/wire/frame';
import { peers, type PeerHandle } from '../peers';
import { closedPort, startLocalServer, type LocalServer } from './support/localServer';

interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  method: string;
  url: string;
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

const unusedJwt: JwtChecker = {
  check: () => Promise.reject(new Error('relays do not check JWTs; the caller’s webhook does')),
};

async function receiverWithRelays(): Promise<{
  receiver: WebhookReceiver;
  relays: PushRelays;
  frames: WebhookFrame[];
  baseUrl: string;
  /** Resolves once this many frames are published (a delivery's frame comes after the webhook answered). */
  published: (count: number) => Promise<void>;
}> {
  const relays = new PushRelays();
  const frames: WebhookFrame[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const publish = (frame: WebhookFrame) => {
    frames.push(frame);
    for (const waiter of waiters.filter((w) => frames.length >= w.count)) waiter.resolve();
  };
  const published = (count: number) =>
    frames.length >= count
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ count, resolve }));
  let id = 0;
  const receiver = createWebhookReceiver({
    targets: new PushTargets(),
    relays,
    nextId: () => `w${id++}`,
    now: () => Date.now(),
    publish,
    knownTask: () => false,
    jwt: unusedJwt,
  });
  const status = await receiver.listen();
  closers.push(() => receiver.close());
  return { receiver, relays, frames, baseUrl: status.baseUrl!, published };
}

/** The caller's own webhook: keeps what it gets and says when a delivery contains `until`. */
async function callerWebhook(
  until: string,
  answer = 'thanks',
): Promise<{
  server: LocalServer;
  deliveries: Delivery[];
  reached: Promise<void>;
}> {
  const deliveries: Delivery[] = [];
  let done!: () => void;
  const reached = new Promise<void>((resolve) => (done = resolve));
  const server = await startLocalServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      deliveries.push({ headers: req.headers, body, method: req.method ?? '', url: req.url ?? '' });
      res.writeHead(200, { 'Content-Type': 'text/plain', 'X-Webhook': 'caller' });
      res.end(answer);
      if (body.toString('utf8').includes(until)) done();
    });
  });
  closers.push(() => server.close());
  return { server, deliveries, reached };
}

function proxied(body: unknown, path: string, generation: string): ProxiedRequest {
  return {
    proxyId: 'px',
    binding: 'JSONRPC',
    generation,
    method: 'POST',
    path,
    headers: [['Content-Type', 'application/json']],
    body: new TextEncoder().encode(JSON.stringify(body)),
  };
}

async function rpc(peer: PeerHandle, path: string, body: Uint8Array, version?: string): Promise<unknown> {
  const response = await fetch(`${peer.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(version ? { 'A2A-Version': version } : {}) },
    body,
  });
  return (await response.json()) as unknown;
}

async function textOf(answer: ProxyAnswer): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of answer.body) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

async function* once(text: string): AsyncIterable<Uint8Array> {
  yield new TextEncoder().encode(text);
}

const closed = { aborted: false, addEventListener: () => undefined };

describe('push configs routed through the receiver', () => {
  it('0.3 SDK agent: each delivery recorded and passed on with its token; the caller sees its own URL', async () => {
    const peer = await peers['v0.3']();
    closers.push(() => peer.close());
    const { relays, frames, baseUrl, published } = await receiverWithRelays();
    const webhook = await callerWebhook('"completed"');
    const hooks = pushRouteHooks({
      relays,
      receiverBaseUrl: () => baseUrl,
      agentId: 'upstream',
    });
    const ownUrl = `${webhook.server.url}/a2a/hook?tenant=t1`;
    const request = proxied(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'message/send',
        params: {
          message: {
            kind: 'message',
            messageId: 'm1',
            role: 'user',
            parts: [{ kind: 'text', text: 'hello' }],
          },
          configuration: { blocking: true, pushNotificationConfig: { url: ownUrl, token: 'caller-token' } },
        },
      },
      '/a2a/jsonrpc',
      '0.3',
    );
    const change = hooks.beforeForward!(request);
    expect(change?.rewritten).toBe('push-config');
    expect(change?.note).toBe(
      `Routed the push config for ${webhook.server.url} through Switchboard's receiver.`,
    );
    const sent = JSON.parse(new TextDecoder().decode(change!.body)) as {
      params: { configuration: { pushNotificationConfig: { url: string; token: string } } };
    };
    const relayUrl = sent.params.configuration.pushNotificationConfig.url;
    expect(relayUrl).toMatch(new RegExp(`^${baseUrl}/relay/[A-Za-z0-9_-]+$`));
    expect(sent.params.configuration.pushNotificationConfig.token).toBe('caller-token');

    await rpc(peer, '/a2a/jsonrpc', change!.body!);
    await webhook.reached;
    await published(webhook.deliveries.length);

    expect(webhook.deliveries.length).toBeGreaterThan(0);
    for (const delivery of webhook.deliveries) {
      expect(delivery.headers['x-a2a-notification-token']).toBe('caller-token');
      expect(delivery.url).toBe('/a2a/hook?tenant=t1');
    }
    const relayed = frames.filter((frame) => frame.relayedTo);
    expect(relayed.length).toBe(webhook.deliveries.length);
    // The bytes the agent sent are the bytes the caller's webhook got (deliveries may finish in any order).
    const got = webhook.deliveries.map((delivery) => delivery.body.toString('base64')).sort();
    expect(relayed.map((frame) => frame.request.body!.base64).sort()).toEqual(got);
    for (const frame of relayed) {
      expect(frame.relayedTo).toEqual({ url: `${webhook.server.url}/a2a/hook`, proxyId: 'px', status: 200 });
      expect(frame.verdict).toMatchObject({ accepted: true, status: 200 });
      expect(frame.response.body.text).toBe('thanks');
      expect(frame.response.headers).toContainEqual(['X-Webhook', 'caller']);
      expect(frame.a2a?.generation).toBe('0.3');
    }
    expect(relayed.map((frame) => frame.a2a?.state)).toContain('completed');

    // A get of the config echoes the relay URL: the caller is given its own.
    const get = proxied(
      { jsonrpc: '2.0', id: 2, method: 'tasks/pushNotificationConfig/get', params: { id: 't' } },
      '/a2a/jsonrpc',
      '0.3',
    );
    const echoed = JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      result: { pushNotificationConfig: { url: relayUrl } },
    });
    const answer: ProxyAnswer = {
      status: 200,
      statusText: 'OK',
      headers: [
        ['Content-Type', 'application/json'],
        ['Content-Length', String(echoed.length)],
      ],
      body: once(echoed),
    };
    const shaped = hooks.shapeAnswer!(get, answer, closed);
    expect(JSON.parse(await textOf(shaped))).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { pushNotificationConfig: { url: ownUrl } },
    });
    expect(shaped.headers.map(([name]) => name)).toEqual(['Content-Type']);
  });

  it('1.0 SDK agent: a created config is routed, and its deliveries reach the caller', async () => {
    const peer = await peers['v1.0']();
    closers.push(() => peer.close());
    const { relays, frames, baseUrl, published } = await receiverWithRelays();
    const webhook = await callerWebhook('TASK_STATE_COMPLETED');
    const hooks = pushRouteHooks({
      relays,
      receiverBaseUrl: () => baseUrl,
      agentId: 'upstream',
    });
    const request = proxied(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'SendMessage',
        params: {
          message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hello' }] },
          configuration: {
            taskPushNotificationConfig: { url: `${webhook.server.url}/hook`, token: 'tok-1' },
          },
        },
      },
      '/a2a/jsonrpc',
      '1.0',
    );
    const change = hooks.beforeForward!(request);
    await rpc(peer, '/a2a/jsonrpc', change!.body!, '1.0');
    await webhook.reached;
    await published(webhook.deliveries.length);
    const relayed = frames.filter((frame) => frame.relayedTo?.status === 200);
    expect(relayed.length).toBe(webhook.deliveries.length);
    expect(relayed.map((frame) => frame.a2a?.state)).toContain('completed');
    expect(webhook.deliveries.every((d) => d.headers['x-a2a-notification-token'] === 'tok-1')).toBe(true);
  });

  it('a caller webhook that cannot be reached gets the agent a 502 and the reason on the frame', async () => {
    const { relays, frames, baseUrl } = await receiverWithRelays();
    const port = await closedPort();
    const relay = relays.relayFor(
      { originalUrl: `http://127.0.0.1:${port}/hook`, proxyId: 'px', agentId: 'a', generation: '0.3' },
      baseUrl,
    );
    const response = await fetch(relay.url, { method: 'POST', body: '{"kind":"task"}' });
    expect(response.status).toBe(502);
    expect(await response.text()).toMatch(/^Switchboard could not pass the delivery on: /);
    expect(frames[0]).toMatchObject({
      verdict: { accepted: false, status: 502 },
      relayedTo: { url: `http://127.0.0.1:${port}/hook`, proxyId: 'px' },
    });
    expect(frames[0]?.relayedTo?.error).toContain('ECONNREFUSED');
  });

  it('a 0.1 validation challenge goes through with its query; a forgotten relay is an unknown path', async () => {
    const { relays, frames, baseUrl } = await receiverWithRelays();
    const webhook = await startLocalServer((req, res) => {
      res.end(new URL(req.url ?? '/', 'http://x').searchParams.get('validationToken') ?? '');
    });
    closers.push(() => webhook.close());
    const relay = relays.relayFor(
      { originalUrl: `${webhook.url}/hook?k=1`, proxyId: 'px', agentId: 'a', generation: '0.1' },
      baseUrl,
    );
    const challenge = await fetch(`${relay.url}?validationToken=abc`);
    expect(await challenge.text()).toBe('abc');
    relays.forgetProxy('px');
    expect((await fetch(relay.url, { method: 'POST', body: '{}' })).status).toBe(404);
    expect(frames.map((frame) => frame.verdict.status)).toEqual([200, 404]);
  });

  it('nothing is routed over gRPC, for non-http URLs, or when the receiver is not listening', () => {
    const relays = new PushRelays();
    const body = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tasks/pushNotificationConfig/set',
      params: { taskId: 't', pushNotificationConfig: { url: 'https://hooks.example.com/a2a' } },
    };
    const off = pushRouteHooks({ relays, receiverBaseUrl: () => undefined, agentId: 'a' });
    expect(off.beforeForward!(proxied(body, '/', '0.3'))).toEqual({
      note: 'Push config not routed: the webhook receiver is not listening.',
    });
    const on = pushRouteHooks({
      relays,
      receiverBaseUrl: () => 'http://127.0.0.1:1',
      agentId: 'a',
    });
    expect(on.beforeForward!({ ...proxied(body, '/', '0.3'), binding: 'GRPC' })).toBeUndefined();
    const mailto = {
      ...body,
      params: { taskId: 't', pushNotificationConfig: { url: 'mailto:me@example.com' } },
    };
    expect(on.beforeForward!(proxied(mailto, '/', '0.3'))).toBeUndefined();
    expect(relays.ofProxy('px')).toEqual([]);
  });
});
