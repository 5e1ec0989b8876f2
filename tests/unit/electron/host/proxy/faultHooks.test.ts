// Fault rules as proxy hooks (PRX-4) on synthetic answers: each error shape per binding and generation, and each
// shaping of a body whose events are split across chunks. Delays wait on a gate clock the test opens by hand, so
// nothing sleeps and order, not time, is asserted.

import { describe, expect, it } from 'vitest';
import type { FaultRule } from '../../../../../shared/proxy/faultRules';
import type { ProxiedRequest, ProxyAnswer, ProxyHooks } from '../../../../../shared/proxy/proxyTypes';
import { realFaultClock, type FaultClock } from '../../../../../electron/host/proxy/faultClock';
import { faultHooks } from '../../../../../electron/host/proxy/faultHooks';
import { FaultRuleSet } from '../../../../../electron/host/proxy/faultRuleSet';
import { FaultDropError } from '../../../../../electron/host/proxy/faultShaping';
import { GateClock } from '../../../support/gateClock';

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

function request(overrides: Partial<ProxiedRequest> = {}): ProxiedRequest {
  return {
    proxyId: 'p1',
    binding: 'JSONRPC',
    generation: '1.0',
    method: 'POST',
    path: '/a2a/jsonrpc',
    headers: [],
    body: encode('{"jsonrpc":"2.0","id":"r-7","method":"SendStreamingMessage","params":{}}'),
    operation: 'SendStreamingMessage',
    ...overrides,
  };
}

/** A body that yields the given chunks and notes whether it was closed early. */
function source(chunks: Uint8Array[]): { body: AsyncIterable<Uint8Array>; closed: () => boolean } {
  let closed = false;
  let index = 0;
  const iterator: AsyncIterator<Uint8Array> = {
    next: async () =>
      index < chunks.length ? { done: false, value: chunks[index++]! } : { done: true, value: undefined },
    return: async () => {
      closed = true;
      return { done: true, value: undefined };
    },
  };
  return { body: { [Symbol.asyncIterator]: () => iterator }, closed: () => closed };
}

const sseText = 'data: {"n":1}\n\n: ping\n\ndata: {"n":2}\r\n\r\ndata: {"n":3}\n\ndata: {"n":4}\n\n';
/** The stream cut into awkward chunks: mid-field, mid-CRLF, mid-blank-line. */
const sseChunks = [7, 20, 35, 36, 50].reduce<{ chunks: Uint8Array[]; from: number }>(
  (acc, cut) => ({ chunks: [...acc.chunks, encode(sseText.slice(acc.from, cut))], from: cut }),
  { chunks: [], from: 0 },
);
sseChunks.chunks.push(encode(sseText.slice(sseChunks.from)));

function sseAnswer(chunks = sseChunks.chunks, extra: [string, string][] = []) {
  const upstream = source(chunks);
  const answer: ProxyAnswer = {
    status: 200,
    statusText: 'OK',
    headers: [['Content-Type', 'text/event-stream'], ...extra],
    body: upstream.body,
  };
  return { answer, upstream };
}

function hooksFor(
  rules: Array<Omit<FaultRule, 'enabled' | 'match'> & Partial<FaultRule>>,
  clock?: FaultClock,
) {
  const set = new FaultRuleSet(rules.map((rule) => ({ enabled: true, match: {}, ...rule })));
  return { set, hooks: faultHooks(set, clock ? { clock } : {}) as Required<ProxyHooks> };
}

async function collect(body: AsyncIterable<Uint8Array>): Promise<string> {
  let text = '';
  for await (const chunk of body) text += decode(chunk);
  return text;
}

async function answerText(answer: ProxyAnswer | undefined): Promise<unknown> {
  if (!answer) throw new Error('expected an answer');
  const text = await collect(answer.body);
  return text === '' ? '' : JSON.parse(text);
}

describe('error rules answer instead of the agent', () => {
  it('gives JSON-RPC an error envelope with the request id and, in 1.0, an ErrorInfo', async () => {
    const { hooks } = hooksFor([{ id: 'gone', action: { kind: 'error', jsonRpcCode: -32001 } }]);
    const answer = hooks.answerInstead(request());
    expect(answer?.status).toBe(200);
    expect(answer?.headers).toEqual([['content-type', 'application/json']]);
    expect(answer?.faults).toEqual([
      { ruleId: 'gone', kind: 'error', detail: 'Answered an error instead of calling the agent' },
    ]);
    expect(await answerText(answer)).toEqual({
      jsonrpc: '2.0',
      id: 'r-7',
      error: {
        code: -32001,
        message: 'Task not found',
        data: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'TASK_NOT_FOUND',
            domain: 'a2a-protocol.org',
          },
        ],
      },
    });
  });

  it('uses the given status and message, null for a request without id, and free-form data before 1.0', async () => {
    const { hooks } = hooksFor([
      { id: 'e', action: { kind: 'error', httpStatus: 503, message: 'Try later' } },
    ]);
    const answer = hooks.answerInstead(request({ generation: '0.3', body: encode('not json') }));
    expect(answer?.status).toBe(503);
    expect(await answerText(answer)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32603, message: 'Try later' },
    });
  });

  it('gives 1.0 HTTP+JSON a google.rpc.Status with the status the specification pairs with the code', async () => {
    const { hooks } = hooksFor([{ id: 'e', action: { kind: 'error', jsonRpcCode: -32001 } }]);
    const answer = hooks.answerInstead(request({ binding: 'HTTP+JSON', path: '/tasks/t-1', method: 'GET' }));
    expect(answer?.status).toBe(404);
    expect(answer?.headers).toEqual([['content-type', 'application/a2a+json']]);
    expect(await answerText(answer)).toEqual({
      error: {
        code: 404,
        status: 'NOT_FOUND',
        message: 'Task not found',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'TASK_NOT_FOUND',
            domain: 'a2a-protocol.org',
          },
        ],
      },
    });
  });

  it('gives 0.3 HTTP+JSON the {code, message} body of the 0.3 SDKs, and a plain 500 by default', async () => {
    const { hooks } = hooksFor([
      { id: 'e', match: { taskId: 't-1' }, action: { kind: 'error', jsonRpcCode: -32002 } },
      { id: 'f', action: { kind: 'error' } },
    ]);
    const rest = { binding: 'HTTP+JSON' as const, generation: '0.3', path: '/v1/tasks/t-1:cancel' };
    const first = hooks.answerInstead(request({ ...rest, taskId: 't-1' }));
    expect(first?.status).toBe(409);
    expect(await answerText(first)).toEqual({ code: -32002, message: 'Task cannot be canceled' });
    const second = hooks.answerInstead(request({ ...rest, taskId: 't-2' }));
    expect(second?.status).toBe(500);
    expect(await answerText(second)).toEqual({ code: -32603, message: 'Internal error' });
  });

  it('gives gRPC a trailers-only answer, the code from the rule or mapped from the JSON-RPC code', async () => {
    const grpc = { binding: 'GRPC' as const, path: '/lf.a2a.v1.A2AService/GetTask', operation: 'GetTask' };
    const mapped = hooksFor([
      { id: 'e', action: { kind: 'error', jsonRpcCode: -32001 } },
    ]).hooks.answerInstead(request(grpc));
    expect(mapped?.status).toBe(200);
    expect(mapped?.headers).toEqual([
      ['content-type', 'application/grpc'],
      ['grpc-status', '5'],
      ['grpc-message', 'Task not found'],
    ]);
    expect(await answerText(mapped)).toBe('');
    const given = hooksFor([
      { id: 'e', action: { kind: 'error', grpcCode: 14, message: 'down 100% – sorry' } },
    ]);
    expect(given.hooks.answerInstead(request(grpc))?.headers.slice(1)).toEqual([
      ['grpc-status', '14'],
      ['grpc-message', 'down 100%25 %E2%80%93 sorry'],
    ]);
  });

  it('answers nothing itself and leaves the answer alone when no rule matches', () => {
    const { hooks } = hooksFor([{ id: 'e', match: { operation: 'GetTask' }, action: { kind: 'error' } }]);
    expect(hooks.answerInstead(request())).toBeUndefined();
    const { answer } = sseAnswer();
    expect(hooks.shapeAnswer(request(), answer, new AbortController().signal)).toBe(answer);
  });
});

describe('shaping the agent answer', () => {
  it('holds the first byte until the clock lets it go, then passes the chunks unchanged', async () => {
    const clock = new GateClock();
    const { hooks } = hooksFor([{ id: 'slow', action: { kind: 'delay-first-byte', ms: 2000 } }], clock);
    const { answer } = sseAnswer();
    const shaped = hooks.shapeAnswer(request(), answer, new AbortController().signal);
    expect(shaped.faults).toEqual([
      { ruleId: 'slow', kind: 'delay-first-byte', detail: 'Delayed the first byte by 2000 ms' },
    ]);
    const iterator = shaped.body[Symbol.asyncIterator]();
    let got = false;
    const first = iterator.next().then((r) => ((got = true), r));
    await clock.waiting();
    expect(got).toBe(false);
    expect(clock.waits).toEqual([2000]);
    clock.release();
    expect(decode((await first).value as Uint8Array)).toBe(sseText.slice(0, 7));
  });

  it('spaces events out: each event after the first waits, comments do not', async () => {
    const clock = new GateClock();
    const { hooks } = hooksFor([{ id: 'gaps', action: { kind: 'delay-events', ms: 50 } }], clock);
    const shaped = hooks.shapeAnswer(request(), sseAnswer().answer, new AbortController().signal);
    const iterator = shaped.body[Symbol.asyncIterator]();
    const seen: string[] = [];
    const reader = (async () => {
      for (let r = await iterator.next(); !r.done; r = await iterator.next()) seen.push(decode(r.value));
    })();
    for (let waited = 1; waited <= 3; waited += 1) {
      await clock.waiting();
      expect(seen.filter((s) => s.startsWith('data')).length).toBe(waited);
      clock.release();
    }
    await reader;
    expect(seen.join('')).toBe(sseText);
    expect(clock.waits).toEqual([50, 50, 50]);
  });

  it('drops the stream after N events and closes the upstream', async () => {
    const { hooks } = hooksFor([{ id: 'cut', action: { kind: 'drop-stream', afterEvents: 2 } }]);
    const { answer, upstream } = sseAnswer(sseChunks.chunks, [['Content-Length', '999']]);
    const shaped = hooks.shapeAnswer(request(), answer, new AbortController().signal);
    expect(shaped.headers).toEqual([['Content-Type', 'text/event-stream']]);
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of shaped.body) seen.push(decode(chunk));
      })(),
    ).rejects.toBeInstanceOf(FaultDropError);
    expect(seen).toEqual(['data: {"n":1}\n\n', ': ping\n\n', 'data: {"n":2}\r\n\r\n']);
    expect(upstream.closed()).toBe(true);
  });

  it('says so on the mark when the stream ended before the drop or the event to spoil', async () => {
    const { hooks } = hooksFor([
      { id: 'cut', action: { kind: 'drop-stream', afterEvents: 9 } },
      { id: 'spoil', action: { kind: 'corrupt-event', eventIndex: 7, how: 'garbage' } },
    ]);
    const shaped = hooks.shapeAnswer(request(), sseAnswer().answer, new AbortController().signal);
    expect(await collect(shaped.body)).toBe(sseText);
    expect(shaped.faults?.map((f) => f.detail)).toEqual([
      'The stream ended by itself after 4 events, before the drop',
      'The stream ended after 4 events, before event 8 to spoil',
    ]);
  });

  it('spoils event N of an SSE stream and leaves the others byte for byte', async () => {
    const { hooks } = hooksFor([
      { id: 'spoil', action: { kind: 'corrupt-event', eventIndex: 1, how: 'truncate-json' } },
    ]);
    const shaped = hooks.shapeAnswer(request(), sseAnswer().answer, new AbortController().signal);
    expect(await collect(shaped.body)).toBe(sseText.replace('data: {"n":2}\r\n\r\n', 'data: {"n\n\n'));
  });

  it('spoils a gRPC message inside a valid length prefix', async () => {
    const message = (payload: number[]) => new Uint8Array([0, 0, 0, 0, payload.length, ...payload]);
    const bytes = new Uint8Array([...message([8, 1]), ...message([8, 2, 16, 3])]);
    const upstream = source([bytes.slice(0, 3), bytes.slice(3, 9), bytes.slice(9)]);
    const { hooks } = hooksFor([
      { id: 'spoil', action: { kind: 'corrupt-event', eventIndex: 1, how: 'garbage' } },
    ]);
    const shaped = hooks.shapeAnswer(
      request({ binding: 'GRPC', path: '/lf.a2a.v1.A2AService/SendStreamingMessage' }),
      { status: 200, statusText: '', headers: [['content-type', 'application/grpc']], body: upstream.body },
      new AbortController().signal,
    );
    const out: number[] = [];
    for await (const chunk of shaped.body) out.push(...chunk);
    expect(out).toEqual([...message([8, 1]), 0, 0, 0, 0, 4, 0xff, 0xff, 0xff, 0xff]);
  });

  it('says a per-event delay had nothing to space out on a plain answer', async () => {
    const { hooks } = hooksFor([{ id: 'gaps', action: { kind: 'delay-events', ms: 5 } }]);
    const upstream = source([encode('{"jsonrpc":"2.0","id":1,"result":{}}')]);
    const shaped = hooks.shapeAnswer(
      request({ operation: 'SendMessage' }),
      { status: 200, statusText: '', headers: [['content-type', 'application/json']], body: upstream.body },
      new AbortController().signal,
    );
    expect(await collect(shaped.body)).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
    expect(shaped.faults?.[0]?.detail).toBe('Nothing to space out: the answer is not a stream');
  });

  it('drops a gRPC server stream after N messages, one split across chunks', async () => {
    const message = (payload: number[]) => [0, 0, 0, 0, payload.length, ...payload];
    const bytes = Uint8Array.from([...message([8, 1]), ...message([8, 2]), ...message([8, 3])]);
    const upstream = source([bytes.slice(0, 9), bytes.slice(9, 12), bytes.slice(12)]);
    const { hooks } = hooksFor([{ id: 'cut', action: { kind: 'drop-stream', afterEvents: 2 } }]);
    const shaped = hooks.shapeAnswer(
      request({ binding: 'GRPC', path: '/lf.a2a.v1.A2AService/SendStreamingMessage', operation: undefined }),
      { status: 200, statusText: '', headers: [['content-type', 'application/grpc']], body: upstream.body },
      new AbortController().signal,
    );
    const out: number[] = [];
    await expect(
      (async () => {
        for await (const chunk of shaped.body) out.push(...chunk);
      })(),
    ).rejects.toBeInstanceOf(FaultDropError);
    expect(out).toEqual([...message([8, 1]), ...message([8, 2])]);
    expect(upstream.closed()).toBe(true);
  });

  it('spoils a plain JSON answer as a whole', async () => {
    const { hooks } = hooksFor([
      { id: 'spoil', action: { kind: 'corrupt-event', eventIndex: 0, how: 'truncate-json' } },
    ]);
    const upstream = source([encode('{"jsonrpc":"2.0",'), encode('"id":1,"result":{}}')]);
    const shaped = hooks.shapeAnswer(
      request({ operation: 'SendMessage' }),
      {
        status: 200,
        statusText: '',
        headers: [
          ['content-type', 'application/json'],
          ['content-length', '37'],
        ],
        body: upstream.body,
      },
      new AbortController().signal,
    );
    expect(shaped.headers).toEqual([['content-type', 'application/json']]);
    expect(await collect(shaped.body)).toBe('{"jsonrpc":"2.0","');
  });

  it('stalls: an empty chunk for the head, then nothing until the client goes away', async () => {
    const { hooks } = hooksFor([{ id: 'hang', action: { kind: 'stall' } }]);
    const { answer, upstream } = sseAnswer();
    const client = new AbortController();
    const shaped = hooks.shapeAnswer(request(), answer, client.signal);
    const iterator = shaped.body[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual(new Uint8Array(0));
    const rest = iterator.next();
    expect(upstream.closed()).toBe(false);
    client.abort();
    expect((await rest).done).toBe(true);
    expect(upstream.closed()).toBe(true);
  });

  it('stops a delay when the client goes away, and a real clock lets go at once then', async () => {
    const client = new AbortController();
    const { hooks } = hooksFor(
      [{ id: 'slow', action: { kind: 'delay-first-byte', ms: 600_000 } }],
      realFaultClock,
    );
    const { answer, upstream } = sseAnswer();
    const shaped = hooks.shapeAnswer(request(), answer, client.signal);
    const next = shaped.body[Symbol.asyncIterator]().next();
    client.abort();
    expect((await next).done).toBe(true);
    expect(upstream.closed()).toBe(true);
  });
});

describe('a rule set changed while traffic flows', () => {
  it('applies a rule to its first N requests only', () => {
    const { set, hooks } = hooksFor([{ id: 'twice', times: 2, action: { kind: 'error' } }]);
    const answers = [1, 2, 3].map(() => hooks.answerInstead(request()));
    expect(answers.map((a) => a?.status)).toEqual([200, 200, undefined]);
    expect(set.uses('twice')).toBe(2);
  });

  it('gives a new rule to the next request while a stream under way keeps its plan', async () => {
    const clock = new GateClock();
    const { set, hooks } = hooksFor([{ id: 'gaps', action: { kind: 'delay-events', ms: 5 } }], clock);
    const running = hooks.shapeAnswer(request(), sseAnswer().answer, new AbortController().signal);
    set.replace([{ id: 'cut', enabled: true, match: {}, action: { kind: 'drop-stream', afterEvents: 1 } }]);
    const reading = collect(running.body);
    for (let i = 0; i < 3; i += 1) {
      await clock.waiting();
      clock.release();
    }
    expect(await reading).toBe(sseText);
    const next = hooks.shapeAnswer(request(), sseAnswer().answer, new AbortController().signal);
    await expect(collect(next.body)).rejects.toBeInstanceOf(FaultDropError);
  });

  it('turns a rule off and on, keeps the count of an unchanged rule, and loads only a good list', () => {
    const { set, hooks } = hooksFor([{ id: 'once', times: 1, action: { kind: 'error' } }]);
    expect(set.setEnabled('once', false)).toBe(true);
    expect(hooks.answerInstead(request())).toBeUndefined();
    expect(set.setEnabled('once', true)).toBe(true);
    expect(set.setEnabled('nobody', true)).toBe(false);
    expect(hooks.answerInstead(request())).toBeDefined();
    set.replace(set.list());
    expect(hooks.answerInstead(request())).toBeUndefined();
    const refused = set.load([{ action: { kind: 'nap' } }]);
    expect(refused.ok).toBe(false);
    expect(set.list().map((r) => r.id)).toEqual(['once']);
    expect(set.load({ rules: [{ action: { kind: 'stall' } }] }).ok).toBe(true);
    expect(set.size).toBe(1);
  });

  it('leaves the served card and requests that are no A2A call alone', () => {
    const { set, hooks } = hooksFor([{ id: 'fail', action: { kind: 'error' } }]);
    expect(
      hooks.answerInstead(request({ binding: 'card', path: '/.well-known/agent-card.json' })),
    ).toBeUndefined();
    expect(hooks.answerInstead(request({ binding: 'other', path: '/favicon.ico' }))).toBeUndefined();
    expect(set.uses('fail')).toBe(0);
  });

  it('lets an error stand alone: the other rules are not used up by it', () => {
    const { set, hooks } = hooksFor([
      { id: 'slow', times: 1, action: { kind: 'delay-first-byte', ms: 1 } },
      { id: 'fail', times: 1, action: { kind: 'error' } },
    ]);
    const failed = request();
    expect(hooks.answerInstead(failed)?.faults?.map((f) => f.ruleId)).toEqual(['fail']);
    const own = hooks.answerInstead(failed)!;
    expect(hooks.shapeAnswer(failed, own, new AbortController().signal)).toBe(own);
    expect(set.uses('slow')).toBe(0);
  });

  it('reads nothing of a request when there are no rules, so its identity can wait until it has left', () => {
    const read: string[] = [];
    const watched = { ...request() } as ProxiedRequest;
    for (const key of ['operation', 'taskId', 'messageText'] as const)
      Object.defineProperty(watched, key, {
        enumerable: true,
        get: () => {
          read.push(key);
          return undefined;
        },
      });
    const hooks = faultHooks(new FaultRuleSet([]));
    expect(hooks.answerInstead!(watched)).toBeUndefined();
    const answer: ProxyAnswer = { status: 200, statusText: 'OK', headers: [], body: source([]).body };
    expect(hooks.shapeAnswer!(watched, answer, new AbortController().signal)).toBe(answer);
    expect(read).toEqual([]);
  });
});
