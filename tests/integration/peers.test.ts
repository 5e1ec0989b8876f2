// The test peers themselves, driven over plain HTTP through the host's fetchRaw: each starts on port 0, serves its
// card, runs the shared behaviour (echo, streaming, input-required, cancel, direct message) on every binding it speaks,
// delivers push notifications where its SDK can, and frees its port on close.

import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import type { RawRequest } from '../../shared/host/hostApi';
import type { HttpFrame } from '../../shared/wire/frame';
import { INPUT_QUESTION, echoText } from '../peers/behaviour';
import { peers, type PeerHandle, type PeerName } from '../peers/index';
import { startWebhookReceiver, type PushDelivery, type WebhookReceiver } from '../peers/webhookReceiver';
import {
  cardRequest,
  dialect01,
  dialect03Rest,
  dialect10JsonRpc,
  dialect10Rest,
  dialectKindJsonRpc,
  isRecord,
  lastStreamState,
  normalizeState,
  readOutcome,
  readStream,
  responseJson,
  type Dialect,
  type Outcome,
  type TaskSummary,
} from '../peers/wireClient';

const SOURCE = 'peers-test';
const host = createHost({ edition: 'test', appVersion: '0.0.0-test' });

async function fetchRaw(request: RawRequest): Promise<HttpFrame> {
  const frame = await host.fetchRaw(request);
  expect(frame.error, `${request.method} ${request.url}`).toBeUndefined();
  return frame;
}

function asTask(outcome: Outcome): TaskSummary {
  if (outcome.kind !== 'task') throw new Error(`expected a task, got ${JSON.stringify(outcome)}`);
  return outcome;
}

interface Lane {
  label: string;
  make: (baseUrl: string) => Dialect;
  /** What a push delivery registered over this lane looks like, or undefined where nothing is delivered. */
  push?: (delivery: PushDelivery, token: string) => void;
}

const header = (delivery: PushDelivery, name: string) =>
  delivery.headers.find(([key]) => key.toLowerCase() === name)?.[1];

// ≤0.3 SDKs post the whole Task (with `kind`) and name the token in X-A2A-Notification-Token
// (docs/protocol.md#what-the-agent-sends).
const kindTaskPush = (delivery: PushDelivery, token: string) => {
  expect(header(delivery, 'content-type')).toBe('application/json');
  expect(header(delivery, 'x-a2a-notification-token')).toBe(token);
  expect(JSON.parse(delivery.body.text)).toMatchObject({ kind: 'task' });
};
// 1.0 posts one StreamResponse per event as application/a2a+json.
const streamResponsePush = (delivery: PushDelivery, token: string) => {
  expect(header(delivery, 'content-type')).toBe('application/a2a+json');
  expect(header(delivery, 'x-a2a-notification-token')).toBe(token);
  expect(Object.keys(JSON.parse(delivery.body.text) as object)).toHaveLength(1);
};

const v1Lanes: Lane[] = [
  {
    label: '1.0 JSON-RPC',
    make: (b) => dialect10JsonRpc(`${b}/a2a/jsonrpc`, SOURCE),
    push: streamResponsePush,
  },
  { label: '1.0 HTTP+JSON', make: (b) => dialect10Rest(`${b}/a2a/rest`, SOURCE), push: streamResponsePush },
];

const cases: Array<{ name: PeerName; lanes: Lane[]; checkCard: (card: Record<string, unknown>) => void }> = [
  {
    name: 'v0.1',
    lanes: [
      {
        label: '0.1 JSON-RPC',
        make: (b) => dialect01(`${b}/a2a`, SOURCE),
        // The 0.1 samples' push: full Task, signed JWT in Authorization.
        push: (delivery) => {
          expect(header(delivery, 'authorization')).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
          expect(JSON.parse(delivery.body.text)).toHaveProperty('sessionId');
        },
      },
    ],
    checkCard: (card) => {
      expect(card.url).toMatch(/\/a2a$/);
      expect(card.authentication).toEqual({ schemes: [] });
      expect(card).not.toHaveProperty('protocolVersion');
    },
  },
  {
    name: 'v0.2',
    lanes: [{ label: '0.2 JSON-RPC', make: (b) => dialectKindJsonRpc('0.2', `${b}/`, SOURCE) }],
    checkCard: (card) => expect(card.protocolVersion).toBe('0.2.5'),
  },
  {
    name: 'v0.3',
    lanes: [
      {
        label: '0.3 JSON-RPC',
        make: (b) => dialectKindJsonRpc('0.3', `${b}/a2a/jsonrpc`, SOURCE),
        push: kindTaskPush,
      },
      {
        label: '0.3 HTTP+JSON',
        make: (b) => dialect03Rest(`${b}/a2a/rest`, SOURCE, 'whole-request'),
        push: kindTaskPush,
      },
    ],
    checkCard: (card) => {
      expect(card).toMatchObject({ protocolVersion: '0.3.0', preferredTransport: 'JSONRPC' });
      expect(card.additionalInterfaces).toEqual([
        { url: expect.stringMatching(/\/a2a\/jsonrpc$/), transport: 'JSONRPC' },
        { url: expect.stringMatching(/\/a2a\/rest$/), transport: 'HTTP+JSON' },
      ]);
    },
  },
  {
    name: 'v1.0',
    lanes: v1Lanes,
    checkCard: (card) => {
      expect(card.supportedInterfaces).toEqual([
        expect.objectContaining({ protocolBinding: 'JSONRPC', protocolVersion: '1.0' }),
        expect.objectContaining({ protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' }),
      ]);
      expect(card).toMatchObject({ capabilities: { pushNotifications: true, extendedAgentCard: true } });
    },
  },
  {
    name: 'v1.0-compat',
    lanes: [
      ...v1Lanes,
      {
        label: '0.3 JSON-RPC (compat)',
        make: (b) => dialectKindJsonRpc('0.3', `${b}/a2a/jsonrpc`, SOURCE),
        push: kindTaskPush,
      },
      {
        label: '0.3 HTTP+JSON (compat)',
        make: (b) => dialect03Rest(`${b}/a2a/rest`, SOURCE),
        push: kindTaskPush,
      },
    ],
    checkCard: (card) => {
      const versions = (card.supportedInterfaces as Array<{ protocolVersion: string }>).map(
        (i) => i.protocolVersion,
      );
      expect(versions).toEqual(['1.0', '1.0', '0.3', '0.3']);
    },
  },
];

let hooks: WebhookReceiver;
beforeAll(async () => {
  // The 0.3 and 1.x SDKs console.info every push delivery; warnings and errors stay visible.
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  hooks = await startWebhookReceiver();
});
afterAll(async () => {
  await hooks.close();
  // The console.info spy stays: SDK deliveries are fire-and-forget and may log after this; Vitest isolates files.
});

describe.each(cases)('the $name peer', ({ name, lanes, checkCard }) => {
  let peer: PeerHandle;

  beforeAll(async () => {
    peer = await peers[name]({ port: 0 });
  });
  afterAll(async () => {
    await peer.close();
  });

  it('listens on 127.0.0.1 and serves its card at the well-known path', async () => {
    expect(peer.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const frame = await fetchRaw(
      cardRequest(peer.cardUrl, SOURCE, peer.generation === '1.0' ? '1.0' : undefined),
    );
    expect(frame.response?.status).toBe(200);
    expect(frame.response?.headers).toContainEqual([
      'Content-Type',
      expect.stringMatching(/^application\/json/),
    ]);
    const card = responseJson(frame);
    if (!isRecord(card)) throw new Error('the card is not a JSON object');
    expect(card.name).toMatch(/^Switchboard test peer/);
    expect(card).toMatchObject({ capabilities: { streaming: true } });
    checkCard(card);
  });

  if (name === 'v1.0-compat') {
    it('answers a card request without A2A-Version with the 0.3-shaped superset card', async () => {
      const frame = await fetchRaw(cardRequest(peer.cardUrl, SOURCE));
      expect(responseJson(frame)).toMatchObject({
        protocolVersion: '0.3',
        preferredTransport: 'JSONRPC',
        supportedInterfaces: expect.any(Array),
      });
      expect(frame.response?.headers).toContainEqual(['Vary', 'A2A-Version']);
    });
  }

  describe.each(lanes)('over $label', ({ make, push }) => {
    let d: Dialect;
    beforeAll(() => {
      d = make(peer.baseUrl);
    });

    it('completes a blocking send with the echo artifact', async () => {
      const task = asTask(readOutcome(await fetchRaw(d.send({ text: 'hello peers', blocking: true }))));
      expect(task.state).toBe('completed');
      expect(task.artifactText).toBe(echoText('hello peers'));
    });

    it('describes and echoes attachments in the artifact', async () => {
      const frame = await fetchRaw(d.send({ text: 'with files', attachments: true, blocking: true }));
      expect(asTask(readOutcome(frame)).state).toBe('completed');
      expect(frame.response?.body.text).toContain('"received"');
      expect(frame.response?.body.text).toContain(Buffer.from('hello from a file').toString('base64'));
    });

    it('streams a send over SSE, the artifact in chunks, to a terminal state', async () => {
      const frame = await fetchRaw(d.stream({ text: 'stream it' }));
      expect(frame.response?.headers).toContainEqual(['Content-Type', 'text/event-stream']);
      const items = readStream(frame);
      const chunks = items.filter((item) => item.type === 'artifact');
      expect(chunks.length).toBeGreaterThanOrEqual(2);
      expect(chunks.map((chunk) => chunk.text).join('')).toBe(echoText('stream it'));
      expect(lastStreamState(items)).toBe('completed');
      if (d.generation !== '1.0') expect(items.at(-1)).toMatchObject({ type: 'status', final: true });
    });

    it('asks for input and completes on the follow-up in the same task', async () => {
      const first = asTask(readOutcome(await fetchRaw(d.send({ text: 'need input', blocking: true }))));
      expect(first.state).toBe('input-required');
      expect(first.statusText).toBe(INPUT_QUESTION);
      const follow = d.send({ text: 'blue', taskId: first.id, contextId: first.contextId, blocking: true });
      const second = asTask(readOutcome(await fetchRaw(follow)));
      expect(second).toMatchObject({ id: first.id, state: 'completed', artifactText: 'Noted: blue' });
    });

    it('fails on "fail" with an agent message', async () => {
      const task = asTask(readOutcome(await fetchRaw(d.send({ text: 'please fail', blocking: true }))));
      expect(task.state).toBe('failed');
      expect(task.statusText).toContain('fail');
    });

    it('cancels a slow task', async () => {
      let taskId: string;
      let stream: Promise<HttpFrame> | undefined;
      if (d.generation === '0.1') {
        // 0.1 sends always wait, so the slow task runs on a stream that the cancel ends.
        taskId = `task-${randomUUID()}`;
        const opened = peer.nextStreamOpened();
        stream = fetchRaw(d.stream({ text: 'slow please', taskId }));
        await opened;
      } else {
        const started = asTask(readOutcome(await fetchRaw(d.send({ text: 'slow please', blocking: false }))));
        expect(['submitted', 'working']).toContain(started.state);
        taskId = started.id;
      }
      const canceled = asTask(readOutcome(await fetchRaw(d.cancel(taskId))));
      expect(canceled.state).toBe('canceled');
      if (stream) expect(lastStreamState(readStream(await stream))).toBe('canceled');
      expect(asTask(readOutcome(await fetchRaw(d.getTask(taskId)))).state).toBe('canceled');
    });

    // 0.1 has no direct-message answer; its peer echoes instead.
    if (name !== 'v0.1') {
      it('answers "message" with a direct message and no task', async () => {
        const outcome = readOutcome(await fetchRaw(d.send({ text: 'message me', blocking: true })));
        expect(outcome).toEqual({ kind: 'message', text: 'Direct reply: message me' });
      });
    }

    if (push) {
      it('delivers push notifications to a local receiver', async () => {
        const path = `/test/${name}/${randomUUID()}`;
        const token = `token-${randomUUID()}`;
        const target = { url: hooks.urlFor(path), token, id: 'cfg-test' };
        const task = asTask(
          readOutcome(await fetchRaw(d.send({ text: 'notify me', blocking: true, push: target }))),
        );
        expect(task.state).toBe('completed');
        const delivery = await hooks.waitFor((item) => item.path === path && item.method === 'POST');
        push(delivery, token);
        const terminal = await hooks.waitFor(
          (item) => item.path === path && deliveredState(item) === 'completed',
        );
        expect(terminal.method).toBe('POST');
      });
    }
  });

  if (name === 'v0.2') {
    it('stores a push config (set/get) although 0.2.5 never delivers it', async () => {
      const d = dialectKindJsonRpc('0.2', `${peer.baseUrl}/`, SOURCE);
      const task = asTask(readOutcome(await fetchRaw(d.send({ text: 'need input', blocking: true }))));
      const target = { url: hooks.urlFor('/test/v0.2'), token: 't', id: 'cfg' };
      expect(responseJson(await fetchRaw(d.pushSet(task.id, target)))).toMatchObject({
        result: { taskId: task.id, pushNotificationConfig: { url: target.url } },
      });
      expect(responseJson(await fetchRaw(d.pushGet(task.id, 'cfg')))).toMatchObject({
        result: { pushNotificationConfig: { url: target.url } },
      });
    });
  }

  it('closes so that its port is free again', async () => {
    const port = Number(new URL(peer.baseUrl).port);
    await peer.close();
    const probe = createServer();
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(port, '127.0.0.1', resolve);
    });
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });
});

function deliveredState(delivery: PushDelivery): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(delivery.body.text);
  } catch {
    return undefined;
  }
  if (!isRecord(body)) return undefined;
  const holder = isRecord(body.statusUpdate) ? body.statusUpdate : isRecord(body.task) ? body.task : body;
  return isRecord(holder.status) ? normalizeState(holder.status.state) : undefined;
}
