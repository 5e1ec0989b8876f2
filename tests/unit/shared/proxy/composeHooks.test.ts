import { describe, expect, it } from 'vitest';
import { composeHooks } from '../../../../shared/proxy/composeHooks';
import type {
  ClosedSignal,
  FaultMark,
  ProxiedRequest,
  ProxyAnswer,
  ProxyHooks,
} from '../../../../shared/proxy/proxyTypes';

const request: ProxiedRequest = {
  proxyId: 'p1',
  binding: 'JSONRPC',
  generation: '1.0',
  method: 'POST',
  path: '/a2a/jsonrpc',
  headers: [['content-type', 'application/json']],
  body: new TextEncoder().encode('{}'),
};
const closed: ClosedSignal = { aborted: false, addEventListener: () => undefined };

async function* chunks(...texts: string[]): AsyncIterable<Uint8Array> {
  for (const text of texts) yield new TextEncoder().encode(text);
}

function answer(faults?: FaultMark[]): ProxyAnswer {
  return { status: 200, statusText: 'OK', headers: [], body: chunks('x'), ...(faults ? { faults } : {}) };
}

describe('composeHooks', () => {
  it('gives no hooks at all when no part has any', () => {
    expect(composeHooks([{}, {}])).toEqual({});
  });

  it('lets each beforeForward see the headers the previous one set, and keeps every note', () => {
    const seen: string[][] = [];
    const trace: ProxyHooks = {
      beforeForward: (r) => ({
        headers: [...r.headers, ['traceparent', '00-a-b-01']],
        note: 'Injected traceparent',
      }),
    };
    const push: ProxyHooks = {
      beforeForward: (r) => {
        seen.push(r.headers.map(([name]) => name));
        return {
          body: new TextEncoder().encode('{"routed":true}'),
          rewritten: 'push-config',
          note: 'Routed push',
        };
      },
    };
    const change = composeHooks([trace, {}, push]).beforeForward!(request);
    expect(seen).toEqual([['content-type', 'traceparent']]);
    expect(change?.headers).toContainEqual(['traceparent', '00-a-b-01']);
    expect(new TextDecoder().decode(change?.body)).toBe('{"routed":true}');
    expect(change?.rewritten).toBe('push-config');
    expect(change?.note).toBe('Injected traceparent; Routed push');
  });

  it('carries a request’s getters over to the next beforeForward once one changed it', () => {
    class Lazy {
      readonly proxyId = 'p1';
      readonly binding = 'JSONRPC' as const;
      readonly generation = '1.0';
      readonly method = 'POST';
      readonly path = '/a2a/jsonrpc';
      readonly headers: ProxiedRequest['headers'] = [];
      readonly body = new TextEncoder().encode('{}');
      get operation() {
        return 'SendMessage';
      }
      get taskId() {
        return 't-1';
      }
      get messageText() {
        return 'hello';
      }
    }
    const seen: ProxiedRequest[] = [];
    const first: ProxyHooks = { beforeForward: () => ({ headers: [['x-one', '1']] }) };
    const second: ProxyHooks = {
      beforeForward: (r) => {
        seen.push(r);
        return undefined;
      },
    };
    composeHooks([first, second]).beforeForward!(new Lazy());
    expect(seen).toEqual([
      {
        proxyId: 'p1',
        binding: 'JSONRPC',
        generation: '1.0',
        method: 'POST',
        path: '/a2a/jsonrpc',
        headers: [['x-one', '1']],
        body: new TextEncoder().encode('{}'),
        operation: 'SendMessage',
        taskId: 't-1',
        messageText: 'hello',
      },
    ]);
  });

  it('says nothing changed when no part changed the request', () => {
    expect(composeHooks([{ beforeForward: () => undefined }]).beforeForward!(request)).toBeUndefined();
  });

  it('takes the first answer given instead of the upstream', () => {
    const first = answer([{ ruleId: 'r1', kind: 'error', detail: 'Answered 503' }]);
    const hooks = composeHooks([
      { answerInstead: () => undefined },
      { answerInstead: () => first },
      { answerInstead: () => answer() },
    ]);
    expect(hooks.answerInstead!(request)).toBe(first);
  });

  it('runs shapers as a pipeline and keeps the marks an earlier one made', () => {
    const delay: FaultMark = {
      ruleId: 'd',
      kind: 'delay-first-byte',
      detail: 'Delayed the first byte by 10 ms',
    };
    const drop: FaultMark = { ruleId: 'x', kind: 'drop-stream', detail: 'Dropped the stream after 2 events' };
    const hooks = composeHooks([
      { shapeAnswer: (_r, a) => ({ ...a, faults: [...(a.faults ?? []), delay] }) },
      // A careless part that builds a fresh answer must not lose the delay's mark.
      {
        shapeAnswer: (_r, a) => ({
          status: a.status,
          statusText: a.statusText,
          headers: a.headers,
          body: a.body,
          faults: [drop],
        }),
      },
    ]);
    expect(hooks.shapeAnswer!(request, answer(), closed).faults).toEqual([delay, drop]);
  });
});
