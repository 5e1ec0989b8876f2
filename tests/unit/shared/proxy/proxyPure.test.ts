// The recording proxy's pure decisions (PRX-1): which header lines go on (RFC 9110 §7.6.1), which path goes to which
// upstream interface and how the card's URLs move, and what a request names (its task, its message text).

import { describe, expect, it } from 'vitest';
import { forwardableHeaders } from '../../../../shared/proxy/hopByHop';
import {
  isCardPath,
  matchRoute,
  planRoutes,
  proxiedUrl,
  upstreamTarget,
} from '../../../../shared/proxy/proxyRoutes';
import { requestFacts } from '../../../../shared/proxy/requestFacts';

describe('forwardableHeaders', () => {
  it('drops hop-by-hop fields and those Connection names, keeping the rest in order and case', () => {
    expect(
      forwardableHeaders([
        ['Host', 'a'],
        ['Connection', 'keep-alive, X-Hop'],
        ['X-Hop', '1'],
        ['Keep-Alive', 'timeout=5'],
        ['TE', 'trailers'],
        ['Transfer-Encoding', 'chunked'],
        ['Upgrade', 'h2c'],
        ['Proxy-Authorization', 'Basic x'],
        ['Authorization', 'Bearer t'],
        ['x-Custom', 'v'],
        ['x-custom', 'w'],
      ]),
    ).toEqual([
      ['Host', 'a'],
      ['Authorization', 'Bearer t'],
      ['x-Custom', 'v'],
      ['x-custom', 'w'],
    ]);
  });
});

describe('routes', () => {
  const plan = planRoutes('http://up:1/.well-known/agent-card.json', [
    { url: 'http://user:pw@up:1/a2a/jsonrpc', bindingWire: 'JSONRPC', generation: '1.0' },
    { url: 'http://up:1/a2a/rest/', bindingWire: 'HTTP+JSON', generation: '1.0' },
    { url: 'https://other:2/rpc', bindingWire: 'JSONRPC', generation: '0.3' },
    { url: 'up:50051', bindingWire: 'GRPC', generation: '1.0' },
    { url: 'ws://up:1/x', bindingWire: 'JSONRPC', generation: '1.0' },
    { url: 'no url', bindingWire: 'JSONRPC', generation: '1.0' },
  ]);

  it('keeps paths on the card origin, prefixes other origins, and sets gRPC and the unusable aside', () => {
    expect(plan.routes.map((r) => [r.prefix, r.origin, r.path, r.binding])).toEqual([
      ['/a2a/jsonrpc', 'http://up:1', '/a2a/jsonrpc', 'JSONRPC'],
      ['/a2a/rest', 'http://up:1', '/a2a/rest', 'HTTP+JSON'],
      ['/upstream-3/rpc', 'https://other:2', '/rpc', 'JSONRPC'],
    ]);
    expect(plan.routes[0]!.interfaceUrl).toBe('http://up:1/a2a/jsonrpc');
    expect(plan.grpc.map((g) => g.url)).toEqual(['up:50051']);
    expect(plan.skipped.map((s) => s.reason)).toEqual([
      'the proxy forwards http: and https: only, not ws:',
      'it is not a URL',
    ]);
  });

  it('matches the longest prefix only at a segment boundary, and nothing else', () => {
    expect(matchRoute(plan.routes, '/a2a/rest/tasks/1:cancel')?.prefix).toBe('/a2a/rest');
    expect(matchRoute(plan.routes, '/a2a/jsonrpc?x=1')?.prefix).toBe('/a2a/jsonrpc');
    expect(matchRoute(plan.routes, '/a2a/restless')).toBeUndefined();
    expect(matchRoute(plan.routes, '/admin')).toBeUndefined();
    expect(upstreamTarget(plan.routes[2]!, '/upstream-3/rpc?q=1')).toBe('https://other:2/rpc?q=1');
  });

  it('tells card paths and moves card URLs to the proxy', () => {
    expect(isCardPath('/.well-known/agent.json', 'http://up:1/.well-known/agent-card.json')).toBe(true);
    expect(isCardPath('/cards/me?v=1', 'http://up:1/cards/me')).toBe(true);
    expect(isCardPath('/a2a/jsonrpc', 'http://up:1/.well-known/agent-card.json')).toBe(false);
    const listen = 'http://127.0.0.1:9';
    expect(proxiedUrl(plan.routes, listen, 'http://user:pw@up:1/a2a/jsonrpc')).toBe(`${listen}/a2a/jsonrpc`);
    expect(proxiedUrl(plan.routes, listen, 'https://other:2/rpc/')).toBe(`${listen}/upstream-3/rpc/`);
    expect(proxiedUrl(plan.routes, listen, 'http://elsewhere/a2a/jsonrpc')).toBeUndefined();
    expect(proxiedUrl(plan.routes, listen, 'not a url')).toBeUndefined();
  });
});

describe('requestFacts', () => {
  it('reads the task and the message text of 0.3 and 1.0 bodies and REST paths', () => {
    const v03 = {
      jsonrpc: '2.0',
      method: 'message/send',
      params: {
        message: {
          taskId: 't1',
          parts: [
            { kind: 'text', text: 'hi' },
            { kind: 'text', text: 'there' },
          ],
        },
      },
    };
    expect(requestFacts('/', JSON.stringify(v03))).toEqual({ taskId: 't1', messageText: 'hi\nthere' });
    expect(
      requestFacts('/', JSON.stringify({ jsonrpc: '2.0', method: 'GetTask', params: { id: 't2' } })),
    ).toEqual({
      taskId: 't2',
    });
    expect(
      requestFacts('/', JSON.stringify({ params: { name: 'tasks/t3/pushNotificationConfigs/c' } })),
    ).toEqual({
      taskId: 't3',
    });
    expect(requestFacts('/a2a/rest/tasks/t%204:cancel', undefined)).toEqual({ taskId: 't 4' });
    expect(requestFacts('/a2a/rest/tasks/%E0%A4%A:cancel', 'not json')).toEqual({ taskId: '%E0%A4%A' });
    expect(
      requestFacts('/a2a/rest/message:send', JSON.stringify({ message: { parts: [{ text: 'x' }] } })),
    ).toEqual({
      messageText: 'x',
    });
  });
});
