// W3C Trace Context as checks (PRX-2): each header rule of traceContext.ts reaches the check report under its check,
// with the recommendation's section and link; the trace checks run only when some request was traced; and an agent
// that drops the trace context (or its tracestate) on a call it makes while serving a traced call is named.

import { describe, expect, it } from 'vitest';
import { checkById } from '../../../../shared/checks/catalog';
import { sideOf } from '../../../../shared/checks/findingSides';
import { reportToJUnit } from '../../../../shared/checks/reportExport';
import { runChecks } from '../../../../shared/checks/runChecks';
import { traceFindings } from '../../../../shared/checks/traceChecks';
import type { ProxiedInfo } from '../../../../shared/proxy/proxyTypes';
import type { Frame, HeaderList, HttpFrame } from '../../../../shared/wire/frame';
import { exchange, push } from '../../../fixtures/checks/frames';

const GOOD = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
const CHILD = '00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01';

const report = (frames: Frame[]) => runChecks({ frames, agents: [], cardFindings: [], appVersion: 'x' });
const traced = (headers: HeaderList, id = 'f') => exchange({ id, requestHeaders: headers });
const found = (frames: Frame[]) =>
  report(frames)
    .findings.filter((f) => f.checkId.startsWith('trace.'))
    .map((f) => [f.checkId, f.severity, f.message]);

describe('the trace checks run only where a request was traced', () => {
  it('are neither run nor reported on untraced traffic', () => {
    const result = report([exchange({ id: 'plain' })]);
    expect(result.checksRun.filter((id) => id.startsWith('trace.'))).toEqual([]);
    expect(reportToJUnit(result)).not.toContain('switchboard.trace');
  });

  it('a valid traceparent and tracestate pass all three, which are listed as run', () => {
    const result = report([
      traced([
        ['traceparent', GOOD],
        ['tracestate', 'congo=t61rcWkgMzE'],
      ]),
    ]);
    expect(result.checksRun).toEqual(
      expect.arrayContaining(['trace.traceparent', 'trace.tracestate', 'trace.propagation']),
    );
    expect(result.findings).toEqual([]);
    expect(reportToJUnit(result)).toContain('<testsuite name="switchboard.trace" tests="3" failures="0"');
  });
});

describe('trace.traceparent', () => {
  const cases: Array<[string, HeaderList, string]> = [
    ['wrong length', [['traceparent', GOOD.slice(0, 54)]], 'version 00 is exactly 55 characters'],
    ['version ff', [['traceparent', `ff${GOOD.slice(2)}`]], 'version ff is forbidden'],
    ['upper case', [['traceparent', GOOD.toUpperCase()]], 'trace-id is not 32 lower-case hex digits'],
    ['zero trace-id', [['traceparent', `00-${'0'.repeat(32)}-b7ad6b7169203331-01`]], 'trace-id is all zeros'],
    [
      'zero parent-id',
      [['traceparent', `00-${'1'.repeat(32)}-${'0'.repeat(16)}-01`]],
      'parent-id is all zeros',
    ],
    [
      'sent twice',
      [
        ['traceparent', GOOD],
        ['traceparent', CHILD],
      ],
      'sends it more than once',
    ],
  ];
  for (const [name, headers, words] of cases) {
    it(`a malformed traceparent (${name}) is a warning citing §3.2`, () => {
      const result = report([traced(headers, name)]);
      const hit = result.findings.find((f) => f.checkId === 'trace.traceparent');
      expect(hit?.severity).toBe('warning');
      expect(hit?.message).toContain(words);
      expect(hit?.spec).toBe('W3C Trace Context §3.2 traceparent Header');
      expect(hit?.specUrl).toBe('https://www.w3.org/TR/trace-context/#traceparent-header');
      expect(hit?.frameIds).toEqual([name]);
    });
  }

  it('a later version is a note, read by its first 55 characters', () => {
    expect(found([traced([['traceparent', `01${GOOD.slice(2)}-more`]])])).toEqual([
      [
        'trace.traceparent',
        'info',
        'traceparent version 01 is later than 00; read by its first 55 characters.',
      ],
    ]);
  });

  it('the same bad header on many requests is one finding seen that many times', () => {
    const frames = ['a', 'b', 'c'].map((id) => traced([['traceparent', 'junk']], id));
    const hits = report(frames).findings.filter((f) => f.checkId === 'trace.traceparent');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ count: 3, frameIds: ['a', 'b', 'c'] });
  });

  it('a push delivery’s headers are judged too', () => {
    const delivery = push({ id: 'd1', taskId: 't', state: 'completed' });
    delivery.request.headers.push(['traceparent', 'nope']);
    expect(traceFindings([delivery]).findings.map((f) => [f.checkId, f.frameIds])).toEqual([
      ['trace.traceparent', ['d1']],
    ]);
  });
});

describe('trace.tracestate', () => {
  it.each([
    ['a malformed member', 'Bad Key=1', 'warning', 'tracestate member "Bad Key=1" is malformed.'],
    ['a duplicate key', 'a=1,a=2', 'warning', 'tracestate names the key "a" twice.'],
    [
      'more than 32 members',
      Array.from({ length: 33 }, (_, i) => `k${i}=v`).join(','),
      'warning',
      'tracestate has 33 members; past 32 a hop may drop some.',
    ],
  ])('%s', (_name, value, severity, message) => {
    expect(
      found([
        traced([
          ['traceparent', GOOD],
          ['tracestate', value],
        ]),
      ]),
    ).toEqual([['trace.tracestate', severity, message]]);
  });

  it('a tracestate without a traceparent is a note', () => {
    expect(found([traced([['tracestate', 'a=1']])])).toEqual([
      ['trace.tracestate', 'info', 'tracestate sent without a traceparent is ignored.'],
    ]);
  });
});

describe('trace.propagation', () => {
  const via = (proxyId: string, upstream: string, client = '127.0.0.1'): ProxiedInfo => ({
    proxyId,
    listenUrl: `http://127.0.0.1:${proxyId === 'p1' ? 9000 : 9100}`,
    upstream,
    client: { address: client, port: 50000 },
    binding: 'JSONRPC',
  });
  const call = (id: string, proxied: ProxiedInfo, start: number, end: number, headers: HeaderList = []) => {
    const frame: HttpFrame = exchange({ id, start, end, requestHeaders: headers });
    frame.proxied = proxied;
    return frame;
  };
  const outer = (headers: HeaderList = [['traceparent', GOOD]]) =>
    call('outer', via('p1', 'http://127.0.0.1:7001'), 100, 200, headers);

  it('an agent that calls on without a traceparent breaks the trace: both frames are named', () => {
    const result = report([outer(), call('inner', via('p2', 'http://127.0.0.1:7002'), 120, 180)]);
    const hits = result.findings.filter((f) => f.checkId === 'trace.propagation');
    expect(hits.map((f) => [f.severity, f.frameIds, f.spec])).toEqual([
      ['warning', ['inner', 'outer'], 'W3C Trace Context §4 Processing Model'],
    ]);
    expect(hits[0]!.message).toContain('called on without one');
  });

  it('an agent that passes the traceparent on, or a call outside the outer one’s span, is fine', () => {
    const inner = call('inner', via('p2', 'http://127.0.0.1:7002'), 120, 180, [['traceparent', CHILD]]);
    expect(found([outer(), inner])).toEqual([]);
    const after = call('after', via('p2', 'http://127.0.0.1:7002'), 210, 220);
    expect(found([outer(), after])).toEqual([]);
  });

  it('a call through the same proxy, or from another machine, is no hop of the agent', () => {
    const same = call('same', via('p1', 'http://127.0.0.1:7001'), 120, 180);
    expect(found([outer(), same])).toEqual([]);
    const remote = call('remote', via('p2', 'http://127.0.0.1:7002', '10.0.0.9'), 120, 180);
    expect(found([outer(), remote])).toEqual([]);
  });

  it('a tracestate the agent was given and did not pass on, in the same trace, is named', () => {
    const withState = outer([
      ['traceparent', GOOD],
      ['tracestate', 'congo=t61rcWkgMzE'],
    ]);
    const inner = call('inner', via('p2', 'http://127.0.0.1:7002'), 120, 180, [['traceparent', CHILD]]);
    const hits = found([withState, inner]);
    expect(hits).toEqual([
      ['trace.propagation', 'warning', expect.stringContaining('tracestate of 1 member')],
    ]);
    const kept = call('kept', via('p2', 'http://127.0.0.1:7002'), 120, 180, [
      ['traceparent', CHILD],
      ['tracestate', 'congo=t61rcWkgMzE'],
    ]);
    expect(found([withState, kept])).toEqual([]);
  });

  it('an agent Switchboard itself called with a traceparent, calling on without one, is named', () => {
    const own = exchange({ id: 'own', start: 100, end: 200, requestHeaders: [['traceparent', GOOD]] });
    own.request.url = 'http://127.0.0.1:7001/a2a/jsonrpc';
    const hits = found([own, call('inner', via('p2', 'http://127.0.0.1:7002'), 120, 180)]);
    expect(hits).toEqual([['trace.propagation', 'warning', expect.stringContaining('127.0.0.1:7001')]]);
    // Switchboard's own untraced call is no outer call, and its own calls are never inner ones.
    const plain = exchange({ id: 'plain', start: 100, end: 200 });
    expect(found([plain, call('inner', via('p2', 'http://127.0.0.1:7002'), 120, 180)])).toEqual([]);
    const ownInner = exchange({ id: 'ownInner', start: 120, end: 180 });
    expect(found([outer(), ownInner])).toEqual([]);
  });

  it('frames out of order give the same findings', () => {
    const inner = call('inner', via('p2', 'http://127.0.0.1:7002'), 120, 180);
    expect(found([inner, outer()])).toEqual(found([outer(), inner]));
  });
});

describe('which side a trace finding judges', () => {
  const bad: HeaderList = [['traceparent', GOOD.toUpperCase()]];
  const sides = (frames: Frame[]) =>
    report(frames)
      .findings.filter((f) => f.checkId.startsWith('trace.'))
      .map((f) => [f.checkId, f.frameIds, sideOf(f)]);

  it('a bad header a client sent through the proxy is the caller’s; the same header elsewhere, the agent’s', () => {
    const proxied = traced(bad, 'proxied');
    proxied.proxied = {
      proxyId: 'p1',
      listenUrl: 'http://127.0.0.1:9000',
      upstream: 'http://127.0.0.1:7001',
      client: { address: '127.0.0.1', port: 50000 },
      binding: 'JSONRPC',
    };
    expect(sides([proxied, traced(bad, 'own')])).toEqual([
      ['trace.traceparent', ['proxied'], 'caller'],
      ['trace.traceparent', ['own'], 'agent'],
    ]);
  });

  it('a dropped context on the agent’s onward call is the agent’s', () => {
    const via = (proxyId: string, upstream: string): ProxiedInfo => ({
      proxyId,
      listenUrl: 'http://127.0.0.1:9000',
      upstream,
      client: { address: '127.0.0.1', port: 50000 },
      binding: 'JSONRPC',
    });
    const outer = traced([['traceparent', GOOD]], 'outer');
    Object.assign(outer, { proxied: via('p1', 'http://127.0.0.1:7001'), timing: { start: 100, end: 200 } });
    const inner = traced([], 'inner');
    Object.assign(inner, { proxied: via('p2', 'http://127.0.0.1:7002'), timing: { start: 120, end: 180 } });
    expect(sides([outer, inner])).toEqual([['trace.propagation', ['inner', 'outer'], 'agent']]);
  });
});

describe('the catalogue', () => {
  it('holds the three trace checks in their own area, citing the recommendation', () => {
    for (const id of ['trace.traceparent', 'trace.tracestate', 'trace.propagation']) {
      expect(checkById(id)).toMatchObject({ area: 'trace', severity: 'warning' });
      expect(checkById(id)?.specUrl).toMatch(/^https:\/\/www\.w3\.org\/TR\/trace-context\/#/);
    }
  });
});
