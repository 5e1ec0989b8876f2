// The fault rule format (PRX-4, docs/proxy.md#fault-rules): good rules read with their defaults, every bad rule
// refused with a sentence naming the rule and the field, and matching across generations, tasks and message text.

import { describe, expect, it } from 'vitest';
import { parseFaultRules, parseFaultRulesText, type FaultRule } from '../../../../shared/proxy/faultRules';
import { describeFault, requestOperation, ruleMatches } from '../../../../shared/proxy/faultMatch';
import type { ProxiedRequest } from '../../../../shared/proxy/proxyTypes';

function errorsOf(input: unknown): string[] {
  const result = parseFaultRules(input);
  if (result.ok) throw new Error('expected the rules to be refused');
  return result.errors;
}

function request(overrides: Partial<ProxiedRequest> = {}): ProxiedRequest {
  return {
    proxyId: 'p1',
    binding: 'JSONRPC',
    generation: '1.0',
    method: 'POST',
    path: '/a2a/jsonrpc',
    headers: [],
    body: new Uint8Array(0),
    ...overrides,
  };
}

describe('reading fault rules', () => {
  it('reads every action with its defaults, numbering rules that have no id', () => {
    const result = parseFaultRules({
      rules: [
        { action: { kind: 'delay-first-byte', ms: 2000 } },
        {
          id: 'gaps',
          match: { operation: 'message/stream' },
          action: { kind: 'delay-events', ms: 10 },
          times: 2,
        },
        { action: { kind: 'drop-stream', afterEvents: 2 }, enabled: false },
        { action: { kind: 'error', httpStatus: 503, jsonRpcCode: -32001, grpcCode: 5, message: 'gone' } },
        { action: { kind: 'corrupt-event' } },
        { action: { kind: 'corrupt-event', eventIndex: 3, how: 'garbage' } },
        { match: { taskId: 't-1', text: 'slow' }, action: { kind: 'stall' } },
      ],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rules.map((r) => r.id)).toEqual([
      'rule-1',
      'gaps',
      'rule-3',
      'rule-4',
      'rule-5',
      'rule-6',
      'rule-7',
    ]);
    expect(result.rules[1]).toEqual({
      id: 'gaps',
      enabled: true,
      match: { operation: 'message/stream' },
      action: { kind: 'delay-events', ms: 10 },
      times: 2,
    });
    expect(result.rules[2]?.enabled).toBe(false);
    expect(result.rules[4]?.action).toEqual({ kind: 'corrupt-event', eventIndex: 0, how: 'truncate-json' });
    expect(result.rules[6]?.match).toEqual({ taskId: 't-1', text: 'slow' });
  });

  it('takes a bare list as well as {"rules": [...]}', () => {
    expect(parseFaultRules([{ action: { kind: 'stall' } }]).ok).toBe(true);
    expect(parseFaultRules([]).ok).toBe(true);
  });

  it.each([
    [
      { action: { kind: 'delay-first-byte', ms: -1 } },
      'Rule #1: action.ms must be a whole number from 0 to 600000, not -1.',
    ],
    [
      { action: { kind: 'delay-events', ms: 1.5 } },
      'Rule #1: action.ms must be a whole number from 0 to 600000, not 1.5.',
    ],
    [
      { action: { kind: 'delay-first-byte' } },
      'Rule #1: action.ms must be a whole number from 0 to 600000, not undefined.',
    ],
    [
      { action: { kind: 'drop-stream', afterEvents: '2' } },
      'Rule #1: action.afterEvents must be a whole number from 0 to 1000000, not "2".',
    ],
    [
      { action: { kind: 'error', httpStatus: 99 } },
      'Rule #1: action.httpStatus must be a whole number from 200 to 599, not 99.',
    ],
    [
      { action: { kind: 'error', grpcCode: 0 } },
      'Rule #1: action.grpcCode must be a whole number from 1 to 16, not 0.',
    ],
    [
      { action: { kind: 'error', jsonRpcCode: 'x' } },
      'Rule #1: action.jsonRpcCode must be a whole number from -2147483648 to 2147483647, not "x".',
    ],
    [
      { action: { kind: 'error', message: '' } },
      'Rule #1: action.message must be a non-empty text of at most 2000 characters, not "".',
    ],
    [
      { action: { kind: 'corrupt-event', how: 'shuffle' } },
      'Rule #1: action.how must be "truncate-json" or "garbage", not "shuffle".',
    ],
    [
      { action: { kind: 'corrupt-event', eventIndex: -1 } },
      'Rule #1: action.eventIndex must be a whole number from 0 to 1000000, not -1.',
    ],
    [
      { action: { kind: 'explode' } },
      'Rule #1: action.kind must be one of delay-first-byte, delay-events, drop-stream, error, corrupt-event, stall, not "explode".',
    ],
    [
      { action: 'stall' },
      'Rule #1: action must be an object with a kind (delay-first-byte, delay-events, drop-stream, error, corrupt-event, stall), not "stall".',
    ],
    [{}, 'Rule #1: action is missing.'],
    [{ action: { kind: 'stall', ms: 3 } }, 'Rule #1: action.ms is not a field here (known: kind).'],
    [
      { action: { kind: 'stall' }, when: 'now' },
      'Rule #1: when is not a field here (known: id, enabled, match, action, times).',
    ],
    [
      { action: { kind: 'stall' }, match: { opration: 'send' } },
      'Rule #1: match.opration is not a field here (known: operation, taskId, text).',
    ],
    [
      { action: { kind: 'stall' }, match: { operation: 'tasks/explode' } },
      'Rule #1: match.operation names no A2A operation ("tasks/explode"; try send, message/stream, GetTask).',
    ],
    [
      { action: { kind: 'stall' }, match: { taskId: 7 } },
      'Rule #1: match.taskId must be a non-empty text of at most 1000 characters, not 7.',
    ],
    [
      { action: { kind: 'stall' }, match: 'send' },
      'Rule #1: match must be an object with operation, taskId or text, not "send".',
    ],
    [{ action: { kind: 'stall' }, enabled: 'yes' }, 'Rule #1: enabled must be true or false, not "yes".'],
    [
      { action: { kind: 'stall' }, times: 0 },
      'Rule #1: times must be a whole number from 1 to 1000000, not 0.',
    ],
    [
      { action: { kind: 'stall' }, id: 'a\u0007b' },
      'Rule "a\u0007b" (#1): id must not hold control characters.',
    ],
    [
      { action: { kind: 'stall' }, id: '' },
      'Rule "" (#1): id must be a non-empty text of at most 100 characters, not "".',
    ],
    [7, 'Rule #1: the rule must be an object with match and action, not 7.'],
  ])('refuses %j with a sentence naming the field', (rule, message) => {
    expect(errorsOf([rule])).toEqual([message]);
  });

  it('names the rule by its id and position, reports every bad rule, and refuses repeated ids', () => {
    const errors = errorsOf([
      { id: 'slow', action: { kind: 'delay-first-byte', ms: 1 } },
      { id: 'slow', action: { kind: 'delay-first-byte', ms: 'soon' } },
      { action: { kind: 'stall' }, times: -3 },
    ]);
    expect(errors).toEqual([
      'Rule "slow" (#2): id repeats "slow"; every rule needs its own id.',
      'Rule "slow" (#2): action.ms must be a whole number from 0 to 600000, not "soon".',
      'Rule #3: times must be a whole number from 1 to 1000000, not -3.',
    ]);
  });

  it('refuses what is not a rule list, too many rules, and text that is not JSON', () => {
    expect(errorsOf({ rule: [] })).toEqual([
      'Fault rules must be a list of rules or {"rules": [...]}, not {"rule":[]}.',
    ]);
    expect(errorsOf(Array.from({ length: 201 }, () => ({ action: { kind: 'stall' } })))).toEqual([
      'Fault rules: 201 rules is more than the 200 allowed.',
    ]);
    const text = parseFaultRulesText('[{"action": ');
    expect(text.ok).toBe(false);
    if (!text.ok) expect(text.errors[0]).toMatch(/^Fault rules are not valid JSON: .+\.$/);
    expect(parseFaultRulesText('[{"action": {"kind": "stall"}}]').ok).toBe(true);
  });
});

describe('matching a rule', () => {
  const rule = (match: FaultRule['match'], enabled = true): FaultRule => ({
    id: 'r',
    enabled,
    match,
    action: { kind: 'stall' },
  });

  it('compares operations across generations and bindings', () => {
    const send = rule({ operation: 'message/send' });
    expect(ruleMatches(send, request({ operation: 'SendMessage' }))).toBe(true);
    expect(ruleMatches(send, request({ operation: 'tasks/send', generation: '0.1' }))).toBe(true);
    expect(ruleMatches(send, request({ operation: 'SendStreamingMessage' }))).toBe(false);
    expect(ruleMatches(rule({ operation: 'stream' }), request({ operation: 'message/stream' }))).toBe(true);
    expect(
      ruleMatches(rule({ operation: 'SubscribeToTask' }), request({ operation: 'tasks/resubscribe' })),
    ).toBe(true);
    expect(ruleMatches(rule({ operation: 'subscribe' }), request({ operation: 'TaskSubscription' }))).toBe(
      true,
    );
  });

  it('finds the operation of a request the forwarder did not name', () => {
    const rest = (method: string, path: string) =>
      requestOperation(request({ binding: 'HTTP+JSON', method, path }));
    expect(rest('POST', '/a2a/rest/message:stream')).toBe('stream');
    expect(rest('POST', '/a2a/rest/v1/message:send?x=1')).toBe('send');
    expect(rest('GET', '/tasks/t-1')).toBe('get');
    expect(rest('GET', '/tasks/t-1:subscribe')).toBe('subscribe');
    expect(rest('DELETE', '/tasks/t-1/pushNotificationConfigs/c')).toBe('pushConfigDelete');
    expect(rest('GET', '/nothing')).toBeUndefined();
    expect(requestOperation(request({ binding: 'GRPC', path: '/lf.a2a.v1.A2AService/GetTask' }))).toBe('get');
    const body = new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"method":"tasks/cancel"}');
    expect(requestOperation(request({ body }))).toBe('cancel');
    expect(requestOperation(request({ body: new TextEncoder().encode('{') }))).toBeUndefined();
  });

  it('matches a task exactly and text in any letter case; a request without them does not match', () => {
    expect(ruleMatches(rule({ taskId: 't-1' }), request({ taskId: 't-1' }))).toBe(true);
    expect(ruleMatches(rule({ taskId: 't-1' }), request({ taskId: 't-10' }))).toBe(false);
    expect(ruleMatches(rule({ taskId: 't-1' }), request())).toBe(false);
    expect(ruleMatches(rule({ text: 'SLOW' }), request({ messageText: 'go slow please' }))).toBe(true);
    expect(ruleMatches(rule({ text: 'slow' }), request({ messageText: 'fast' }))).toBe(false);
    expect(ruleMatches(rule({ text: 'slow' }), request())).toBe(false);
    expect(ruleMatches(rule({}), request())).toBe(true);
    expect(ruleMatches(rule({}, false), request())).toBe(false);
  });

  it('describes each fault in a plain sentence', () => {
    expect(describeFault({ kind: 'delay-first-byte', ms: 2000 })).toBe('Delayed the first byte by 2000 ms');
    expect(describeFault({ kind: 'drop-stream', afterEvents: 1 })).toBe('Dropped the stream after 1 event');
    expect(describeFault({ kind: 'drop-stream', afterEvents: 3 })).toBe('Dropped the stream after 3 events');
    expect(describeFault({ kind: 'corrupt-event', eventIndex: 0, how: 'garbage' })).toBe(
      'Replaced event 1 with bytes that are not JSON',
    );
    expect(describeFault({ kind: 'error', message: 'nope' })).toBe(
      'Answered an error instead of calling the agent: nope',
    );
  });
});
