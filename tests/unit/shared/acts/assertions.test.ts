// The ACTS assertion language (ACTS §5), dot-paths, variables (ACTS §8, §12.2), `repeat.until` (ACTS §9) and stream
// expectations (ACTS §7): each operator passing and failing, the readings the official files need (`items`, fields
// named like operators), and the words a failure reports.

import { describe, expect, it } from 'vitest';
import { Alternatives, check, isOperator } from '../../../../shared/acts/assertions';
import { parsePath, resolveAll, resolvePath } from '../../../../shared/acts/paths';
import { checkStream } from '../../../../shared/acts/streamExpect';
import { parseUntil, untilHolds } from '../../../../shared/acts/until';
import { interpolate, type VariableScope } from '../../../../shared/acts/variables';

const passes = (assertion: unknown, actual: unknown) => expect(check(assertion, actual)).toEqual([]);
const fails = (assertion: unknown, actual: unknown) => {
  const failures = check(assertion, actual);
  expect(failures.length).toBeGreaterThan(0);
  return failures[0]!;
};

describe('assertions', () => {
  it('matches bare values exactly', () => {
    passes('TASK_STATE_COMPLETED', 'TASK_STATE_COMPLETED');
    passes(200, 200);
    passes(null, null);
    passes(true, true);
    const failure = fails('TASK_STATE_COMPLETED', 'TASK_STATE_WORKING');
    expect(failure.expected).toBe('"TASK_STATE_COMPLETED"');
    expect(failure.actual).toBe('"TASK_STATE_WORKING"');
    fails(200, '200');
    fails(1, undefined);
  });

  it('nests maps into objects and reports the dot-path that failed', () => {
    const body = { task: { id: 't1', status: { state: 'TASK_STATE_WORKING' } } };
    passes({ task: { id: { type: 'string' } } }, body);
    const failure = fails({ task: { status: { state: 'TASK_STATE_COMPLETED' } } }, body);
    expect(failure.path).toBe('task.status.state');
    expect(failure.message).toContain('TASK_STATE_WORKING');
  });

  it('says once that a whole object is missing instead of failing each field', () => {
    const failures = check({ task: { id: { type: 'string' }, status: { state: 'X' } } }, { message: {} });
    expect(failures).toHaveLength(1);
    expect(failures[0]!.path).toBe('task');
    expect(failures[0]!.message).toContain('absent');
  });

  it('checks types, existence and absence', () => {
    passes({ type: 'string' }, 'x');
    passes({ type: 'number' }, 3.5);
    passes({ type: 'boolean' }, false);
    passes({ type: 'array' }, []);
    passes({ type: 'object' }, {});
    passes({ type: 'null' }, null);
    fails({ type: 'object' }, []);
    fails({ type: 'object' }, null);
    fails({ type: 'string' }, undefined);
    passes({ exists: true }, 0);
    passes({ exists: true }, null);
    fails({ exists: true }, undefined);
    passes({ absent: true }, undefined);
    fails({ absent: true }, '');
    passes({ history: { absent: true } }, { id: 't' });
  });

  it('matches strings by substring, pattern, prefix and suffix', () => {
    passes({ contains: 'found' }, 'Task not found');
    fails({ contains: 'found' }, 'missing');
    passes({ contains: 'b' }, ['a', 'b']);
    passes({ matches: '^\\d{4}-\\d{2}-\\d{2}T' }, '2026-11-27T10:00:00Z');
    fails({ matches: '^\\d{4}-' }, 'yesterday');
    fails({ matches: '^\\d{4}-' }, 2026);
    expect(fails({ matches: '(' }, 'x').message).toContain('not a valid regular expression');
    passes({ starts_with: '1.' }, '1.0');
    fails({ starts_with: '1.' }, '0.3');
    passes({ ends_with: '.json' }, 'card.json');
  });

  it('compares numbers and counts lists', () => {
    passes({ gte: 1, lte: 3 }, 2);
    fails({ gt: 2 }, 2);
    fails({ lt: 2 }, '1');
    passes({ count: 0 }, []);
    passes({ count_gte: 1, count_lte: 2 }, [1, 2]);
    const failure = fails({ count_gte: 3 }, [1]);
    expect(failure.message).toContain('1 element');
    expect(failure.actual).toBe('1 elements');
    fails({ count: 0 }, undefined);
  });

  it('offers alternatives and combinators', () => {
    passes({ one_of: ['TASK_STATE_SUBMITTED', 'TASK_STATE_WORKING'] }, 'TASK_STATE_WORKING');
    fails({ one_of: ['A', 'B'] }, 'C');
    // Maps among the options are assertions, not values to equal (the spec's own final_event example).
    passes(
      { one_of: [{ task: { status: { state: 'X' } } }, { status_update: { final: true } }] },
      { status_update: { final: true, other: 1 } },
    );
    passes({ all_of: [{ type: 'string' }, { matches: '.{3,}' }] }, 'abcd');
    fails({ all_of: [{ type: 'string' }, { matches: '.{3,}' }] }, 'ab');
    passes({ any_of: [{ absent: true }, { type: 'array', count: 0 }] }, undefined);
    passes({ any_of: [{ absent: true }, { type: 'array', count: 0 }] }, []);
    expect(fails({ any_of: [{ absent: true }, { type: 'array', count: 0 }] }, [1]).message).toContain(
      'none of 2',
    );
    passes({ not: { type: 'string' } }, 3);
    fails({ not: { type: 'string' } }, 's');
  });

  it('asserts lists position by position, and `items` on every element or by position', () => {
    passes([{ parts: [{ text: { type: 'string' } }] }], [{ parts: [{ text: 'hi' }] }, { parts: [] }]);
    expect(fails([{ a: 1 }, { a: 2 }], [{ a: 1 }]).message).toContain('names 2');
    passes({ items: { url: { type: 'string' } } }, [{ url: 'a' }, { url: 'b' }]);
    expect(fails({ items: { url: { type: 'string' } } }, [{ url: 'a' }, { url: 3 }]).path).toBe('[1].url');
    passes({ items: [{ protocolVersion: { starts_with: '1.' } }] }, [
      { protocolVersion: '1.0' },
      { protocolVersion: '0.3' },
    ]);
    fails({ items: { id: { exists: true } } }, 'not a list');
  });

  it('reads a key as an operator only when its value has the operator’s shape', () => {
    expect(isOperator('type', 'string')).toBe(true);
    expect(isOperator('type', { type: 'string' })).toBe(false);
    expect(isOperator('status', 200)).toBe(false);
    // An RFC 9457 body has fields called type and status.
    passes(
      { type: { type: 'string' }, title: { type: 'string' }, status: { type: 'number' } },
      { type: 'about:blank', title: 'Not Found', status: 404 },
    );
    // A map may mix operators with field assertions.
    passes({ type: 'array', count_gte: 1, items: { id: { exists: true } } }, [{ id: 1 }]);
  });

  it('passes on alternatives when one of them satisfies the assertion, and reports their label', () => {
    const errors = new Alternatives(['TaskNotCancelableError', 'InvalidParamsError'], 'one of … (HTTP 400)');
    passes('TaskNotCancelableError', errors);
    passes({ one_of: ['TaskNotFoundError', 'InvalidParamsError'] }, errors);
    expect(fails('TaskNotFoundError', errors).actual).toBe('one of … (HTTP 400)');
    passes('error', new Alternatives([404, 'error'], 'HTTP 404'));
  });
});

describe('dot-paths', () => {
  it('parses names, indexes, wildcards and quoted keys', () => {
    const parsed = parsePath('task.artifacts[0].parts[*]["@type"]');
    expect(parsed).toEqual({
      ok: true,
      segments: [
        { key: 'task' },
        { key: 'artifacts' },
        { index: 0 },
        { key: 'parts' },
        { wildcard: true },
        { key: '@type' },
      ],
    });
    expect(parsePath('a..b').ok).toBe(false);
    expect(parsePath('a[').ok).toBe(false);
    expect(parsePath('a[x]').ok).toBe(false);
  });

  it('resolves values, fanning out over wildcards', () => {
    const value = {
      task: { artifacts: [{ parts: [{ text: 'a' }, { data: {} }] }, { parts: [{ text: 'b' }] }] },
    };
    expect(resolvePath(value, 'task.artifacts[1].parts[0].text')).toEqual({ ok: true, value: 'b' });
    expect(resolvePath(value, 'task.missing.deeper')).toEqual({ ok: true, value: undefined });
    expect(resolvePath(value, 'task.artifacts[*]').ok).toBe(false);
    const parsed = parsePath('task.artifacts[*].parts[*].text');
    if (!parsed.ok) throw new Error(parsed.message);
    expect(resolveAll(value, parsed.segments).map((item) => [item.path, item.value])).toEqual([
      ['task.artifacts[0].parts[0].text', 'a'],
      ['task.artifacts[0].parts[1].text', undefined],
      ['task.artifacts[1].parts[0].text', 'b'],
    ]);
  });
});

describe('variables', () => {
  const scope: VariableScope = {
    steps: new Map([['send', { taskId: 't-1', response: { task: { id: 't-1' } } }]]),
    document: { baseUrl: '{{SUT_BASE_URL}}', webhookUrl: 'https://example.com/hook', loop: '{{loop}}' },
    runner: { SUT_BASE_URL: 'http://127.0.0.1:9', webhookUrl: 'http://ignored' },
    env: { HOME_DIR: '/home/x' },
    uuid: (() => {
      let n = 0;
      return () => `uuid-${++n}`;
    })(),
  };

  it('resolves captures, the document, the runner, the environment and fresh uuids in that order', () => {
    expect(interpolate({ id: '{{send.taskId}}', n: [1, '{{send.response}}'] }, scope)).toEqual({
      ok: true,
      value: { id: 't-1', n: [1, { task: { id: 't-1' } }] },
    });
    expect(interpolate('{{baseUrl}}/tasks', scope)).toEqual({ ok: true, value: 'http://127.0.0.1:9/tasks' });
    // The document's own value wins over the runner's (ACTS §12.2).
    expect(interpolate('{{webhookUrl}}', scope)).toEqual({ ok: true, value: 'https://example.com/hook' });
    expect(interpolate('{{env.HOME_DIR}}', scope)).toEqual({ ok: true, value: '/home/x' });
    expect(interpolate(['{{$uuid}}', '{{$uuid}}'], scope)).toEqual({ ok: true, value: ['uuid-1', 'uuid-2'] });
    expect(interpolate('id {{send.response}}', scope)).toEqual({
      ok: true,
      value: 'id {"task":{"id":"t-1"}}',
    });
  });

  it('fails clearly on what does not resolve', () => {
    const bad = (text: string) => {
      const result = interpolate(text, scope);
      if (result.ok) throw new Error(`${text} resolved`);
      return result.message;
    };
    expect(bad('{{insufficientAuthToken}}')).toContain('is not defined');
    expect(bad('{{send.contextId}}')).toContain('captured no "contextId"');
    expect(bad('{{setup.taskId}}')).toContain('no earlier step');
    expect(bad('{{env.NOPE}}')).toContain('NOPE is not set');
    expect(bad('{{loop}}')).toContain('refers to itself');
  });
});

describe('repeat.until', () => {
  it('parses ==, != and in, with bare, quoted and numeric values', () => {
    const condition = parseUntil('status.state in [TASK_STATE_COMPLETED, "TASK_STATE_FAILED"]');
    expect(condition).toMatchObject({
      ok: true,
      path: 'status.state',
      op: 'in',
      values: ['TASK_STATE_COMPLETED', 'TASK_STATE_FAILED'],
    });
    expect(parseUntil('count == 3')).toMatchObject({ ok: true, op: '==', values: [3] });
    expect(parseUntil('done != true')).toMatchObject({ ok: true, op: '!=', values: [true] });
    expect(parseUntil('status.state').ok).toBe(false);
    expect(parseUntil('x in A, B').ok).toBe(false);
  });

  it('evaluates on a response', () => {
    const condition = parseUntil('status.state in [TASK_STATE_COMPLETED, TASK_STATE_FAILED]');
    if (!condition.ok) throw new Error(condition.message);
    expect(untilHolds(condition, { status: { state: 'TASK_STATE_FAILED' } })).toEqual({
      holds: true,
      seen: '"TASK_STATE_FAILED"',
    });
    expect(untilHolds(condition, { status: { state: 'TASK_STATE_WORKING' } })).toMatchObject({
      holds: false,
    });
  });
});

describe('stream expectations', () => {
  const event = (state: string, payload = 'statusUpdate') => ({
    view: { [payload]: { status: { state } }, status: { state } },
    state,
  });

  it('counts events and checks positions, any position, the final event and every event', () => {
    const events = [
      event('TASK_STATE_SUBMITTED', 'task'),
      event('TASK_STATE_WORKING'),
      event('TASK_STATE_COMPLETED'),
    ];
    expect(
      checkStream(
        {
          min_count: 2,
          max_count: 3,
          ordering: 'monotonic_state',
          events: [
            { match: 'exact_position', index: 0, assertion: { task: { status: { exists: true } } } },
            {
              match: 'any_position',
              assertion: { statusUpdate: { status: { state: 'TASK_STATE_WORKING' } } },
            },
          ],
          final_event: { status: { state: { one_of: ['TASK_STATE_COMPLETED', 'TASK_STATE_FAILED'] } } },
          each_event: { status: { exists: true } },
        },
        events,
      ),
    ).toEqual([]);
    expect(checkStream({ min_count: 4 }, events)[0]!.message).toContain('3 events');
    expect(checkStream({ final_event: { status: { state: 'TASK_STATE_FAILED' } } }, events)[0]!.path).toBe(
      'final_event.status.state',
    );
    expect(
      checkStream(
        { events: [{ match: 'any_position', assertion: { artifact: { exists: true } } }] },
        events,
      )[0]!.message,
    ).toContain('no event');
    expect(
      checkStream({ events: [{ match: 'exact_position', index: 5, assertion: {} }] }, events)[0]!.message,
    ).toContain('no event 5');
  });

  it('finds states that regress', () => {
    const fine = [
      event('TASK_STATE_SUBMITTED'),
      event('TASK_STATE_WORKING'),
      event('TASK_STATE_INPUT_REQUIRED'),
      event('TASK_STATE_WORKING'),
      event('TASK_STATE_COMPLETED'),
      event('TASK_STATE_COMPLETED', 'task'),
    ];
    expect(checkStream({ ordering: 'monotonic_state' }, fine)).toEqual([]);
    const back = [event('TASK_STATE_WORKING'), event('TASK_STATE_SUBMITTED')];
    expect(checkStream({ ordering: 'monotonic_state' }, back)[0]!.message).toContain('back to SUBMITTED');
    const afterEnd = [event('TASK_STATE_COMPLETED'), event('TASK_STATE_WORKING')];
    expect(checkStream({ ordering: 'monotonic_state' }, afterEnd)[0]!.actual).toBe(
      'TASK_STATE_COMPLETED → TASK_STATE_WORKING',
    );
  });
});
