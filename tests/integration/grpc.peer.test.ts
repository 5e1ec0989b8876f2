// The gRPC binding (WIRE-3) against the SDK 1.3.0 gRPC services (1.0 `lf.a2a.v1` and the 0.3 compat `a2a.v1`, one
// port): send, stream, get, list, cancel, subscribe and push configs, each recorded as a frame with its metadata and
// trailers as headers and its messages as ProtoJSON; a gRPC error's status read like the other bindings' errors; and
// the same task read over JSON-RPC and gRPC normalizing to the same result.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationOutcome, OperationRequest } from '../../shared/host/agent';
import type { SendInput } from '../../shared/a2a/adapter';
import type { Binding, Generation } from '../../shared/a2a/generation';
import type { Task } from '../../shared/a2a/model';
import { TimelineModel } from '../../shared/timeline/timelineModel';
import type { PeerHandle } from '../peers/types';
import { startV10GrpcPeer } from '../peers/v10Peer';
import { expectStatus, expectTiledStream, recordingHost } from './support/recordingHost';

const recording = recordingHost();
const { host } = recording;
let peer: PeerHandle;
let grpcPort: string;

beforeAll(async () => {
  peer = await startV10GrpcPeer();
});
afterAll(() => peer.close());

const message = (text: string): SendInput['message'] => ({ parts: [{ kind: 'text', text }] });

async function openOver(generation: Generation, binding: Binding): Promise<string> {
  const opened = await host.openAgent({
    url: peer.baseUrl,
    settings: { selection: { generation, binding } },
  });
  if (!opened.ok) throw new Error(opened.message);
  expect(opened.agent.chosen).toMatchObject({ generation, binding });
  if (binding === 'GRPC')
    grpcPort = new URL(`http://${opened.agent.chosen!.url.replace(/^grpc:\/\//, '')}`).port;
  return opened.agent.id;
}

async function run(agentId: string, request: Omit<OperationRequest, 'agentId'>): Promise<OperationOutcome> {
  return host.runOperation({ agentId, ...request } as OperationRequest);
}

function taskOf(outcome: OperationOutcome): Task {
  expectStatus(outcome, 'result');
  if (outcome.result?.type !== 'task') throw new Error(`expected a task, got ${outcome.result?.type}`);
  return outcome.result.task;
}

const CASES: Array<{ generation: Generation; packageName: string; interfaceForm: RegExp }> = [
  { generation: '1.0', packageName: 'lf.a2a.v1', interfaceForm: /^127\.0\.0\.1:\d+$/ },
  { generation: '0.3', packageName: 'a2a.v1', interfaceForm: /^grpc:\/\/127\.0\.0\.1:\d+$/ },
];

for (const { generation, packageName, interfaceForm } of CASES) {
  describe(`A2A ${generation} over gRPC`, () => {
    let agentId: string;
    const path = (method: string) => `http://127.0.0.1:${grpcPort}/${packageName}.A2AService/${method}`;

    beforeAll(async () => {
      agentId = await openOver(generation, 'GRPC');
    });

    it('takes the interface address in the form the card gives it', async () => {
      const summary = await host.configureAgent({ agentId, settings: {} });
      expect(summary.chosen?.url).toMatch(interfaceForm);
    });

    it('sends a message: the frame carries metadata, the request and answer as ProtoJSON, and the trailers', async () => {
      const outcome = await run(agentId, {
        operation: 'send',
        input: { message: message('hello grpc'), blocking: true },
      });
      const task = taskOf(outcome);
      expect(task.status.state).toBe('completed');
      const echoed = task.artifacts
        ?.flatMap((a) => a.parts.map((p) => (p.kind === 'text' ? p.text : '')))
        .join('');
      expect(echoed).toBe('Echo: hello grpc');
      await recording.flush();
      const frame = recording.http(outcome.exchangeId!);
      expect(frame.request.url).toBe(path('SendMessage'));
      expect(frame.request.method).toBe('POST');
      expect(frame.request.headers).toContainEqual(['content-type', 'application/grpc']);
      if (generation === '1.0') expect(frame.request.headers).toContainEqual(['a2a-version', '1.0']);
      // The 0.3 proto names a message's parts `content`, 1.0 `parts`.
      const sent = JSON.parse(frame.request.body!.text) as { message: Record<string, unknown> };
      expect(sent.message[generation === '1.0' ? 'parts' : 'content']).toEqual([{ text: 'hello grpc' }]);
      expect(frame.response).toMatchObject({ status: 200, httpVersion: '2' });
      expect(frame.response!.headers).toContainEqual(['grpc-status', '0']);
      const answer = JSON.parse(frame.response!.body.text) as { task: { id: string } };
      expect(answer.task.id).toBe(task.id);
      expect(frame.a2a).toMatchObject({ binding: 'GRPC', generation, operation: 'send', outcome: 'result' });
      expect(frame.findings ?? []).toEqual([]);
    });

    it('streams a message: each gRPC message is an event, decoded as the stream goes', async () => {
      const outcome = await run(agentId, {
        operation: 'stream',
        input: { message: message('stream me'), blocking: false },
      });
      expectStatus(outcome, 'stream');
      const end = await host.awaitStream({ exchangeId: outcome.exchangeId! });
      expect(end.ended).toBe('complete');
      await recording.flush();
      const frame = recording.http(outcome.exchangeId!);
      expect(frame.request.url).toBe(path('SendStreamingMessage'));
      expect(frame.response!.headers).toContainEqual(['grpc-status', '0']);
      const events = recording.events(outcome.exchangeId!);
      expectTiledStream(frame, events);
      expect(events.length).toBeGreaterThan(2);
      expect(events.at(-1)!.a2a).toMatchObject({ state: 'completed' });
      expect(events.map((e) => e.a2a?.item)).toContain('artifact-update');
      // Every revision, the first included, says what it is, so a live view files the exchange from the start.
      const revisions = recording.revisions(outcome.exchangeId!);
      expect(revisions.map((r) => r.state)).toEqual(['pending', 'streaming', 'done']);
      expect(revisions.every((r) => r.a2a?.binding === 'GRPC')).toBe(true);
      const live = new TimelineModel();
      live.ingest([...revisions, ...events]);
      expect(
        live
          .taskList()[0]
          ?.states.map((s) => s.state)
          .at(-1),
      ).toBe('completed');
    });

    it('gets, cancels and resubscribes to a task', async () => {
      const started = await run(agentId, {
        operation: 'send',
        input: { message: message('slow please'), blocking: false },
      });
      const task = taskOf(started);
      const got = taskOf(
        await run(agentId, { operation: 'get', input: { taskId: task.id, historyLength: 1 } }),
      );
      expect(got.id).toBe(task.id);
      await recording.flush();
      const getFrame = recording.frames().at(-1)!;
      expect(getFrame.kind === 'http' && getFrame.request.url).toBe(path('GetTask'));

      const subscribed = await run(agentId, { operation: 'subscribe', input: { taskId: task.id } });
      expectStatus(subscribed, 'stream');
      const canceled = taskOf(await run(agentId, { operation: 'cancel', input: { taskId: task.id } }));
      expect(canceled.status.state).toBe('canceled');
      const end = await host.awaitStream({ exchangeId: subscribed.exchangeId! });
      expect(end.ended).toBe('complete');
      await recording.flush();
      expect(recording.http(subscribed.exchangeId!).request.url).toBe(
        path(generation === '1.0' ? 'SubscribeToTask' : 'TaskSubscription'),
      );
      expect(recording.events(subscribed.exchangeId!).at(-1)!.a2a).toMatchObject({ state: 'canceled' });
    });

    it('sets, gets, lists and deletes a push config', async () => {
      const task = taskOf(
        await run(agentId, {
          operation: 'send',
          input: { message: message('slow please'), blocking: false },
        }),
      );
      const config = { id: 'cfg-1', url: 'http://127.0.0.1:9/hooks/x', token: 'push-token-1' };
      const set = await run(agentId, { operation: 'pushConfigSet', input: { taskId: task.id, config } });
      expectStatus(set, 'result');
      expect(set.result).toMatchObject({ type: 'push-config', config: { url: config.url } });
      const got = await run(agentId, {
        operation: 'pushConfigGet',
        input: { taskId: task.id, configId: 'cfg-1' },
      });
      expect(got.result).toMatchObject({ type: 'push-config', config: { id: 'cfg-1', url: config.url } });
      const listed = await run(agentId, { operation: 'pushConfigList', input: { taskId: task.id } });
      expect(listed.result).toMatchObject({ type: 'push-configs', configs: [{ id: 'cfg-1' }] });
      const deleted = await run(agentId, {
        operation: 'pushConfigDelete',
        input: { taskId: task.id, configId: 'cfg-1' },
      });
      expectStatus(deleted, 'result');
      expect(deleted.result).toEqual({ type: 'empty' });
      await run(agentId, { operation: 'cancel', input: { taskId: task.id } });
    });

    it(`${generation === '1.0' ? 'lists tasks' : 'refuses to list tasks: ListTasks is not in the 0.3 proto'}`, async () => {
      const listed = await run(agentId, { operation: 'list', input: { pageSize: 2 } });
      if (generation === '0.3') {
        expect(listed.status).toBe('refused');
        return;
      }
      expectStatus(listed, 'result');
      if (listed.result?.type !== 'task-page')
        throw new Error(`expected a task page, got ${listed.result?.type}`);
      expect(listed.result.page.tasks.length).toBe(2);
      await recording.flush();
      expect(JSON.parse(recording.http(listed.exchangeId!).request.body!.text)).toEqual({ pageSize: 2 });
    });

    it('sends a request typed by hand: the method path and the message as JSON', async () => {
      const task = taskOf(
        await run(agentId, { operation: 'send', input: { message: message('raw me'), blocking: true } }),
      );
      const outcome = await host.sendRaw({
        agentId,
        method: 'POST',
        url: `/${packageName}.A2AService/GetTask`,
        headers: [['x-trace', 'raw-1']],
        body: JSON.stringify(generation === '1.0' ? { id: task.id } : { name: `tasks/${task.id}` }),
      });
      expect(taskOf(outcome).id).toBe(task.id);
      await recording.flush();
      const frame = recording.http(outcome.exchangeId!);
      expect(frame.request.url).toBe(path('GetTask'));
      expect(frame.request.headers).toContainEqual(['x-trace', 'raw-1']);
      expect(frame.a2a).toMatchObject({ operation: 'get', binding: 'GRPC' });

      const wrong = await host.sendRaw({
        agentId,
        method: 'POST',
        url: `/${packageName}.A2AService/GetTask`,
        headers: [],
        body: JSON.stringify({ taskId: task.id }),
      });
      expect(wrong.status).toBe('failed');
      expect(wrong.message).toContain(
        'The request is not a valid GetTaskRequest: /taskId: GetTaskRequest has no field "taskId".',
      );
    });

    it('reads a gRPC error status like the other bindings read their errors', async () => {
      const outcome = await run(agentId, { operation: 'get', input: { taskId: 'no-such-task' } });
      expectStatus(outcome, 'error');
      expect(outcome.error).toMatchObject({ httpStatus: 404, name: 'TaskNotFoundError' });
      await recording.flush();
      const frame = recording.http(outcome.exchangeId!);
      expect(frame.response!.headers).toContainEqual(['grpc-status', '5']);
      expect(JSON.parse(frame.response!.body.text)).toMatchObject({ code: 5 });
    });
  });
}

describe('checks over gRPC', () => {
  it('runs the probes against the gRPC interface', async () => {
    const agentId = await openOver('1.0', 'GRPC');
    const results = await host.runProbes({ agentId });
    const verdicts = Object.fromEntries(results.map((r) => [r.probeId, r.status]));
    // An unknown method or a malformed envelope cannot be put on the wire from the proto: those two probes say so and
    // stand aside; every other passes.
    const notPassed = Object.entries(verdicts).filter(([, status]) => status !== 'passed');
    expect(notPassed).toEqual([
      ['probe.unsupported-method', 'skipped'],
      ['probe.malformed-requests', 'skipped'],
    ]);
    expect(results.find((r) => r.probeId === 'probe.unsupported-method')?.message).toContain(
      'Over gRPC the methods come from the proto',
    );
    expect(results.find((r) => r.probeId === 'probe.malformed-requests')?.message).toContain(
      'it cannot carry a malformed envelope',
    );
    expect(results.find((r) => r.message.startsWith('An unknown task'))?.message).toBe(
      'An unknown task got gRPC NOT_FOUND with ErrorInfo TASK_NOT_FOUND.',
    );
    // The probe that sends one request over every binding the card offers counts the gRPC ones too.
    expect(results.map((r) => r.message)).toContainEqual(
      expect.stringMatching(/^6 bindings gave the same result/),
    );
  });
});

describe('gRPC and JSON-RPC', () => {
  it('the same task read over both normalizes to the same result', async () => {
    const overRpc = await openOver('1.0', 'JSONRPC');
    const overGrpc = await openOver('1.0', 'GRPC');
    const sent = taskOf(
      await run(overRpc, { operation: 'send', input: { message: message('same on both'), blocking: true } }),
    );
    const viaRpc = await run(overRpc, { operation: 'get', input: { taskId: sent.id } });
    const viaGrpc = await run(overGrpc, { operation: 'get', input: { taskId: sent.id } });
    expect(viaGrpc.result).toEqual(viaRpc.result);
    expect(viaGrpc.findings).toEqual(viaRpc.findings);

    // And a send over each gives the same shape of result, ids and times aside.
    const sentOverGrpc = taskOf(
      await run(overGrpc, { operation: 'send', input: { message: message('same on both'), blocking: true } }),
    );
    const strip = (task: Task) =>
      JSON.parse(
        JSON.stringify(task, (key, value: unknown) =>
          ['id', 'contextId', 'taskId', 'messageId', 'artifactId', 'timestamp'].includes(key) ? '…' : value,
        ),
      ) as unknown;
    expect(strip(sentOverGrpc)).toEqual(strip(sent));
  });

  it('says why when nothing listens at the gRPC address', async () => {
    const opened = await host.openCard({
      text: JSON.stringify({
        name: 'gone',
        description: 'a gRPC agent that is not running',
        version: '1',
        supportedInterfaces: [{ url: '127.0.0.1:9', protocolBinding: 'GRPC', protocolVersion: '1.0' }],
        capabilities: {},
        defaultInputModes: [],
        defaultOutputModes: [],
        skills: [],
      }),
      name: 'gone.json',
    });
    if (!opened.ok) throw new Error(opened.message);
    const outcome = await run(opened.agent.id, {
      operation: 'send',
      input: { message: message('x'), blocking: true },
    });
    expect(outcome.status).toBe('failed');
    expect(outcome.frameError).toMatchObject({
      kind: 'refused',
      label: 'Connection refused',
      code: 'UNAVAILABLE',
    });
  });

  it('gives up on a stream that falls silent for longer than the idle limit', async () => {
    const agentId = await openOver('1.0', 'GRPC');
    await host.configureAgent({ agentId, settings: { timeouts: { idleMs: 300 }, resyncOnDrop: false } });
    const slow = taskOf(
      await run(agentId, { operation: 'send', input: { message: message('slow please'), blocking: false } }),
    );
    const subscribed = await run(agentId, { operation: 'subscribe', input: { taskId: slow.id } });
    expectStatus(subscribed, 'stream');
    const end = await host.awaitStream({ exchangeId: subscribed.exchangeId! });
    expect(end.ended).toBe('error');
    await recording.flush();
    expect(recording.http(subscribed.exchangeId!).error).toMatchObject({ kind: 'timeout', phase: 'idle' });
    await run(agentId, { operation: 'cancel', input: { taskId: slow.id } });
  });

  it('refuses an API key set to go in the query, which gRPC has no place for', async () => {
    const agentId = await openOver('1.0', 'GRPC');
    await host.configureAgent({
      agentId,
      settings: {
        auth: { type: 'apiKey', location: 'query', name: 'key', value: 'k-1' },
        trustedOrigins: [`http://127.0.0.1:${grpcPort}`],
      },
    });
    const outcome = await run(agentId, { operation: 'get', input: { taskId: 't' } });
    expect(outcome.status).toBe('failed');
    expect(outcome.message).toBe(
      'Invalid request: gRPC has no query string, so the query parameter key cannot be sent; use a header.',
    );
  });
});
