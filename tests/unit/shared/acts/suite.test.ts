// The vendored ACTS suite: the bundle matches the YAML files, every document loads (111 tests: 65 must, 33 should,
// 13 may; 41 need no SUT behaviour), bad documents are refused with where and why, and the plan says why a test
// does not run on an interface. Then the client-parsing tests (ACTS §10) against Switchboard's own decoders: all pass.

import { readFileSync, readdirSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import bundle from '../../../../vendor/acts/acts-suite.json' with { type: 'json' };
import type { ActsCollection, ClientStep } from '../../../../shared/acts/actsTypes';
import { runClientStep } from '../../../../shared/acts/clientParse';
import { loadActs } from '../../../../shared/acts/loadActs';
import { planRun } from '../../../../shared/acts/plan';
import type { RunInterface } from '../../../../shared/acts/actsReport';

function officialSuite(): ActsCollection {
  const loaded = loadActs(bundle.files, bundle.master);
  if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
  return loaded.collection;
}

const JSONRPC_1: RunInterface = {
  url: 'http://a/rpc',
  generation: '1.0',
  binding: 'JSONRPC',
  transport: 'jsonrpc',
  view: 'wire',
};
const REST_03: RunInterface = {
  url: 'http://a/rest',
  generation: '0.3',
  binding: 'HTTP+JSON',
  transport: 'rest',
  view: 'translated',
};
const JSONRPC_03: RunInterface = {
  url: 'http://a/rpc3',
  generation: '0.3',
  binding: 'JSONRPC',
  transport: 'jsonrpc',
  view: 'translated',
};

describe('the vendored ACTS suite', () => {
  it('is the YAML files, parsed', () => {
    const names = readdirSync('vendor/acts')
      .filter((name) => name.endsWith('.acts.yaml'))
      .sort();
    expect(Object.keys(bundle.files).sort()).toEqual(names);
    for (const name of names) {
      const parsed: unknown = parse(readFileSync(`vendor/acts/${name}`, 'utf8'), { version: '1.2' });
      expect((bundle.files as Record<string, unknown>)[name], name).toEqual(parsed);
    }
    expect(readFileSync('vendor/acts/LICENSE', 'utf8')).toContain('Apache License');
  });

  it('loads whole: 111 tests by level, 41 of them needing no behaviour', () => {
    const suite = officialSuite();
    expect(suite.acts_version).toBe('1.0');
    expect(suite.spec_version).toBe('1.0');
    const tests = suite.suites.flatMap((s) => s.tests);
    expect(tests).toHaveLength(111);
    const levels = { must: 0, should: 0, may: 0 };
    for (const test of tests) levels[test.level] += 1;
    expect(levels).toEqual({ must: 65, should: 33, may: 13 });
    expect(tests.filter((test) => test.requires_behaviors.length === 0)).toHaveLength(41);
    // The readings the official files need (loadActs.ts's header).
    const steps = tests.flatMap((test) => test.steps);
    expect(
      steps.some(
        (step) =>
          step.kind === 'operation' &&
          step.operationAsWritten === 'set_push_notification_config' &&
          step.operation === 'create_push_config',
      ),
    ).toBe(true);
    expect(
      steps.some((step) => step.kind === 'operation' && step.operation === 'get_extended_agent_card'),
    ).toBe(true);
    const sub003 = tests.find((test) => test.id === 'STREAM-SUB-003')!;
    expect(sub003.steps[1]).toMatchObject({
      kind: 'operation',
      expect: { body: { error: { exists: true } } },
    });
    const err002 = tests.find((test) => test.id === 'CORE-ERR-002')!;
    expect(err002.steps[0]).toMatchObject({
      expect_error: { type: { one_of: ['TaskNotFoundError', 'TaskNotCancelableError'] } },
    });
  });

  it('refuses documents it cannot read, saying where and why', () => {
    const problems = (files: Record<string, unknown>) => {
      const loaded = loadActs(files, 'a.yaml');
      if (loaded.ok) throw new Error('loaded');
      return loaded.problems.join('\n');
    };
    expect(problems({ 'a.yaml': { acts_version: '2.0', spec_version: '1.0', suites: [] } })).toContain(
      'reads ACTS 1.x documents only',
    );
    expect(problems({ 'a.yaml': { acts_version: '1.0', spec_version: '1.0' } })).toContain(
      'neither `suites` nor `include`',
    );
    expect(
      problems({ 'a.yaml': { acts_version: '1.0', spec_version: '1.0', include: ['b.yaml'] } }),
    ).toContain('b.yaml: no such ACTS file');
    const test = (steps: unknown[], extra: Record<string, unknown> = {}) => ({
      'a.yaml': {
        acts_version: '1.0',
        spec_version: '1.0',
        suites: [{ id: 's', name: 'S', tests: [{ id: 'T-1', name: 't', level: 'must', steps, ...extra }] }],
      },
    });
    expect(problems(test([{ id: 'x', operation: 'fly_away', params: {} }]))).toContain(
      '"fly_away" is no ACTS operation',
    );
    expect(problems(test([{ id: 'x', raw: { method: 'GET', path: '/' } }]))).toContain(
      'every step is a raw wire step',
    );
    expect(problems(test([{ id: 'x' }]))).toContain(
      'it needs one of operation, raw, client_response or assertion',
    );
    expect(problems(test([{ id: 'x', operation: 'get_task', params: {} }], { level: 'nice' }))).toContain(
      'must be one of must, should, may',
    );
    expect(
      problems(
        test([{ id: 'x', operation: 'get_task', params: {}, repeat: { until: 'a == b', backoff: 'wild' } }]),
      ),
    ).toContain('backoff');
    expect(
      problems(
        test([
          { id: 'x', operation: 'get_task', params: {} },
          { id: 'x', operation: 'get_task', params: {} },
        ]),
      ),
    ).toContain('x is used twice');
  });
});

describe('planning a run', () => {
  const card = { capabilities: { streaming: true, pushNotifications: true } };

  it('says why each test does not run on an interface', () => {
    const plan = planRun(officialSuite(), {
      level: 'may',
      behaviours: false,
      card,
      interfaces: [JSONRPC_1, REST_03, JSONRPC_03],
    });
    if (!plan.ok) throw new Error(plan.message);
    const reason = (id: string, where: RunInterface) =>
      plan.tests.find((planned) => planned.test.id === id && planned.where === where)?.skip;
    expect(reason('CLIENT-PARSE-001', JSONRPC_1)).toContain('client test');
    expect(reason('REST-STATUS-001', JSONRPC_1)).toContain('Written for rest only');
    expect(reason('JSONRPC-ERR-001', JSONRPC_1)).toBeUndefined();
    expect(reason('JSONRPC-ERR-001', JSONRPC_03)).toContain('raw wire steps are A2A 1.0 requests');
    expect(reason('CORE-SEND-001', JSONRPC_1)).toContain('tck-complete-task');
    expect(reason('CORE-CAP-002', JSONRPC_1)).toContain('capabilities.streaming = false; the card says true');
    expect(reason('SEC-AUTH-001', JSONRPC_1)).toContain(
      'capabilities.authentication = true; the card says false',
    );
    expect(reason('CORE-ERR-001', JSONRPC_1)).toBeUndefined();
    // 41 tests need no behaviour; on a 1.0 JSON-RPC interface those not filtered by transport or card run.
    const runnable = plan.tests.filter((planned) => planned.where === JSONRPC_1 && !planned.skip);
    expect(runnable.length).toBeGreaterThan(10);
    const withBehaviours = planRun(officialSuite(), {
      level: 'may',
      behaviours: true,
      card,
      interfaces: [JSONRPC_03],
    });
    if (!withBehaviours.ok) throw new Error(withBehaviours.message);
    expect(withBehaviours.tests.find((planned) => planned.test.id === 'CORE-LIST-001')!.skip).toContain(
      'list_tasks, which A2A 0.3 over JSONRPC does not have',
    );
  });

  it('keeps to the chosen suites and level, and refuses unknown suites', () => {
    const plan = planRun(officialSuite(), {
      suites: ['discovery'],
      level: 'must',
      behaviours: true,
      card,
      interfaces: [JSONRPC_1],
    });
    if (!plan.ok) throw new Error(plan.message);
    expect(new Set(plan.tests.map((planned) => planned.suite.id))).toEqual(new Set(['discovery']));
    expect(plan.tests.every((planned) => planned.test.level === 'must')).toBe(true);
    const bad = planRun(officialSuite(), {
      suites: ['nope'],
      level: 'must',
      behaviours: true,
      card,
      interfaces: [JSONRPC_1],
    });
    expect(bad).toMatchObject({ ok: false });
    if (!bad.ok) expect(bad.message).toContain('no ACTS suite called nope');
  });
});

describe('ACTS client tests against Switchboard’s decoders', () => {
  const clientTests = officialSuite()
    .suites.flatMap((suite) => suite.tests)
    .filter((test) => test.steps.some((step) => step.kind === 'client'));

  it('has the eight client tests of client-parsing.acts.yaml', () => {
    expect(clientTests.map((test) => test.id)).toEqual([
      'CLIENT-PARSE-001',
      'CLIENT-PARSE-002',
      'CLIENT-PARSE-003',
      'CLIENT-PARSE-004',
      'CLIENT-PARSE-005',
      'CLIENT-PARSE-006',
      'CLIENT-AUTH-001',
      'CLIENT-CAP-001',
    ]);
  });

  for (const test of clientTests) {
    it(`${test.id}: ${test.name}`, () => {
      for (const step of test.steps) expect(runClientStep(step as ClientStep), step.id).toEqual([]);
    });
  }

  it('fails when a decoder misreads a field', () => {
    const step: ClientStep = {
      kind: 'client',
      id: 'parse',
      client_response: {
        operation: 'get_task',
        wire_payload: {
          jsonrpc: '2.0',
          id: '1',
          result: { id: 't', status: { state: 'TASK_STATE_WORKING' } },
        },
      },
      expect_parsed: { status: { state: 'TASK_STATE_COMPLETED' } },
    };
    expect(runClientStep(step)[0]!.path).toBe('status.state');
  });
});
