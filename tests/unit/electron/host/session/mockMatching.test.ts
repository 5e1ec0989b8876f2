// Which recorded exchange answers a request on the mock agent (SES-7): what is read from a request, how recordings
// are keyed, the final revision of each exchange, and the order and preference in which answers are handed out.

import { describe, expect, it } from 'vitest';
import type { Frame, HttpFrame, SseFrame } from '../../../../../shared/wire/frame';
import {
  finalExchanges,
  likeness,
  matchKey,
  recordedExchanges,
  ReplayBook,
  requestFacts,
} from '../../../../../electron/host/session/mockMatching';

const ORIGIN = 'http://127.0.0.1:4000';

function body(text: string) {
  return {
    base64: Buffer.from(text).toString('base64'),
    text,
    size: Buffer.byteLength(text),
    utf8Valid: true,
  };
}

let nextId = 0;
function exchange(
  method: string,
  path: string,
  request?: unknown,
  extra: Partial<HttpFrame> = {},
): HttpFrame {
  return {
    kind: 'http',
    id: `f-${++nextId}`,
    source: 'agent:send',
    timing: { start: 1000, firstByte: 1010, end: 1020 },
    request: {
      method,
      url: `${ORIGIN}${path}`,
      headers: [],
      ...(request !== undefined ? { body: body(JSON.stringify(request)) } : {}),
    },
    response: { status: 200, statusText: 'OK', httpVersion: '1.1', headers: [], body: body('{}') },
    ...extra,
  };
}

const rpc = (method: string, params: unknown, id: string | number = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});
const send = (text: string, extra: Record<string, unknown> = {}) =>
  rpc('SendMessage', { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text }], ...extra } });

describe('requestFacts', () => {
  it('reads a 1.0 JSON-RPC send: method, id, text, task and context', () => {
    const facts = requestFacts(
      'post',
      '/a2a/jsonrpc',
      JSON.stringify(send('blue', { taskId: 't-1', contextId: 'c-1' })),
    );
    expect(facts).toEqual({
      method: 'POST',
      path: '/a2a/jsonrpc',
      query: '',
      rpc: { method: 'SendMessage', hasId: true, id: 1 },
      text: 'blue',
      taskId: 't-1',
      contextId: 'c-1',
    });
  });

  it('reads the text of 0.2/0.3 parts with a kind, and of 0.3 REST `content`, joining several parts', () => {
    const legacy = rpc('message/send', {
      message: {
        parts: [
          { kind: 'text', text: 'a' },
          { kind: 'data', data: {} },
          { kind: 'text', text: 'b' },
        ],
      },
    });
    expect(requestFacts('POST', '/', JSON.stringify(legacy)).text).toBe('a\nb');
    const rest = {
      message: { messageId: 'm', content: [{ text: 'hi' }] },
      configuration: { blocking: true },
    };
    const facts = requestFacts('POST', '/a2a/rest/v1/message:send', JSON.stringify(rest));
    expect(facts).toMatchObject({ text: 'hi', path: '/a2a/rest/v1/message:send' });
    expect(facts.rpc).toBeUndefined();
  });

  it("takes 0.1's task id from `params.id` beside the message", () => {
    const facts = requestFacts(
      'POST',
      '/a2a',
      JSON.stringify(
        rpc('tasks/send', { id: 't-9', message: { role: 'user', parts: [{ type: 'text', text: 'x' }] } }),
      ),
    );
    expect(facts).toMatchObject({ taskId: 't-9', text: 'x' });
    expect(facts.addressedTask).toBeUndefined();
  });

  it('keys a JSON-RPC call about a task on that task (`params.id` or `params.taskId`)', () => {
    expect(requestFacts('POST', '/rpc', JSON.stringify(rpc('GetTask', { id: 't-1' }))).addressedTask).toBe(
      't-1',
    );
    expect(
      requestFacts(
        'POST',
        '/rpc',
        JSON.stringify(rpc('GetTaskPushNotificationConfig', { taskId: 't-2', id: '' })),
      ).addressedTask,
    ).toBe('t-2');
    expect(requestFacts('POST', '/rpc', JSON.stringify(rpc('ListTasks', {}))).addressedTask).toBeUndefined();
  });

  it('tells a notification (no id member) from a request with a null id', () => {
    const notification = { jsonrpc: '2.0', method: 'tasks/get', params: { id: 'x' } };
    expect(requestFacts('POST', '/', JSON.stringify(notification)).rpc).toEqual({
      method: 'tasks/get',
      hasId: false,
      id: null,
    });
    expect(requestFacts('POST', '/', JSON.stringify({ ...notification, id: null })).rpc?.hasId).toBe(true);
  });

  it('splits path and query, from a path or an absolute URL', () => {
    expect(requestFacts('GET', '/a2a/rest/tasks/t-1?historyLength=2', undefined)).toEqual({
      method: 'GET',
      path: '/a2a/rest/tasks/t-1',
      query: '?historyLength=2',
    });
    expect(requestFacts('GET', `${ORIGIN}/x?y=1`, '')).toEqual({ method: 'GET', path: '/x', query: '?y=1' });
  });

  it('marks a body that is not JSON, and reads nothing from JSON that is not an object', () => {
    expect(requestFacts('POST', '/rpc', '{"jsonrpc":')).toMatchObject({ unreadable: true });
    expect(requestFacts('POST', '/rpc', '[1,2]')).toEqual({ method: 'POST', path: '/rpc', query: '' });
  });
});

describe('matchKey', () => {
  it('is method, path, JSON-RPC method and the task a call is about', () => {
    expect(matchKey(requestFacts('POST', '/rpc', JSON.stringify(send('x'))))).toBe('POST /rpc SendMessage');
    expect(matchKey(requestFacts('POST', '/rpc', JSON.stringify(rpc('CancelTask', { id: 't-1' }))))).toBe(
      'POST /rpc CancelTask task=t-1',
    );
    expect(matchKey(requestFacts('GET', '/rest/tasks/t-1?historyLength=1', undefined))).toBe(
      'GET /rest/tasks/t-1',
    );
  });
});

describe('finalExchanges', () => {
  it('keeps the highest revision of each exchange, in order of first arrival', () => {
    const a = exchange('POST', '/rpc', send('a'));
    const b = exchange('POST', '/rpc', send('b'));
    const frames: Frame[] = [
      { ...a, rev: 0, state: 'pending' },
      { ...b, rev: 0, state: 'pending' },
      { ...a, rev: 2, state: 'done', source: 'final-a' },
      { ...a, rev: 1, state: 'streaming' },
      { ...b, source: 'final-b' }, // no rev: final
      { ...b, rev: 5, state: 'pending' },
    ];
    const { exchanges } = finalExchanges(frames);
    expect(exchanges.map((f) => [f.id, f.source])).toEqual([
      [a.id, 'final-a'],
      [b.id, 'final-b'],
    ]);
  });

  it("groups a stream's blocks by exchange and orders them by sequence number", () => {
    const block = (exchangeId: string, seq: number, raw: string): SseFrame => ({
      kind: 'sse',
      id: `${exchangeId}-${seq}-${raw}`,
      source: 'agent:stream',
      timing: { start: seq },
      exchangeId,
      seq,
      offset: { start: 0, end: 0 },
      raw,
      dispatched: true,
    });
    const { events } = finalExchanges([
      block('x', 1, 'one'),
      block('x', 0, 'zero'),
      block('y', 0, 'other'),
      block('x', 1, 'again'),
    ]);
    expect(events.get('x')!.map((e) => e.raw)).toEqual(['zero', 'again']);
    expect(events.get('y')!.map((e) => e.raw)).toEqual(['other']);
  });
});

describe('recordedExchanges', () => {
  it('keeps A2A exchanges sent to the served origins: not card discovery, token requests or other hosts', () => {
    const kept = exchange('POST', '/rpc', send('a'));
    const frames: Frame[] = [
      exchange('GET', '/.well-known/agent-card.json', undefined, { source: 'discovery:card' }),
      kept,
      {
        ...exchange('POST', '/token'),
        request: { method: 'POST', url: 'https://auth.example/token', headers: [] },
      },
      exchange('POST', '/oauth/token', undefined, { source: 'oauth:token' }),
      { ...exchange('POST', '/x'), request: { method: 'POST', url: 'not a url', headers: [] } },
    ];
    const recorded = recordedExchanges(finalExchanges(frames), new Set([ORIGIN]));
    expect(recorded.map((r) => [r.index, r.key, r.frame.id])).toEqual([
      [0, 'POST /rpc SendMessage', kept.id],
    ]);
  });
});

describe('ReplayBook', () => {
  const book = (...frames: HttpFrame[]) =>
    new ReplayBook(recordedExchanges(finalExchanges(frames), new Set([ORIGIN])));
  const ask = (request: unknown, path = '/rpc', method = 'POST') =>
    requestFacts(method, path, request === undefined ? undefined : JSON.stringify(request));

  it('hands out the recordings of a key in recorded order, then reuses the last one', () => {
    const first = exchange('POST', '/rpc', send('one'));
    const second = exchange('POST', '/rpc', send('two'));
    const replay = book(first, second);
    const other = send('something else');
    expect(replay.take(ask(other))?.frame.id).toBe(first.id);
    expect(replay.take(ask(other))?.frame.id).toBe(second.id);
    expect(replay.take(ask(other))?.frame.id).toBe(second.id);
    expect(replay.take(ask(other))?.frame.id).toBe(second.id);
  });

  it('prefers the recording with the same message text, then the same task', () => {
    const hello = exchange('POST', '/rpc', send('hello'));
    const ask1 = exchange('POST', '/rpc', send('need input'));
    const answer = exchange('POST', '/rpc', send('blue', { taskId: 't-1' }));
    const replay = book(hello, ask1, answer);
    expect(replay.take(ask(send('need input')))?.frame.id).toBe(ask1.id);
    expect(replay.take(ask(send('green', { taskId: 't-1' })))?.frame.id).toBe(answer.id);
    expect(replay.take(ask(send('hello')))?.frame.id).toBe(hello.id);
    // All used: the best match again, the last of equals otherwise.
    expect(replay.take(ask(send('need input')))?.frame.id).toBe(ask1.id);
    expect(replay.take(ask(send('unheard of')))?.frame.id).toBe(ask1.id);
  });

  it('scores text over task over the rest', () => {
    const facts = (text: string, extra: Record<string, unknown> = {}) => ask(send(text, extra));
    expect(likeness(facts('a'), facts('a'))).toBeGreaterThan(
      likeness(facts('b', { taskId: 't' }), facts('a', { taskId: 't' })),
    );
    expect(likeness(facts('a', { taskId: 't' }), facts('b', { taskId: 't' }))).toBeGreaterThan(
      likeness(facts('a'), facts('b', { taskId: 't' })),
    );
  });

  it('has nothing for another key: another path, method, JSON-RPC method or task', () => {
    const replay = book(
      exchange('POST', '/rpc', rpc('GetTask', { id: 't-1' })),
      exchange('GET', '/rest/tasks/t-1'),
    );
    expect(replay.take(ask(rpc('GetTask', { id: 't-2' })))).toBeUndefined();
    expect(replay.take(ask(rpc('CancelTask', { id: 't-1' })))).toBeUndefined();
    expect(replay.take(ask(rpc('GetTask', { id: 't-1' }), '/other'))).toBeUndefined();
    expect(replay.take(ask(undefined, '/rest/tasks/t-1', 'POST'))).toBeUndefined();
    expect(replay.take(ask(undefined, '/rest/tasks/t-1?historyLength=3', 'GET'))).toBeDefined();
    expect(replay.take(ask(rpc('GetTask', { id: 't-1' })))).toBeDefined();
  });

  it('knows which JSON-RPC methods and endpoints the session used', () => {
    const replay = book(exchange('POST', '/rpc', rpc('GetTask', { id: 't-1' })), exchange('GET', '/rest/x'));
    expect(replay.knowsRpcMethod('GetTask')).toBe(true);
    expect(replay.knowsRpcMethod('ListTasks')).toBe(false);
    expect(replay.isRpcEndpoint('post', '/rpc')).toBe(true);
    expect(replay.isRpcEndpoint('GET', '/rest/x')).toBe(false);
  });
});
