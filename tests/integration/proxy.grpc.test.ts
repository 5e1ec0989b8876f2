// The proxy's gRPC forwarding (PRX-1) with the official SDK 1.3.0 gRPC client (and the 0.3 one) calling the SDK's own
// gRPC agent through it: every operation works unchanged, the DATA and trailers the client receives equal what the
// agent sent (a tap on each side), a stream arrives message by message, every call is recorded as frames tagged
// `proxied`, a hook's trailers-only answer reaches the client as its gRPC status, and the listener is loopback only.

import { randomUUID } from 'node:crypto';
import http2 from 'node:http2';
import net from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskState, type AgentCard, type StreamResponse, type Task } from '@a2a-js/sdk';
import { GrpcTransportFactory } from '@a2a-js/sdk/client/grpc';
import { GrpcTransportFactory as LegacyGrpcTransportFactory } from 'a2a-sdk-v03/client/grpc';
import type { ProxyHooks } from '../../shared/proxy/proxyTypes';
import { redactFrames } from '../../shared/session/redact';
import { TimelineModel } from '../../shared/timeline/timelineModel';
import type { Frame, HttpFrame, SseFrame } from '../../shared/wire/frame';
import { startGrpcForward, type GrpcForward } from '../../electron/host/proxy/grpcForward';
import type { PeerHandle } from '../peers/types';
import { sendRequest, startGrpcSdkAgent } from './support/grpcSdkAgent';
import { received, startH2Tap, type H2Tap } from './support/h2Tap';

type Transport = Awaited<ReturnType<GrpcTransportFactory['create']>>;

/** Frames as the forwarder publishes them, with a wait for the one a test needs. */
class FrameLog {
  readonly all: Frame[] = [];
  private waiters: Array<{ test: (frame: Frame) => boolean; resolve: (frame: Frame) => void }> = [];

  readonly publish = (frame: Frame): void => {
    this.all.push(frame);
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.test(frame)) return true;
      waiter.resolve(frame);
      return false;
    });
  };

  /** The first frame, published or to come, that passes the test. */
  first(test: (frame: Frame) => boolean): Promise<Frame> {
    const found = this.all.find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  /** The final revision of the n-th call (from 0) to this gRPC method. */
  done(method: string, skip = 0): Promise<HttpFrame> {
    const test = (frame: Frame) =>
      frame.kind === 'http' && frame.state === 'done' && frame.request.url.endsWith(`/${method}`);
    const found = this.all.filter(test);
    if (found.length > skip) return Promise.resolve(found[skip] as HttpFrame);
    let seen = found.length;
    return new Promise((resolve) =>
      this.waiters.push({
        test: (frame) => test(frame) && seen++ === skip,
        resolve: (frame) => resolve(frame as HttpFrame),
      }),
    );
  }

  events(exchangeId: string): SseFrame[] {
    return this.all.filter((f): f is SseFrame => f.kind === 'sse' && f.exchangeId === exchangeId);
  }
}

const log = new FrameLog();
let peer: PeerHandle;
let card: AgentCard;
let agentTap: H2Tap;
let forward: GrpcForward;
let clientTap: H2Tap;
let client: Transport;

beforeAll(async () => {
  let grpcUrl: string;
  ({ peer, card, grpcUrl } = await startGrpcSdkAgent());
  agentTap = await startH2Tap(`http://${grpcUrl}`);
  forward = await startGrpcForward({
    upstream: `127.0.0.1:${agentTap.port}`,
    proxyId: 'proxy-grpc',
    listenUrl: 'http://127.0.0.1:7000',
    publish: log.publish,
    generation: '1.0',
  });
  clientTap = await startH2Tap(`http://127.0.0.1:${forward.port}`);
  client = await new GrpcTransportFactory().create(`127.0.0.1:${clientTap.port}`, card);
});
afterAll(async () => {
  await clientTap?.close();
  await forward?.close();
  await agentTap?.close();
  await peer?.close();
});

function text(task: Task): string {
  return task.artifacts
    .flatMap((artifact) => artifact.parts)
    .map((part) => (part.content?.$case === 'text' ? part.content.value : ''))
    .join('');
}

/** The n-th call to a method, as the client received it and as the agent sent it, once both are over. */
async function expectSameBytes(method: string, n = 0): Promise<void> {
  const pick = (tap: H2Tap) => tap.calls.filter((call) => call.path.endsWith(`/${method}`))[n]!;
  const [atClient, atAgent] = [pick(clientTap), pick(agentTap)];
  await Promise.all([atClient.done, atAgent.done]);
  expect(atAgent.chunks.length).toBeGreaterThan(0);
  expect(received(atClient)).toEqual(received(atAgent));
}

function header(frame: HttpFrame, name: string): string | undefined {
  return frame.response?.headers.find(([key]) => key === name)?.[1];
}

describe('the official SDK 1.0 gRPC client through the proxy', () => {
  it('sends a message; the client gets the agent bytes; the call is a proxied frame', async () => {
    const task = (await client.sendMessage(sendRequest('hello proxy'))) as Task;
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(text(task)).toBe('Echo: hello proxy');
    await expectSameBytes('SendMessage');

    const frame = await log.done('SendMessage');
    expect(frame.request.url).toBe(`http://127.0.0.1:${agentTap.port}/lf.a2a.v1.A2AService/SendMessage`);
    expect(frame.proxied).toMatchObject({
      proxyId: 'proxy-grpc',
      listenUrl: 'http://127.0.0.1:7000',
      upstream: `http://127.0.0.1:${agentTap.port}`,
      binding: 'GRPC',
      client: { address: '127.0.0.1', userAgent: expect.stringMatching(/grpc-node-js/) },
    });
    expect(frame.a2a).toMatchObject({
      agentId: 'proxy-grpc',
      operation: 'send',
      generation: '1.0',
      binding: 'GRPC',
      outcome: 'result',
      taskId: task.id,
    });
    expect(JSON.parse(frame.request.body!.text)).toMatchObject({
      message: { parts: [{ text: 'hello proxy' }] },
    });
    expect(JSON.parse(frame.response!.body.text)).toMatchObject({ task: { id: task.id } });
    expect(header(frame, 'grpc-status')).toBe('0');
    expect(frame.request.headers.some(([name]) => name === 'te')).toBe(true);
  });

  it('streams message by message: the first arrives before the agent has sent the next', async () => {
    const stream = client.sendMessageStream(sendRequest('slow please'));
    const first = await stream.next();
    const task = (first.value as StreamResponse).payload;
    expect(task?.$case).toBe('task');
    const taskId = task?.$case === 'task' ? task.value.id : '';
    // The slow task works until canceled: nothing more is sent before the cancel below, so what came through
    // came before the agent sent the rest.
    let next = await stream.next();
    while (!next.done) {
      const payload = (next.value as StreamResponse).payload;
      if (payload?.$case === 'statusUpdate' && payload.value.status?.state === TaskState.TASK_STATE_WORKING)
        break;
      next = await stream.next();
    }
    expect(next.done).toBe(false);

    const subscription = client.resubscribeTask({ tenant: '', id: taskId });
    const snapshot = await subscription.next();
    expect((snapshot.value as StreamResponse).payload?.$case).toBe('task');

    const canceled = await client.cancelTask({ tenant: '', id: taskId, metadata: undefined });
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    const last = async (events: AsyncGenerator<StreamResponse>) => {
      let state: TaskState | undefined;
      for await (const event of events)
        if (event.payload?.$case === 'statusUpdate') state = event.payload.value.status?.state;
      return state;
    };
    expect(await last(stream)).toBe(TaskState.TASK_STATE_CANCELED);
    expect(await last(subscription)).toBe(TaskState.TASK_STATE_CANCELED);
    await expectSameBytes('SendStreamingMessage');
    await expectSameBytes('SubscribeToTask');
    await expectSameBytes('CancelTask');

    const frame = await log.done('SendStreamingMessage');
    expect(frame.a2a).toMatchObject({ operation: 'stream', outcome: 'stream', generation: '1.0' });
    expect(frame.stream).toMatchObject({ ended: 'complete' });
    const events = log.events(frame.id);
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(events.every((event) => event.proxied?.proxyId === 'proxy-grpc')).toBe(true);
    expect(events[0]!.a2a).toMatchObject({ item: 'task', taskId });
    expect(events.at(-1)!.a2a).toMatchObject({ state: 'canceled' });
    // The proxied frames feed the timeline as the host's own do: the task and its states are there.
    const timeline = new TimelineModel();
    timeline.ingest(log.all.filter((f) => f.kind === 'sse' || f.id === frame.id));
    const view = timeline.taskList().find((t) => t.id === taskId);
    expect(view?.states.map((s) => s.state).at(-1)).toBe('canceled');
    const subscribed = await log.done('SubscribeToTask');
    expect(subscribed.a2a).toMatchObject({ operation: 'subscribe', taskId });
    expect((await log.done('CancelTask')).a2a).toMatchObject({
      operation: 'cancel',
      outcome: 'result',
      taskId,
    });
  });

  it('gets and lists tasks', async () => {
    const sent = (await client.sendMessage(sendRequest('to be read'))) as Task;
    const got = await client.getTask({ tenant: '', id: sent.id, historyLength: 1 });
    expect(got.id).toBe(sent.id);
    const listed = await client.listTasks({
      tenant: '',
      contextId: '',
      status: TaskState.TASK_STATE_UNSPECIFIED,
      pageSize: 2,
      pageToken: '',
      statusTimestampAfter: undefined,
    });
    expect(listed.tasks.length).toBeGreaterThan(0);
    await expectSameBytes('GetTask');
    await expectSameBytes('ListTasks');
    expect((await log.done('GetTask')).a2a).toMatchObject({
      operation: 'get',
      taskId: sent.id,
      outcome: 'result',
    });
    expect((await log.done('ListTasks')).a2a).toMatchObject({ operation: 'list', outcome: 'result' });
  });

  it('sets, gets, lists and deletes a push config', async () => {
    const task = (await client.sendMessage(sendRequest('slow please', undefined, true))) as Task;
    const config = {
      tenant: '',
      id: 'cfg-1',
      taskId: task.id,
      url: 'http://127.0.0.1:9/hooks/x',
      token: 'push-token-1',
      authentication: undefined,
    };
    const set = await client.createTaskPushNotificationConfig(config);
    expect(set.url).toBe(config.url);
    const got = await client.getTaskPushNotificationConfig({ tenant: '', taskId: task.id, id: 'cfg-1' });
    expect(got.id).toBe('cfg-1');
    const listed = await client.listTaskPushNotificationConfig({
      tenant: '',
      taskId: task.id,
      pageSize: 10,
      pageToken: '',
    });
    expect(listed.configs.map((c) => c.id)).toEqual(['cfg-1']);
    await client.deleteTaskPushNotificationConfig({ tenant: '', taskId: task.id, id: 'cfg-1' });
    await client.cancelTask({ tenant: '', id: task.id, metadata: undefined });
    for (const method of [
      'CreateTaskPushNotificationConfig',
      'GetTaskPushNotificationConfig',
      'ListTaskPushNotificationConfigs',
      'DeleteTaskPushNotificationConfig',
    ])
      await expectSameBytes(method);
    const created = await log.done('CreateTaskPushNotificationConfig');
    expect(created.a2a).toMatchObject({ operation: 'pushConfigSet', taskId: task.id, outcome: 'result' });
    expect((await log.done('DeleteTaskPushNotificationConfig')).a2a).toMatchObject({
      operation: 'pushConfigDelete',
    });
  });

  it('gets the extended card', async () => {
    // The peer's gRPC service authenticates nobody, so the SDK answers with the public card.
    const extended = await client.getExtendedAgentCard({ tenant: '' });
    expect(extended.name).toBe(card.name);
    await expectSameBytes('GetExtendedAgentCard');
    const frame = await log.done('GetExtendedAgentCard');
    expect(frame.a2a).toMatchObject({ operation: 'extendedCard', outcome: 'result' });
    expect(JSON.parse(frame.response!.body.text)).toMatchObject({ name: card.name });
  });
});

describe('the SDK 0.3 gRPC client through the proxy', () => {
  it('sends and gets a task over the 0.3 service (a2a.v1), byte for byte', async () => {
    const legacy = await new LegacyGrpcTransportFactory().create(`127.0.0.1:${clientTap.port}`, {} as never);
    const sent = await legacy.sendMessage({
      message: {
        kind: 'message',
        messageId: randomUUID(),
        role: 'user',
        parts: [{ kind: 'text', text: 'hello from 0.3' }],
      },
    });
    expect(sent).toMatchObject({ kind: 'task', status: { state: 'completed' } });
    const taskId = (sent as { id: string }).id;
    const got = await legacy.getTask({ id: taskId });
    expect(got.id).toBe(taskId);
    // The 1.0 client's calls share the method names; the 0.3 ones are told apart by their package.
    const pick = (tap: H2Tap, method: string) =>
      tap.calls.filter((call) => call.path === `/a2a.v1.A2AService/${method}`)[0]!;
    for (const method of ['SendMessage', 'GetTask']) {
      await Promise.all([pick(clientTap, method).done, pick(agentTap, method).done]);
      expect(received(pick(clientTap, method))).toEqual(received(pick(agentTap, method)));
    }
    const frame = (await log.first(
      (f) => f.kind === 'http' && f.state === 'done' && f.request.url.endsWith('/a2a.v1.A2AService/GetTask'),
    )) as HttpFrame;
    expect(frame?.a2a).toMatchObject({ operation: 'get', generation: '0.3', binding: 'GRPC', taskId });
  });
});

describe('hooks, safety and bad input', () => {
  let grpcUrl: string;
  beforeAll(() => {
    grpcUrl = card.supportedInterfaces.find(
      (i) => i.protocolBinding === 'GRPC' && i.protocolVersion === '1.0',
    )!.url;
  });

  it('answers with a hook instead of the agent: the SDK client sees UNAVAILABLE; the fault is on the frame', async () => {
    const seen: Array<{ operation?: string; messageText?: string; generation: string }> = [];
    const hooks: ProxyHooks = {
      answerInstead: (request) => {
        seen.push(request);
        if (!request.messageText?.includes('refuse me')) return undefined;
        return {
          status: 200,
          statusText: 'OK',
          headers: [
            ['content-type', 'application/grpc'],
            ['grpc-status', '14'],
            ['grpc-message', 'injected outage'],
          ],
          body: (async function* () {})(),
          faults: [{ ruleId: 'outage', kind: 'error', detail: 'Answered UNAVAILABLE instead of the agent' }],
        };
      },
    };
    const faulty = await startGrpcForward({
      upstream: `grpc://${grpcUrl}`,
      proxyId: 'proxy-faulty',
      listenUrl: 'http://127.0.0.1:7001',
      publish: log.publish,
      generation: '1.0',
      hooks,
    });
    try {
      const faultyClient = await new GrpcTransportFactory().create(`127.0.0.1:${faulty.port}`, card);
      const failed = await faultyClient.sendMessage(sendRequest('please refuse me')).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(String(failed)).toMatch(/UNAVAILABLE|injected outage/);
      const passed = (await faultyClient.sendMessage(sendRequest('let me through'))) as Task;
      expect(text(passed)).toBe('Echo: let me through');
      expect(seen.map((r) => [r.operation, r.messageText, r.generation])).toEqual([
        ['SendMessage', 'please refuse me', '1.0'],
        ['SendMessage', 'let me through', '1.0'],
      ]);
      const refused = (await log.first(
        (f) => f.kind === 'http' && f.state === 'done' && f.proxied?.proxyId === 'proxy-faulty',
      )) as HttpFrame;
      expect(refused.proxied?.faults).toEqual([
        { ruleId: 'outage', kind: 'error', detail: 'Answered UNAVAILABLE instead of the agent' },
      ]);
      expect(header(refused, 'grpc-status')).toBe('14');
      expect(refused.a2a).toMatchObject({ outcome: 'error' });
    } finally {
      await faulty.close();
    }
  });

  it('shapes the answer message by message: unchanged, or dropped after two messages as marked', async () => {
    async function* firstTwo(body: AsyncIterable<Uint8Array>) {
      let n = 0;
      for await (const message of body) {
        yield message;
        if (++n === 2) return;
      }
    }
    const drop = {
      ruleId: 'drop',
      kind: 'drop-stream' as const,
      detail: 'Dropped the stream after 2 events',
    };
    const shaping = await startGrpcForward({
      upstream: `grpc://${card.supportedInterfaces.find((i) => i.protocolVersion === '1.0')!.url}`,
      proxyId: 'proxy-shaping',
      listenUrl: 'http://127.0.0.1:7004',
      publish: log.publish,
      generation: '1.0',
      hooks: {
        shapeAnswer: (request, answer) =>
          request.messageText?.includes('drop')
            ? { ...answer, body: firstTwo(answer.body), faults: [drop] }
            : answer,
      },
    });
    try {
      const shapedClient = await new GrpcTransportFactory().create(`127.0.0.1:${shaping.port}`, card);
      const whole: string[] = [];
      for await (const event of shapedClient.sendMessageStream(sendRequest('all of it')))
        whole.push(event.payload?.$case ?? '');
      expect(whole.length).toBeGreaterThan(2);
      expect(whole.at(-1)).toBe('statusUpdate');
      const sent = (await shapedClient.sendMessage(sendRequest('unary, unchanged'))) as Task;
      expect(text(sent)).toBe('Echo: unary, unchanged');

      const cut: string[] = [];
      const failed = await (async () => {
        for await (const event of shapedClient.sendMessageStream(sendRequest('drop it')))
          cut.push(event.payload?.$case ?? '');
      })().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(cut).toHaveLength(2);
      expect(String(failed)).toMatch(/dropped the stream/);
      const frame = (await log.first(
        (f) =>
          f.kind === 'http' &&
          f.state === 'done' &&
          f.proxied?.proxyId === 'proxy-shaping' &&
          !!f.proxied.faults,
      )) as HttpFrame;
      expect(frame.proxied?.faults).toEqual([drop]);
      expect(frame.a2a).toMatchObject({ operation: 'stream' });
      expect(frame.error).toMatchObject({ kind: 'aborted', label: 'Dropped by the proxy' });
    } finally {
      await shaping.close();
    }
  });

  it('passes a header a hook adds, drops connection headers, and dials only its upstream', async () => {
    const traced = await startGrpcForward({
      upstream: `127.0.0.1:${agentTap.port}`,
      proxyId: 'proxy-traced',
      listenUrl: 'http://127.0.0.1:7002',
      publish: log.publish,
      generation: '1.0',
      hooks: {
        beforeForward: (request) => ({
          headers: [
            ...request.headers,
            ['traceparent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'],
          ],
        }),
      },
    });
    const session = http2.connect(`http://127.0.0.1:${traced.port}`);
    try {
      // A caller naming another host still reaches this proxy's upstream: the authority is never dialled.
      const before = agentTap.calls.length;
      const call = session.request({
        ':method': 'POST',
        ':path': '/lf.a2a.v1.A2AService/GetTask',
        ':authority': 'evil.example:443',
        'content-type': 'application/grpc',
        te: 'trailers',
        'x-caller': 'raw',
        authorization: 'Bearer sekrit-upstream-token',
      });
      // An empty GetTaskRequest: a 5-byte prefix saying "0 bytes".
      call.end(Buffer.from([0, 0, 0, 0, 0]));
      // The agent refuses an empty id; a refusal comes trailers-only, its status in the head.
      const status = await new Promise<unknown>((resolve) => {
        call.on('response', (head) => {
          if (head['grpc-status'] !== undefined) resolve(head['grpc-status']);
        });
        call.on('trailers', (trailers) => resolve(trailers['grpc-status']));
        call.resume();
      });
      expect(status).not.toBe('0');
      const upstreamCall = agentTap.calls[before]!;
      expect(upstreamCall.request).toMatchObject({
        ':authority': 'evil.example:443',
        'x-caller': 'raw',
        traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      });
      const frame = (await log.first(
        (f) => f.kind === 'http' && f.state === 'done' && f.proxied?.proxyId === 'proxy-traced',
      )) as HttpFrame;
      expect(frame.request.headers).toContainEqual(['x-caller', 'raw']);
      // The caller's credential reached the agent, and is marked so the saved form of the frame holds none of it.
      expect(upstreamCall.request.authorization).toBe('Bearer sekrit-upstream-token');
      expect(frame.secrets).toEqual([{ in: 'request-header', name: 'authorization' }]);
      expect(JSON.stringify(redactFrames([frame]).frames)).not.toContain('sekrit-upstream-token');
      expect(frame.request.url).toBe(`http://127.0.0.1:${agentTap.port}/lf.a2a.v1.A2AService/GetTask`);
    } finally {
      session.close();
      await traced.close();
    }
  });

  it('records a caller that leaves before its request is whole, and forwards nothing', async () => {
    const before = agentTap.calls.length;
    const session = http2.connect(`http://127.0.0.1:${forward.port}`);
    try {
      const call = session.request({
        ':method': 'POST',
        ':path': '/lf.a2a.v1.A2AService/GetTask',
        'content-type': 'application/grpc',
        te: 'trailers',
        'x-caller': 'leaving',
      });
      call.on('error', () => undefined);
      // A prefix announcing 10 bytes, then 2 of them, then a reset.
      call.write(Buffer.from([0, 0, 0, 0, 10, 1, 2]), () => call.close(http2.constants.NGHTTP2_CANCEL));
      const frame = (await log.first(
        (f) => f.kind === 'http' && f.state === 'done' && f.request.headers.some(([, v]) => v === 'leaving'),
      )) as HttpFrame;
      expect(frame.error).toMatchObject({ kind: 'aborted', label: 'Caller went away' });
      expect(frame.error?.message).toMatch(/nothing was forwarded/);
      expect(agentTap.calls.length).toBe(before);
    } finally {
      session.close();
    }
  });

  it('listens on the loopback interface only', async () => {
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal);
    const connects = (host: string) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(forward.port, host);
        socket.on('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
    expect(await connects('127.0.0.1')).toBe('connected');
    if (outside) expect(await connects(outside.address)).toBe('ECONNREFUSED');
  });

  it('refuses an upstream that is no gRPC address, and says why', async () => {
    await expect(
      startGrpcForward({
        upstream: 'ftp://127.0.0.1:21',
        proxyId: 'bad',
        listenUrl: 'http://127.0.0.1:1',
        publish: () => undefined,
        generation: '1.0',
      }),
    ).rejects.toThrow('The gRPC upstream ftp://127.0.0.1:21 is not host:port, grpc://host:port');
  });

  it('answers UNAVAILABLE when the upstream cannot be reached, and records why', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const dead = await startGrpcForward({
      upstream: `127.0.0.1:${closedPort}`,
      proxyId: 'proxy-dead',
      listenUrl: 'http://127.0.0.1:7003',
      publish: log.publish,
      generation: '1.0',
    });
    try {
      const deadClient = await new GrpcTransportFactory().create(`127.0.0.1:${dead.port}`, card);
      const failed = await deadClient.getTask({ tenant: '', id: 'nope' }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(String(failed)).toMatch(/could not reach the upstream/);
      const frame = (await log.first(
        (f) => f.kind === 'http' && f.state === 'done' && f.proxied?.proxyId === 'proxy-dead',
      )) as HttpFrame;
      expect(frame.error).toMatchObject({ kind: 'refused', code: 'ECONNREFUSED' });
    } finally {
      await dead.close();
    }
  });
});
