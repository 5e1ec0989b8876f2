// Push configs routed through the receiver over gRPC (PRX-1): the official SDK 1.x gRPC client calls the SDK's own
// gRPC agent through the proxy's gRPC forwarder with the push route hook. The protobuf request goes upstream with the
// relay URL in place of the caller's webhook (re-encoded, new length prefix), the agent's deliveries reach the
// caller's webhook through the relay and are recorded as webhook frames with `relayedTo`, and create, get and list
// answers give the caller its own URL back. (The SDK agent's legacy-aware push sender writes these deliveries in
// its 0.3 shape, the call not having named A2A-Version; the frames record them as they came.)

import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskState, type AgentCard, type Task } from '@a2a-js/sdk';
import { GrpcTransportFactory } from '@a2a-js/sdk/client/grpc';
import { startGrpcForward, type GrpcForward } from '../../electron/host/proxy/grpcForward';
import { pushRouteHooks } from '../../electron/host/proxy/pushRouteHooks';
import type { JwtChecker } from '../../electron/host/push/jwtCheck';
import { PushRelays } from '../../electron/host/push/pushRelays';
import { PushTargets } from '../../electron/host/push/pushTargets';
import { createWebhookReceiver, type WebhookReceiver } from '../../electron/host/push/webhookReceiver';
import type { Frame, HttpFrame, WebhookFrame } from '../../shared/wire/frame';
import type { PeerHandle } from '../peers/types';
import { sendRequest, startGrpcSdkAgent } from './support/grpcSdkAgent';
import { startLocalServer, type LocalServer } from './support/localServer';

type Transport = Awaited<ReturnType<GrpcTransportFactory['create']>>;

interface Delivery {
  token: string | undefined;
  body: string;
  url: string;
}

/** Webhook frames and proxied frames as published, with a wait for a count of relayed deliveries. */
class Published {
  readonly frames: Frame[] = [];
  private waiters: Array<{ done: () => boolean; resolve: () => void }> = [];
  readonly publish = (frame: Frame): void => {
    this.frames.push(frame);
    this.waiters = this.waiters.filter((waiter) => (waiter.done() ? (waiter.resolve(), false) : true));
  };
  relayed(): WebhookFrame[] {
    return this.frames.filter((f): f is WebhookFrame => f.kind === 'webhook' && f.relayedTo !== undefined);
  }
  until(done: () => boolean): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ done, resolve }));
  }
  /** The final frame of the n-th call to a gRPC method. */
  call(method: string, n = 0): HttpFrame {
    const calls = this.frames.filter(
      (f): f is HttpFrame => f.kind === 'http' && f.state === 'done' && f.request.url.endsWith(`/${method}`),
    );
    return calls[n]!;
  }
}

const unusedJwt: JwtChecker = {
  check: () => Promise.reject(new Error('relays do not check JWTs; the caller’s webhook does')),
};

const published = new Published();
const deliveries: Delivery[] = [];
let peer: PeerHandle;
let card: AgentCard;
let receiver: WebhookReceiver;
let webhook: LocalServer;
let forward: GrpcForward;
let client: Transport;
let relayBase: string;

beforeAll(async () => {
  let grpcUrl: string;
  ({ peer, card, grpcUrl } = await startGrpcSdkAgent());
  const relays = new PushRelays();
  let id = 0;
  receiver = createWebhookReceiver({
    targets: new PushTargets(),
    relays,
    nextId: () => `w${id++}`,
    now: () => Date.now(),
    publish: published.publish,
    knownTask: () => false,
    jwt: unusedJwt,
  });
  relayBase = (await receiver.listen()).baseUrl!;
  webhook = await startLocalServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const token = req.headers['x-a2a-notification-token'];
      deliveries.push({
        token: Array.isArray(token) ? token[0] : token,
        body: Buffer.concat(chunks).toString('utf8'),
        url: req.url ?? '',
      });
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('thanks');
    });
  });
  forward = await startGrpcForward({
    upstream: grpcUrl,
    proxyId: 'pg',
    listenUrl: 'http://127.0.0.1:7000',
    publish: published.publish,
    generation: '1.0',
    hooks: pushRouteHooks({ relays, receiverBaseUrl: () => relayBase, agentId: 'upstream' }),
  });
  client = await new GrpcTransportFactory().create(`127.0.0.1:${forward.port}`, card);
});
afterAll(async () => {
  await forward?.close();
  await webhook?.close();
  await receiver?.close();
  await peer?.close();
});

const relayPattern = () => new RegExp(`^${relayBase}/relay/[A-Za-z0-9_-]+$`);
const sentUrl = (frame: HttpFrame, pointer: (json: Record<string, unknown>) => unknown) =>
  pointer(JSON.parse(frame.request.body!.text) as Record<string, unknown>);

describe('push configs over gRPC through the receiver', () => {
  it('a send’s config goes upstream as a relay URL; deliveries reach the caller’s webhook, recorded', async () => {
    const own = `${webhook.url}/send-hook?tenant=t1`;
    const task = (await client.sendMessage(
      sendRequest('hello push', { url: own, token: 'tok-send' }),
    )) as Task;
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);

    const sent = published.call('SendMessage');
    expect(sent.proxied).toMatchObject({ rewritten: 'push-config' });
    expect(sent.proxied?.notes).toEqual([
      `Routed the push config for ${webhook.url} through Switchboard's receiver.`,
    ]);
    const upstreamUrl = sentUrl(sent, (json) => {
      const configuration = json.configuration as { taskPushNotificationConfig: { url: string } };
      return configuration.taskPushNotificationConfig.url;
    });
    expect(upstreamUrl).toMatch(relayPattern());

    const mine = () => deliveries.filter((d) => d.url === '/send-hook?tenant=t1');
    await published.until(
      () =>
        mine().some((d) => /completed/i.test(d.body)) &&
        published.relayed().filter((f) => f.relayedTo?.url === `${webhook.url}/send-hook`).length ===
          mine().length,
    );
    expect(mine().every((d) => d.token === 'tok-send')).toBe(true);
    const frames = published.relayed().filter((f) => f.relayedTo?.url === `${webhook.url}/send-hook`);
    expect(frames.map((f) => f.request.body!.text).sort()).toEqual(
      mine()
        .map((d) => d.body)
        .sort(),
    );
    for (const frame of frames) {
      expect(frame.relayedTo).toEqual({ url: `${webhook.url}/send-hook`, proxyId: 'pg', status: 200 });
      expect(frame.verdict).toMatchObject({ accepted: true, status: 200 });
      expect(frame.request.body!.text).toContain(task.id);
    }
  });

  it('create, get and list answer with the caller’s own URL; a later delivery is relayed', async () => {
    const task = (await client.sendMessage(sendRequest('slow please', undefined, true))) as Task;
    const own = `${webhook.url}/config-hook`;
    const config = {
      tenant: '',
      id: 'cfg-1',
      taskId: task.id,
      url: own,
      token: 'tok-cfg',
      authentication: undefined,
    };
    const set = await client.createTaskPushNotificationConfig(config);
    expect(set).toMatchObject({ id: 'cfg-1', url: own, token: 'tok-cfg' });
    const got = await client.getTaskPushNotificationConfig({ tenant: '', taskId: task.id, id: 'cfg-1' });
    expect(got.url).toBe(own);
    const listed = await client.listTaskPushNotificationConfig({
      tenant: '',
      taskId: task.id,
      pageSize: 10,
      pageToken: '',
    });
    expect(listed.configs.map((c) => c.url)).toEqual([own]);

    // The agent holds the relay: what went upstream and what it answered, as the frames recorded them.
    const created = published.call('CreateTaskPushNotificationConfig');
    expect(sentUrl(created, (json) => json.url)).toMatch(relayPattern());
    expect(created.proxied?.rewritten).toBe('push-config');
    const relayUrl = sentUrl(created, (json) => json.url) as string;
    expect(JSON.parse(published.call('GetTaskPushNotificationConfig').response!.body.text)).toMatchObject({
      url: relayUrl,
    });

    const canceled = await client.cancelTask({ tenant: '', id: task.id, metadata: undefined });
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    const mine = () => deliveries.filter((d) => d.url === '/config-hook');
    await published.until(
      () =>
        mine().some((d) => /cancel/i.test(d.body)) &&
        published.relayed().filter((f) => f.relayedTo?.url === own).length === mine().length,
    );
    expect(mine().every((d) => d.token === 'tok-cfg')).toBe(true);
    const frames = published.relayed().filter((f) => f.relayedTo?.url === own);
    expect(frames.some((f) => f.request.body!.text.includes(task.id))).toBe(true);
    expect(frames.every((f) => f.relayedTo?.status === 200 && f.relayedTo.proxyId === 'pg')).toBe(true);
  });
});
