// The ACTS test engine with a scripted executor: captures flow into later steps, `repeat.until` polls with its
// delays, expectations fail with the step, path, expected and actual values a report shows, the steps after a
// failure are not run, a stop ends the run, and the reports (ACTS §13 JSON, the level summary, JUnit) add up.

import { describe, expect, it } from 'vitest';
import {
  actsReports,
  actsToJUnit,
  conforms,
  reportFileName,
  summaryLines,
  type RunInterface,
  type TestOutcome,
} from '../../../../shared/acts/actsReport';
import type { ActsSuite, ActsTest, OperationStep, RawStep } from '../../../../shared/acts/actsTypes';
import { Alternatives } from '../../../../shared/acts/assertions';
import { loadActs } from '../../../../shared/acts/loadActs';
import {
  runTest,
  STOPPED,
  type ActsExecutor,
  type RunContext,
  type StepResponse,
} from '../../../../shared/acts/runTest';

const WHERE: RunInterface = {
  url: 'http://agent/rpc',
  generation: '1.0',
  binding: 'JSONRPC',
  transport: 'jsonrpc',
  view: 'wire',
};

function ok(view: unknown, frameId = 'f1'): StepResponse {
  return {
    kind: 'result',
    status: new Alternatives([200], '200'),
    view,
    frameIds: [frameId],
    summary: 'a result',
  };
}

function failure(code: number, type: string, message: string): StepResponse {
  return {
    kind: 'error',
    status: new Alternatives([200, 'error'], 'HTTP 200 with an error'),
    view: { error: { code, message } },
    error: {
      types: new Alternatives([type], `${type} (code ${code})`),
      message,
      details: undefined,
      summary: `${type}: ${message}`,
    },
    frameIds: ['err-frame'],
    summary: `error ${code}`,
  };
}

function stream(states: string[]): StepResponse {
  return {
    kind: 'stream',
    status: new Alternatives([200], '200'),
    view: {},
    events: states.map((state) => ({
      view: { statusUpdate: { status: { state } }, status: { state } },
      state,
    })),
    streamEnd: 'complete',
    frameIds: ['stream-frame'],
    summary: `a stream of ${states.length} events`,
  };
}

/** An executor answering from a script: one function per call, in order, recording what it was asked. */
function scripted(answers: Array<(params: Record<string, unknown>) => StepResponse>) {
  const calls: Array<{ step: string; params: unknown }> = [];
  const sleeps: number[] = [];
  let clock = 0;
  const executor: ActsExecutor = {
    async operation(step: OperationStep, params) {
      calls.push({ step: step.id, params });
      clock += 5;
      const next = answers.shift();
      if (!next) throw new Error(`no answer scripted for ${step.id}`);
      return next(params);
    },
    async raw(step: RawStep, request) {
      calls.push({ step: step.id, params: request });
      const next = answers.shift();
      if (!next) throw new Error(`no answer scripted for ${step.id}`);
      return next(request as unknown as Record<string, unknown>);
    },
    async sleep(ms) {
      sleeps.push(ms);
      clock += ms;
    },
    now: () => clock,
  };
  return { executor, calls, sleeps };
}

function suiteOf(tests: unknown[], variables: Record<string, string> = {}): ActsSuite {
  const loaded = loadActs(
    {
      't.yaml': {
        acts_version: '1.0',
        spec_version: '1.0',
        variables,
        suites: [{ id: 's', name: 'Suite', tests }],
      },
    },
    't.yaml',
  );
  if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
  return loaded.collection.suites[0]!;
}

function context(executor: ActsExecutor, signal?: { aborted: boolean }): RunContext {
  return {
    executor,
    runnerVariables: { SUT_BASE_URL: 'http://agent' },
    env: {},
    uuid: () => 'uuid',
    defaultStreamTimeoutMs: 1000,
    ...(signal ? { signal } : {}),
  };
}

async function run(
  suite: ActsSuite,
  executor: ActsExecutor,
  signal?: { aborted: boolean },
): Promise<TestOutcome> {
  return runTest({ suite, test: suite.tests[0] as ActsTest, where: WHERE }, context(executor, signal));
}

const sendThenGet = {
  id: 'CORE-1',
  name: 'send then get',
  level: 'must',
  steps: [
    {
      id: 'send',
      operation: 'send_message',
      params: { message: { role: 'ROLE_USER', parts: [{ text: 'tck-complete-task hi' }] } },
      expect: {
        status: 200,
        body: { task: { id: { type: 'string' }, status: { state: 'TASK_STATE_COMPLETED' } } },
      },
      capture: { taskId: 'task.id' },
    },
    {
      id: 'get',
      operation: 'get_task',
      params: { id: '{{send.taskId}}', historyLength: 0 },
      expect: { body: { id: '{{send.taskId}}', history: { any_of: [{ absent: true }, { count: 0 }] } } },
      assertions: [{ source: '{{get.response}}', match: { status: { state: 'TASK_STATE_COMPLETED' } } }],
    },
  ],
};

describe('running an ACTS test', () => {
  it('passes a test whose captures flow into the next step', async () => {
    const { executor, calls } = scripted([
      () => ok({ task: { id: 't-9', status: { state: 'TASK_STATE_COMPLETED' } } }),
      () => ok({ id: 't-9', status: { state: 'TASK_STATE_COMPLETED' } }, 'f2'),
    ]);
    const outcome = await run(suiteOf([sendThenGet]), executor);
    expect(outcome.result).toBe('pass');
    expect(calls[1]).toEqual({ step: 'get', params: { id: 't-9', historyLength: 0 } });
    expect(outcome.steps.map((step) => [step.id, step.result, step.frameIds])).toEqual([
      ['send', 'pass', ['f1']],
      ['get', 'pass', ['f2']],
    ]);
    expect(outcome.interface).toEqual(WHERE);
  });

  it('fails at the first failing step with path, expected and actual, and runs nothing after it', async () => {
    const { executor, calls } = scripted([
      () => ok({ task: { id: 't-9', status: { state: 'TASK_STATE_WORKING' } } }, 'send-frame'),
    ]);
    const outcome = await run(suiteOf([sendThenGet]), executor);
    expect(outcome.result).toBe('fail');
    expect(outcome.failure).toMatchObject({
      step_id: 'send',
      assertion_path: 'task.status.state',
      expected: '"TASK_STATE_COMPLETED"',
      actual: '"TASK_STATE_WORKING"',
    });
    expect(outcome.failedFrameId).toBe('send-frame');
    expect(calls).toHaveLength(1);
    expect(outcome.steps[1]).toMatchObject({ id: 'get', result: 'skip' });
  });

  it('says plainly when an answer was an error where a result was expected', async () => {
    const { executor } = scripted([() => failure(-32001, 'TaskNotFoundError', 'Task not found')]);
    const outcome = await run(suiteOf([sendThenGet]), executor);
    expect(outcome.failure!.message).toContain('answered with an error: TaskNotFoundError: Task not found');
    expect(outcome.failedFrameId).toBe('err-frame');
  });

  it('checks expected errors by type (also through alternatives), message and details', async () => {
    const test = (expectError: unknown) =>
      suiteOf([
        {
          id: 'E-1',
          name: 'e',
          level: 'must',
          steps: [{ id: 'get', operation: 'get_task', params: { id: 'x' }, expect_error: expectError }],
        },
      ]);
    const notFound = () => failure(-32001, 'TaskNotFoundError', 'Task not found: x');
    expect(
      (
        await run(
          test({ error_type: 'TaskNotFoundError', message: { contains: 'not found' } }),
          scripted([notFound]).executor,
        )
      ).result,
    ).toBe('pass');
    expect(
      (
        await run(
          test({ code: { one_of: ['TaskNotFoundError', 'TaskNotCancelableError'] } }),
          scripted([notFound]).executor,
        )
      ).result,
    ).toBe('pass');
    const wrong = await run(test({ code: 'TaskNotCancelableError' }), scripted([notFound]).executor);
    expect(wrong.failure!.message).toContain(
      'the error is TaskNotFoundError (code -32001), expected "TaskNotCancelableError"',
    );
    const noError = await run(
      test({ code: 'TaskNotFoundError' }),
      scripted([() => ok({ id: 'x' })]).executor,
    );
    expect(noError.failure!.message).toContain(
      'expected TaskNotFoundError, but the agent answered without an error',
    );
  });

  it('polls until the condition holds, with its delays and backoff', async () => {
    const states = ['TASK_STATE_WORKING', 'TASK_STATE_WORKING', 'TASK_STATE_COMPLETED'];
    const { executor, sleeps, calls } = scripted(states.map((state) => () => ok({ status: { state } })));
    const suite = suiteOf([
      {
        id: 'P-1',
        name: 'poll',
        level: 'must',
        steps: [
          {
            id: 'poll',
            operation: 'get_task',
            params: { id: 't' },
            repeat: {
              until: 'status.state in [TASK_STATE_COMPLETED, TASK_STATE_FAILED]',
              max_attempts: 5,
              delay_ms: 100,
              backoff: 'linear',
            },
          },
        ],
      },
    ]);
    const outcome = await run(suite, executor);
    expect(outcome.result).toBe('pass');
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([100, 200]);
    expect(outcome.steps[0]!.notes).toContain('until held after 3 attempts');
  });

  it('fails a poll that never gets there, saying what it last saw', async () => {
    const { executor } = scripted([1, 2].map(() => () => ok({ status: { state: 'TASK_STATE_WORKING' } })));
    const suite = suiteOf([
      {
        id: 'P-2',
        name: 'poll',
        level: 'should',
        steps: [
          {
            id: 'poll',
            operation: 'get_task',
            params: { id: 't' },
            repeat: { until: 'status.state == TASK_STATE_COMPLETED', max_attempts: 2, delay_ms: 1 },
          },
        ],
      },
    ]);
    const outcome = await run(suite, executor);
    expect(outcome.failure!.message).toContain(
      'still did not hold after 2 attempts; status.state was "TASK_STATE_WORKING"',
    );
  });

  it('checks streams, and a stream that regresses fails', async () => {
    const suite = suiteOf([
      {
        id: 'S-1',
        name: 'stream',
        level: 'must',
        steps: [
          {
            id: 'stream',
            operation: 'send_streaming_message',
            params: { message: { role: 'ROLE_USER', parts: [{ text: 'x' }] } },
            expect_stream: {
              min_count: 2,
              ordering: 'monotonic_state',
              final_event: { status: { state: 'TASK_STATE_COMPLETED' } },
            },
          },
        ],
      },
    ]);
    expect(
      (await run(suite, scripted([() => stream(['TASK_STATE_WORKING', 'TASK_STATE_COMPLETED'])]).executor))
        .result,
    ).toBe('pass');
    const bad = await run(
      suite,
      scripted([() => stream(['TASK_STATE_COMPLETED', 'TASK_STATE_WORKING'])]).executor,
    );
    expect(bad.failure!.message).toContain('expect_stream');
    expect(bad.failedFrameId).toBe('stream-frame');
  });

  it('does not run a test that needs a value the runner was not given, and errs on a capture that is not there', async () => {
    const suite = suiteOf([
      {
        id: 'V-1',
        name: 'v',
        level: 'must',
        steps: [{ id: 'get', operation: 'get_task', params: { id: '{{otherUserTaskId}}' } }],
      },
    ]);
    const outcome = await run(suite, scripted([]).executor);
    expect(outcome.result).toBe('skip');
    expect(outcome.skip_reason).toContain('needs the value otherUserTaskId');
    const capture = suiteOf([
      {
        id: 'V-2',
        name: 'v',
        level: 'must',
        steps: [{ id: 'get', operation: 'get_task', params: { id: '{{send.taskId}}' } }],
      },
    ]);
    const broken = await run(capture, scripted([]).executor);
    expect(broken.result).toBe('error');
    expect(broken.failure!.message).toContain('no earlier step of this test is called send');
  });

  it('collection assertions: any, all and none', async () => {
    const suite = suiteOf([
      {
        id: 'C-1',
        name: 'c',
        level: 'must',
        steps: [
          {
            id: 'send',
            operation: 'send_message',
            params: { message: { role: 'ROLE_USER', parts: [{ text: 'x' }] } },
            assertions: [
              {
                source: '{{send.response}}',
                any: { path: 'task.artifacts[*].parts[*]', match: { text: { type: 'string' } } },
              },
              {
                source: '{{send.response}}',
                none: { path: 'task.artifacts[*].parts[*]', match: { text: 'secret' } },
              },
              {
                source: '{{send.response}}',
                all: { path: 'task.artifacts[*]', match: { artifactId: { type: 'string' } } },
              },
            ],
          },
        ],
      },
    ]);
    const good = ok({ task: { artifacts: [{ artifactId: 'a', parts: [{ data: {} }, { text: 'hi' }] }] } });
    expect((await run(suite, scripted([() => good]).executor)).result).toBe('pass');
    const none = ok({ task: { artifacts: [{ artifactId: 'a', parts: [{ data: {} }] }] } });
    expect((await run(suite, scripted([() => none]).executor)).failure!.message).toContain(
      'none of the 1 values',
    );
  });

  it('stops when asked: the test is listed as not run', async () => {
    const signal = { aborted: true };
    const outcome = await run(suiteOf([sendThenGet]), scripted([]).executor, signal);
    expect(outcome).toMatchObject({ result: 'skip', skip_reason: STOPPED });
  });
});

describe('ACTS reports', () => {
  const outcome = (
    id: string,
    level: 'must' | 'should',
    result: TestOutcome['result'],
    where: RunInterface,
  ): TestOutcome => ({
    suiteId: 'core',
    suiteName: 'Core',
    id,
    name: id,
    level,
    result,
    duration_ms: 10,
    steps: [],
    interface: where,
    ...(result === 'fail'
      ? { failure: { message: 'bad <thing> & more', step_id: 'send' }, failedFrameId: 'f7' }
      : {}),
    ...(result === 'skip' ? { skip_reason: 'needs behaviours' } : {}),
  });
  const rest: RunInterface = { ...WHERE, binding: 'HTTP+JSON', transport: 'rest', url: 'http://agent/rest' };
  const outcomes = [
    outcome('A', 'must', 'pass', WHERE),
    outcome('B', 'must', 'fail', WHERE),
    outcome('C', 'should', 'skip', WHERE),
    outcome('A', 'must', 'pass', rest),
  ];

  it('writes one ACTS §13 report per interface with summaries by level', () => {
    const reports = actsReports(outcomes, {
      actsVersion: '1.0',
      specVersion: '1.0',
      generatedAt: '2026-11-27T10:00:00.000Z',
      sdk: { name: 'My Agent', version: '2.1' },
      runner: 'Switchboard test',
      cardUrl: 'http://agent/.well-known/agent-card.json',
    });
    expect(reports.map((report) => report.transport)).toEqual(['jsonrpc', 'rest']);
    const first = reports[0]!;
    expect(first.summary).toMatchObject({ total: 3, passed: 1, failed: 1, skipped: 1, errors: 0 });
    expect(first.summary.by_level.must).toEqual({ total: 2, passed: 1, failed: 1, skipped: 0, errors: 0 });
    expect(first.environment).toMatchObject({
      a2a_generation: '1.0',
      binding: 'JSONRPC',
      interface_url: 'http://agent/rpc',
    });
    expect(first.suites[0]!.tests[1]).toMatchObject({
      id: 'B',
      result: 'fail',
      failure: { step_id: 'send' },
    });
    expect(reportFileName(first)).toBe('acts-report-my-agent-jsonrpc-20261127T100000Z.json');
    expect(summaryLines(first.summary)).toEqual([
      'MUST:     1/2 passed (1 failed)',
      'SHOULD:   0/0 passed (1 not run)',
      'MAY:      0/0 passed',
    ]);
    expect(conforms(outcomes)).toBe(false);
    expect(conforms([outcomes[0]!, outcomes[2]!])).toBe(true);
  });

  it('writes JUnit XML with failures, skips and escaped text', () => {
    const xml = actsToJUnit(outcomes, '2026-11-27T10:00:00.000Z');
    expect(xml).toContain(
      '<testsuite name="acts.core [jsonrpc 1.0]" tests="3" failures="1" errors="0" skipped="1"',
    );
    expect(xml).toContain('<testsuite name="acts.core [rest 1.0]" tests="1"');
    expect(xml).toContain('<failure message="bad &lt;thing&gt; &amp; more" type="must">');
    expect(xml).toContain('frame: f7');
    expect(xml).toContain('<skipped message="needs behaviours"/>');
  });
});
