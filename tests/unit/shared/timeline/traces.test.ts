// Traces across hops (PRX-2): frames grouped by trace id, a two-hop chain through two proxies found from the span ids,
// sequential calls kept as siblings, malformed headers set aside with their findings, and a large window indexed.

import { describe, expect, it } from 'vitest';
import type { ProxiedInfo } from '../../../../shared/proxy/proxyTypes';
import { indexTraces, traceDetail } from '../../../../shared/timeline/traces';
import type { BodyBytes, Frame, HttpFrame, SseFrame, WebhookFrame } from '../../../../shared/wire/frame';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN = '00f067aa0ba902b7';
const traceparent = (span: string, trace = TRACE): [string, string] => [
  'traceparent',
  `00-${trace}-${span}-01`,
];

const body = (text: string): BodyBytes => ({ base64: '', text, size: text.length, utf8Valid: true });

function http(
  id: string,
  start: number,
  end: number,
  headers: Array<[string, string]>,
  extra: Partial<HttpFrame> = {},
) {
  const frame: HttpFrame = {
    kind: 'http',
    id,
    source: 'agent:send',
    timing: { start, firstByte: start + 5, end },
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:4000/',
      headers,
      body: body('{"method":"message/send"}'),
    },
    response: { status: 200, statusText: 'OK', httpVersion: '1.1', headers: [], body: body('{}') },
    ...extra,
  };
  return frame;
}

function proxied(proxyId: string, upstream: string, userAgent: string): ProxiedInfo {
  return {
    proxyId,
    listenUrl: `http://127.0.0.1:9${proxyId.length}/`,
    upstream,
    client: { address: '127.0.0.1', port: 50000, userAgent },
    binding: 'JSONRPC',
  };
}

function event(id: string, exchangeId: string, at: number): SseFrame {
  return {
    kind: 'sse',
    id,
    exchangeId,
    source: 'agent:stream',
    timing: { start: at },
    seq: 0,
    offset: { start: 0, end: 10 },
    raw: 'data: {}\n\n',
    dispatched: true,
    event: { index: 0, type: 'message', data: '{}' },
  };
}

describe('indexTraces', () => {
  it('groups frames by trace id and leaves untraced frames out', () => {
    const frames: Frame[] = [
      http('f1', 1000, 1100, [traceparent(CLIENT_SPAN)]),
      http('f2', 2000, 2050, [['accept', '*/*']]),
      http('f3', 3000, 3300, [traceparent(CLIENT_SPAN)], { response: undefined, error: failure() }),
      http('f4', 4000, 4010, [traceparent('1111111111111111', 'a'.repeat(32))]),
    ];
    const index = indexTraces(frames);
    expect(index.traces.map((trace) => [trace.traceId, trace.hops, trace.errors, trace.durationMs])).toEqual([
      ['a'.repeat(32), 1, 0, 10],
      [TRACE, 2, 1, 2300],
    ]);
    expect(index.traces[1]!.rootOperation).toBe('message/send');
    expect(index.traces[1]!.frameIds).toEqual(['f1', 'f3']);
  });

  it('sets malformed trace headers aside with their findings', () => {
    const index = indexTraces([http('bad', 1, 2, [['traceparent', '00-zz']])]);
    expect(index.traces).toEqual([]);
    expect(index.malformed).toEqual([
      { frameId: 'bad', findings: [expect.objectContaining({ rule: 'trace.traceparent-invalid' })] },
    ]);
  });

  it('attaches stream events to their exchange, even when they come first', () => {
    const frames: Frame[] = [
      event('e1', 's', 1020),
      http('s', 1000, 1100, [traceparent(CLIENT_SPAN)], { stream: { bytes: 20, events: 2, emptyBlocks: 0 } }),
      event('e2', 's', 1090),
    ];
    const index = indexTraces(frames);
    const detail = traceDetail(TRACE, index.exchanges.get(TRACE)!);
    expect(detail.rows[0]).toMatchObject({
      start: 0,
      firstByte: 5,
      end: 100,
      streamMs: 95,
      events: [20, 90],
    });
  });

  it('indexes a large window in one pass', () => {
    const frames: Frame[] = [];
    for (let i = 0; i < 100_000; i++)
      frames.push(http(`f${i}`, i, i + 1, i % 10 === 0 ? [traceparent(CLIENT_SPAN)] : [['accept', '*/*']]));
    const index = indexTraces(frames);
    expect(index.traces).toHaveLength(1);
    expect(index.traces[0]!.hops).toBe(10_000);
    expect(traceDetail(TRACE, index.exchanges.get(TRACE)!).rows).toHaveLength(10_000);
  });
});

describe('traceDetail', () => {
  it('finds a two-hop chain from the span the first hop passed on', () => {
    const agentA = 'http://127.0.0.1:4001';
    const agentB = 'http://127.0.0.1:4002';
    const frames: Frame[] = [
      http('outer', 1000, 1500, [traceparent(CLIENT_SPAN)], { proxied: proxied('p1', agentA, 'sdk-client') }),
      // Agent A passes the same traceparent on while serving the outer call.
      http('inner', 1100, 1400, [traceparent(CLIENT_SPAN)], { proxied: proxied('p2', agentB, 'node') }),
    ];
    const index = indexTraces(frames);
    const detail = traceDetail(TRACE, index.exchanges.get(TRACE)!);
    expect(detail.rows.map((row) => [row.frameId, row.depth, row.from, row.to])).toEqual([
      ['outer', 0, 'sdk-client (127.0.0.1)', '127.0.0.1:4001'],
      ['inner', 1, '127.0.0.1:4001', '127.0.0.1:4002'],
    ]);
    expect(detail.edges).toEqual([
      { from: 'client:127.0.0.1|sdk-client', to: `agent:${agentA}`, calls: 1, errors: 0 },
      { from: `agent:${agentA}`, to: `agent:${agentB}`, calls: 1, errors: 0 },
    ]);
    expect(detail.nodes.map((node) => node.kind)).toEqual(['client', 'agent', 'agent']);
    expect(detail.durationMs).toBe(500);
  });

  it('nests a hop whose agent started a span of its own by time, through another proxy', () => {
    const frames: Frame[] = [
      http('outer', 1000, 1500, [traceparent(CLIENT_SPAN)], { proxied: proxied('p1', 'http://a', 'c') }),
      http('inner', 1100, 1400, [traceparent('2222222222222222')], {
        proxied: proxied('p2', 'http://b', 'a'),
      }),
      http('later', 1600, 1700, [traceparent('2222222222222222')], {
        proxied: proxied('p2', 'http://b', 'a'),
      }),
    ];
    const detail = traceDetail(TRACE, indexTraces(frames).exchanges.get(TRACE)!);
    expect(detail.rows.map((row) => [row.frameId, row.depth])).toEqual([
      ['outer', 0],
      ['inner', 1],
      ['later', 0],
    ]);
  });

  it("keeps the app's own calls with one traceparent as siblings, named by the agent", () => {
    const own = { agentId: 'agent-1', operation: 'send', generation: '1.0', binding: 'JSONRPC' };
    const frames: Frame[] = [
      http('one', 1000, 1100, [traceparent(CLIENT_SPAN)], { a2a: own }),
      http('two', 1050, 1300, [traceparent(CLIENT_SPAN)], { a2a: own }),
    ];
    const detail = traceDetail(TRACE, indexTraces(frames).exchanges.get(TRACE)!, (id) =>
      id === 'agent-1' ? 'Echo agent' : undefined,
    );
    expect(detail.rows.map((row) => [row.frameId, row.depth, row.from, row.to, row.operation])).toEqual([
      ['one', 0, 'Switchboard', 'Echo agent', 'send'],
      ['two', 0, 'Switchboard', 'Echo agent', 'send'],
    ]);
    expect(detail.edges).toEqual([{ from: 'switchboard', to: 'agent-id:agent-1', calls: 2, errors: 0 }]);
  });

  it("nests a proxied hop under the app's own call, and lists a push delivery of the trace as a root", () => {
    const own = { agentId: 'a1', operation: 'send', generation: '1.0', binding: 'JSONRPC' };
    const delivery: WebhookFrame = {
      kind: 'webhook',
      id: 'push',
      source: 'webhook',
      timing: { start: 1450 },
      request: { method: 'POST', url: 'http://127.0.0.1:7000/push/t1', headers: [traceparent(CLIENT_SPAN)] },
      response: { status: 200, headers: [], body: body('') },
      verdict: { accepted: true, status: 200, reason: 'Accepted' },
      remote: { address: '127.0.0.1', port: 4242 },
    };
    const frames: Frame[] = [
      http('own', 1000, 1500, [traceparent(CLIENT_SPAN)], { a2a: own }),
      http('hop', 1100, 1400, [traceparent(CLIENT_SPAN)], { proxied: proxied('p2', 'http://b:1', 'node') }),
      delivery,
    ];
    const detail = traceDetail(TRACE, indexTraces(frames).exchanges.get(TRACE)!, () => 'Agent A');
    expect(detail.rows.map((row) => [row.frameId, row.depth, row.from, row.to, row.operation])).toEqual([
      ['own', 0, 'Switchboard', 'Agent A', 'send'],
      ['hop', 1, 'Agent A', 'b:1', 'message/send'],
      ['push', 0, 'push sender (127.0.0.1)', 'Switchboard receiver', 'push delivery'],
    ]);
  });

  it('marks failed exchanges and the faults a proxy injected', () => {
    const info = { ...proxied('p1', 'http://a', 'c'), faults: [fault()] };
    const frames: Frame[] = [
      http('e', 1000, 1100, [traceparent(CLIENT_SPAN)], {
        proxied: info,
        response: { status: 503, statusText: 'x', httpVersion: '1.1', headers: [], body: body('') },
      }),
    ];
    const detail = traceDetail(TRACE, indexTraces(frames).exchanges.get(TRACE)!);
    expect(detail.rows[0]).toMatchObject({ failed: true, faults: ['Answered 503'] });
    expect(detail.edges[0]!.errors).toBe(1);
  });
});

function failure(): HttpFrame['error'] {
  return { kind: 'refused', label: 'refused', message: 'connection refused' };
}

function fault() {
  return { ruleId: 'r1', kind: 'error' as const, detail: 'Answered 503' };
}
