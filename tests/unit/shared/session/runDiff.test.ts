// Run digests and run diffs (SES-4) on hand-built A2A 1.0 JSON-RPC frames: what a digest keeps of a send, a stream
// and an error, what it leaves out (ids, times, probes), and the plain sentences the diff says for each change.

import { describe, expect, it } from 'vitest';
import { SECRET_PLACEHOLDER } from '../../../../shared/host/agent';
import { answerIds, digestRun, type RunDigest } from '../../../../shared/session/runDigest';
import { diffRuns } from '../../../../shared/session/runDiff';
import type { Frame, HttpFrame, SseFrame } from '../../../../shared/wire/frame';
import { replayRequest } from '../../../../electron/host/session/resend';

const bytes = (text: string) => ({
  base64: Buffer.from(text).toString('base64'),
  text,
  size: Buffer.byteLength(text),
  utf8Valid: true,
});

interface Exchange {
  id: string;
  method: string;
  params: unknown;
  result?: unknown;
  error?: { code: number; message: string };
  start?: number;
  ms?: number;
  source?: string;
  stream?: boolean;
}

function exchange(x: Exchange): HttpFrame {
  const start = x.start ?? 1000;
  const rpc = { method: x.method, id: 7 };
  const request = JSON.stringify({ jsonrpc: '2.0', id: 7, method: x.method, params: x.params });
  const answer = x.stream
    ? ''
    : JSON.stringify({ jsonrpc: '2.0', id: 7, ...(x.error ? { error: x.error } : { result: x.result }) });
  const operation =
    { SendMessage: 'send', SendStreamingMessage: 'stream', GetTask: 'get', CancelTask: 'cancel' }[x.method] ??
    'raw';
  return {
    kind: 'http',
    id: x.id,
    rev: 1,
    state: 'done',
    source: x.source ?? `agent:${operation}`,
    timing: { start, end: start + (x.ms ?? 50) },
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:4000/a2a/jsonrpc',
      headers: [
        ['Host', '127.0.0.1:4000'],
        ['Content-Type', 'application/json'],
        ['A2A-Version', '1.0'],
      ],
      body: bytes(request),
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: '1.1',
      headers: [['Content-Type', x.stream ? 'text/event-stream' : 'application/json']],
      body: bytes(answer),
    },
    ...(x.stream ? { stream: { bytes: 100, events: 3, emptyBlocks: 0, ended: 'complete' as const } } : {}),
    a2a: {
      agentId: 'a1',
      operation,
      generation: '1.0',
      binding: 'JSONRPC',
      rpc,
      outcome: x.stream ? 'stream' : x.error ? 'error' : 'result',
    },
  };
}

function event(exchangeId: string, seq: number, result: Record<string, unknown>, at = 1010 + seq): SseFrame {
  const data = JSON.stringify({ jsonrpc: '2.0', id: 7, result });
  const inner = Object.values(result)[0] as {
    id?: string;
    taskId?: string;
    contextId?: string;
    status?: { state: string };
  };
  return {
    kind: 'sse',
    id: `${exchangeId}-e${seq}`,
    exchangeId,
    seq,
    source: 'agent:stream',
    timing: { start: at },
    offset: { start: seq * 10, end: seq * 10 + 10 },
    raw: `data: ${data}\n\n`,
    dispatched: true,
    event: { index: seq, type: 'message', data },
    json: JSON.parse(data) as unknown,
    a2a: {
      item: Object.keys(result)[0]!,
      ...((inner.id ?? inner.taskId) ? { taskId: inner.id ?? inner.taskId } : {}),
      ...(inner.contextId ? { contextId: inner.contextId } : {}),
    },
  };
}

const userMessage = (text: string, extra: Record<string, unknown> = {}) => ({
  message: { messageId: `m-${text.length}-xyz`, role: 'ROLE_USER', parts: [{ text }], ...extra },
});

const task = (id: string, state: string, extra: Record<string, unknown> = {}) => ({
  task: { id, contextId: `ctx-${id}`, status: { state: `TASK_STATE_${state}` }, ...extra },
});

const echo = (text: string) => ({
  artifacts: [{ artifactId: `art-${text}`, name: 'echo', parts: [{ text }] }],
});

/** A small run: a send that completes with an artifact, a stream, and a get of an unknown task. */
function run(
  ids: { task: string; stream: string },
  options: { at?: number; final?: string; art?: string } = {},
) {
  const at = options.at ?? 1000;
  const streamId = `${ids.stream}-x`;
  const frames: Frame[] = [
    {
      ...exchange({ id: `${ids.task}-card`, method: 'GetCard', params: {}, result: {}, start: at }),
      source: 'discovery:card',
    },
    exchange({
      id: `${ids.task}-send`,
      method: 'SendMessage',
      params: userMessage('hello there'),
      result: task(ids.task, options.final ?? 'COMPLETED', echo(options.art ?? 'Echo: hello there')),
      start: at + 10,
      ms: 40,
    }),
    {
      ...exchange({
        id: streamId,
        method: 'SendStreamingMessage',
        params: userMessage('stream'),
        stream: true,
        start: at + 100,
      }),
      rev: 0,
      state: 'pending',
      response: undefined,
      stream: undefined,
    },
    event(streamId, 0, task(ids.stream, 'SUBMITTED')),
    event(streamId, 1, {
      statusUpdate: {
        taskId: ids.stream,
        contextId: `ctx-${ids.stream}`,
        status: { state: 'TASK_STATE_WORKING' },
      },
    }),
    event(streamId, 2, {
      artifactUpdate: {
        taskId: ids.stream,
        artifact: { artifactId: `a-${ids.stream}`, name: 'echo', parts: [{ text: 'Echo: str' }] },
      },
    }),
    event(streamId, 3, {
      artifactUpdate: {
        taskId: ids.stream,
        artifact: { artifactId: `a-${ids.stream}`, name: 'echo', parts: [{ text: 'eam' }] },
        append: true,
        lastChunk: true,
      },
    }),
    event(streamId, 4, {
      statusUpdate: {
        taskId: ids.stream,
        status: {
          state: 'TASK_STATE_COMPLETED',
          message: {
            messageId: `msg-${ids.stream}`,
            role: 'ROLE_AGENT',
            parts: [{ text: `Done with ${ids.stream}.` }],
          },
        },
      },
    }),
    exchange({
      id: streamId,
      method: 'SendStreamingMessage',
      params: userMessage('stream'),
      stream: true,
      start: at + 100,
      ms: 300,
    }),
    exchange({
      id: `${ids.task}-get`,
      method: 'GetTask',
      params: { id: 'no-such-task' },
      error: { code: -32001, message: 'Task not found: no-such-task' },
      start: at + 500,
    }),
  ];
  return frames;
}

describe('digestRun', () => {
  const digest = digestRun(run({ task: 'task-aaaa', stream: 'task-bbbb' }));

  it('has one step per request the user sent, in order, probes left out', () => {
    expect(digest.steps.map((s) => [s.operation, s.rpcMethod])).toEqual([
      ['send', 'SendMessage'],
      ['stream', 'SendStreamingMessage'],
      ['get', 'GetTask'],
    ]);
  });

  it('keeps status, outcome, states, artifacts and duration of a send', () => {
    expect(digest.steps[0]).toEqual({
      frameId: 'task-aaaa-send',
      operation: 'send',
      generation: '1.0',
      binding: 'JSONRPC',
      rpcMethod: 'SendMessage',
      httpStatus: 200,
      outcome: 'result',
      result: 'task',
      states: ['completed'],
      finalState: 'completed',
      artifacts: [{ name: 'echo', content: ['Echo: hello there'], complete: true }],
      messages: [],
      durationMs: 40,
    });
  });

  it('reads a stream from its final revision and its events: states in order, chunks assembled', () => {
    const stream = digest.steps[1]!;
    expect(stream).toMatchObject({
      outcome: 'stream',
      streamEnded: 'complete',
      states: ['submitted', 'working', 'completed'],
      finalState: 'completed',
      artifacts: [{ name: 'echo', content: ['Echo: stream'], complete: true }],
      durationMs: 300,
    });
    // The status message named the task; the digest names it by role, not by id.
    expect(stream.messages).toEqual(['Done with ‹task 2›.']);
  });

  it('keeps an A2A error with its code and message', () => {
    expect(digest.steps[2]).toMatchObject({
      outcome: 'error',
      error: { code: -32001, message: 'Task not found: no-such-task' },
    });
    expect(digest.steps[2]!.finalState).toBeUndefined();
  });

  it('mentions no id and no time of the run except the frame it links to', () => {
    const { frameId: _f, durationMs: _d, ...rest } = digest.steps[1]!;
    const text = JSON.stringify(rest);
    for (const id of ['task-bbbb', 'ctx-task-bbbb', 'a-task-bbbb', 'msg-task-bbbb', 'm-6-xyz']) {
      expect(text).not.toContain(id);
    }
  });

  it('lets a retry with a renewed token take the place of the attempt it repeats', () => {
    const first = exchange({
      id: 'r1',
      method: 'GetTask',
      params: { id: 'x' },
      error: { code: -32001, message: 'no' },
    });
    const retry = {
      ...exchange({ id: 'r2', method: 'GetTask', params: { id: 'x' }, result: task('tttt', 'WORKING').task }),
      source: 'agent:get:retry',
    };
    expect(digestRun([first, retry]).steps.map((s) => [s.frameId, s.finalState])).toEqual([
      ['r2', 'working'],
    ]);
  });

  it('reads a direct message answer and a non-A2A answer', () => {
    const direct = exchange({
      id: 'd1',
      method: 'SendMessage',
      params: userMessage('message me'),
      result: {
        message: {
          messageId: 'mmmm',
          role: 'ROLE_AGENT',
          parts: [{ text: 'Direct reply' }, { data: { b: 1, a: 2 } }],
        },
      },
    });
    const html = exchange({ id: 'h1', method: 'SendMessage', params: userMessage('x'), result: {} });
    html.response = {
      ...html.response!,
      status: 502,
      headers: [['Content-Type', 'text/html']],
      body: bytes('<h1>502</h1>'),
    };
    html.a2a!.outcome = 'invalid';
    const [one, two] = digestRun([direct, html]).steps;
    expect(one).toMatchObject({
      result: 'message',
      messages: ['Direct reply\ndata {"a":2,"b":1}'],
      states: [],
    });
    expect(two).toMatchObject({ httpStatus: 502, outcome: 'invalid', states: [], artifacts: [] });
    expect(two!.result).toBeUndefined();
  });

  it('lists the ids of an answer by position, for a re-send to map', () => {
    const frames = run({ task: 'task-aaaa', stream: 'task-bbbb' });
    const send = frames[1] as HttpFrame;
    expect(answerIds(send, [])).toEqual([{ taskId: 'task-aaaa', contextId: 'ctx-task-aaaa' }]);
    const streamFinal = frames[8] as HttpFrame;
    const events = frames.filter((f): f is SseFrame => f.kind === 'sse');
    expect(answerIds(streamFinal, events).slice(0, 2)).toEqual([
      { taskId: 'task-bbbb', contextId: 'ctx-task-bbbb' },
      { taskId: 'task-bbbb', contextId: 'ctx-task-bbbb' },
    ]);
  });
});

describe('diffRuns', () => {
  const before = digestRun(run({ task: 'task-aaaa', stream: 'task-bbbb' }));

  it('finds nothing when only ids and times differ, and lists the timings apart', () => {
    const after = digestRun(run({ task: 'task-cccc-1', stream: 'task-dddd-2' }, { at: 90_000 }));
    const { differences, timing } = diffRuns(before, after);
    expect(differences).toEqual([]);
    expect(timing).toEqual([
      { step: 1, beforeMs: 40, afterMs: 40 },
      { step: 2, beforeMs: 300, afterMs: 300 },
      { step: 3, beforeMs: 50, afterMs: 50 },
    ]);
  });

  it('says when the final state changed', () => {
    const after = digestRun(run({ task: 'task-cccc', stream: 'task-dddd' }, { final: 'FAILED' }));
    expect(diffRuns(before, after).differences).toEqual([
      {
        step: 1,
        aspect: 'final-state',
        message: 'Step 1 (SendMessage): final state was completed, now failed',
        before: 'completed',
        after: 'failed',
      },
    ]);
  });

  it('says when an artifact changed', () => {
    const after = digestRun(run({ task: 'task-cccc', stream: 'task-dddd' }, { art: 'Echo: goodbye' }));
    const { differences } = diffRuns(before, after);
    expect(differences.map((d) => [d.step, d.aspect, d.message])).toEqual([
      [
        1,
        'artifacts',
        'Step 1 (SendMessage): artifact "echo" changed: was "Echo: hello there", now "Echo: goodbye"',
      ],
    ]);
    expect(differences[0]!.after).toEqual(['Echo: goodbye']);
  });

  it('says when the error code changed, and when an error appeared', () => {
    const changed = structuredClone(before);
    changed.steps[2]!.error = { code: -32009, message: 'Version not supported' };
    changed.steps[0]!.error = { code: -32603, name: 'InternalError', message: 'boom' };
    const messages = diffRuns(before, changed).differences.map((d) => d.message);
    expect(messages).toEqual([
      'Step 1 (SendMessage): no error before, now -32603 InternalError "boom"',
      'Step 3 (GetTask): error code was -32001, now -32009',
    ]);
  });

  it('reports missing and extra steps', () => {
    const shorter: RunDigest = { steps: before.steps.slice(0, 2) };
    expect(diffRuns(before, shorter).differences).toEqual([
      {
        step: 3,
        aspect: 'missing',
        message: 'Step 3 (GetTask): recorded, but the new run has no such step.',
        before: 'get',
      },
    ]);
    expect(diffRuns(shorter, before).differences).toEqual([
      {
        step: 3,
        aspect: 'extra',
        message: 'Step 3 (GetTask): new in this run; the recording has no such step.',
        after: 'get',
      },
    ]);
  });

  it('reports a changed path to the same final state, a changed status and a step not sent', () => {
    const after = structuredClone(before);
    after.steps[1]!.states = ['submitted', 'completed'];
    after.steps[0]!.httpStatus = 500;
    after.steps[2] = { ...after.steps[2]!, notSent: 'Credentials would go elsewhere.' };
    expect(diffRuns(before, after).differences.map((d) => d.message)).toEqual([
      'Step 1 (SendMessage): HTTP status was 200, now 500',
      'Step 2 (SendStreamingMessage): states were submitted → working → completed, now submitted → completed',
      'Step 3 (GetTask): not sent this time: Credentials would go elsewhere.',
    ]);
  });
});

describe('replayRequest', () => {
  it('drops masked secrets and the headers the HTTP stack adds, and maps old ids to new', () => {
    const frame = exchange({
      id: 'c1',
      method: 'SendMessage',
      params: userMessage('more', { taskId: 'old-task', contextId: 'old-ctx' }),
      result: {},
    });
    frame.request.headers.push(
      ['Authorization', `Bearer ${SECRET_PLACEHOLDER}`],
      ['X-API-Key', 'real-looking'],
      ['Cookie', 'session=abc'],
      ['X-Custom', SECRET_PLACEHOLDER],
      ['Content-Length', '99'],
      ['Connection', 'close'],
      ['A2A-Extensions', 'https://ext'],
    );
    const ids = new Map([
      ['old-task', 'new-task'],
      ['old-ctx', 'new-ctx'],
    ]);
    const raw = replayRequest(frame, 'live', ids);
    expect(raw.agentId).toBe('live');
    expect(raw.url).toBe('');
    expect(raw.headers).toEqual([
      ['Content-Type', 'application/json'],
      ['A2A-Version', '1.0'],
      ['A2A-Extensions', 'https://ext'],
    ]);
    const sent = JSON.parse(raw.body!) as { params: { message: Record<string, unknown> } };
    expect(sent.params.message).toMatchObject({ taskId: 'new-task', contextId: 'new-ctx' });
  });

  it('moves a REST request to the path under the live interface, ids mapped, secret query dropped', () => {
    const frame = exchange({ id: 'g1', method: 'GetTask', params: {}, result: {} });
    frame.a2a = { ...frame.a2a!, binding: 'HTTP+JSON', operation: 'cancel' };
    delete frame.a2a.rpc;
    frame.request.url = `http://127.0.0.1:4000/a2a/rest/tasks/old-task:cancel?api_key=${encodeURIComponent(SECRET_PLACEHOLDER)}&x=1`;
    const raw = replayRequest(frame, 'live', new Map([['old-task', 'new-task']]));
    expect(raw.url).toBe('/tasks/new-task:cancel?x=1');
  });
});
