// Runs one ACTS test (ACTS §4–ACTS §9): its steps in order, each through an executor that talks to the agent (the
// host's, in the app and the CLI), with variables and captures scoped to the test, `repeat.until` polling, and every
// expectation checked on what came back. The first step that fails ends the test; the steps after it are listed as not
// run. The engine itself never touches the network, so it is tested with a fake executor and behaves the same
// everywhere.

import type {
  ActsStep,
  ExpectBlock,
  ExpectError,
  ExpectStream,
  NamedAssertion,
  OperationStep,
  RawStep,
} from './actsTypes';
import type { FailureDetail, RunInterface, StepOutcome, TestOutcome, TestResult } from './actsReport';
import { type Alternatives, check, showValue, type AssertionFailure } from './assertions';
import { parsePath, resolveAll, resolvePath } from './paths';
import type { PlannedTest } from './plan';
import { checkStream, type StreamEventInput } from './streamExpect';
import { parseUntil, untilHolds } from './until';
import { interpolate, type VariableScope } from './variables';

/** What one exchange gave, ready for assertions. */
export interface StepResponse {
  /**
   * result: an answer; error: an A2A error; stream: a stream that ran; failed: no usable answer at all; refused:
   * nothing was sent (the request could not be built), which is the runner's problem, not the agent's.
   */
  kind: 'result' | 'error' | 'stream' | 'failed' | 'refused';
  /** The status assertions see: 200 for any success of an operation (the real one is in `notes`), else the HTTP
   * status, with "error" besides for an error. */
  status: Alternatives;
  /** The assertion root: the A2A object (operations), the body (raw steps), `{error}` for an error. */
  view: unknown;
  error?: { types: Alternatives; message: unknown; details: unknown; summary: string };
  /** Stream events in arrival order, when the answer was a stream. */
  events?: StreamEventInput[];
  /** How the stream ended: the agent closed it, it ran past its time, or it broke. */
  streamEnd?: 'complete' | 'timeout' | 'error';
  frameIds: string[];
  /** One line saying what came back, for failure messages. */
  summary: string;
  notes?: string[];
}

/** What a stop looks like here: shared code has no DOM or Node types, so not AbortSignal itself. */
export interface StopSignal {
  readonly aborted: boolean;
}

export interface ActsExecutor {
  operation(
    step: OperationStep,
    params: Record<string, unknown>,
    where: RunInterface,
    streamTimeoutMs: number,
  ): Promise<StepResponse>;
  raw(
    step: RawStep,
    request: RawStep['raw'],
    where: RunInterface,
    streamTimeoutMs: number,
  ): Promise<StepResponse>;
  sleep(ms: number, signal?: StopSignal): Promise<void>;
  now(): number;
}

export interface RunContext {
  executor: ActsExecutor;
  runnerVariables: Record<string, string>;
  env: Record<string, string | undefined>;
  uuid: () => string;
  signal?: StopSignal;
  /** How long a stream may take to end when its expectation names no `timeout_ms`. */
  defaultStreamTimeoutMs: number;
}

/** Ends a test early: `fail` for the agent, `error` for the runner (a variable that does not resolve …). */
class StepStop extends Error {
  constructor(
    readonly result: 'fail' | 'error' | 'skip',
    readonly detail: FailureDetail,
    readonly frameId?: string,
  ) {
    super(detail.message);
  }
}

export const STOPPED = 'The run was stopped before this test finished.';

export async function runTest(planned: PlannedTest, context: RunContext): Promise<TestOutcome> {
  const { suite, test, where } = planned;
  const base = {
    suiteId: suite.id,
    suiteName: suite.name,
    id: test.id,
    name: test.name,
    level: test.level,
    interface: where,
    ...(test.spec_ref !== undefined ? { spec_ref: test.spec_ref } : {}),
    ...(test.description !== undefined ? { description: test.description } : {}),
  };
  if (planned.skip !== undefined)
    return { ...base, result: 'skip', duration_ms: 0, skip_reason: planned.skip, steps: [] };
  const started = context.executor.now();
  const scope: VariableScope & { steps: Map<string, Record<string, unknown>> } = {
    steps: new Map(),
    document: suite.variables,
    runner: context.runnerVariables,
    env: context.env,
    uuid: context.uuid,
  };
  const steps: StepOutcome[] = [];
  let ended: { result: TestResult; failure?: FailureDetail; frameId?: string; skip?: string } | undefined;
  for (const step of test.steps) {
    if (ended) {
      steps.push({
        id: step.id,
        result: 'skip',
        duration_ms: 0,
        frameIds: [],
        notes: ['Not run: an earlier step ended the test.'],
      });
      continue;
    }
    if (context.signal?.aborted) {
      ended = { result: 'skip', skip: STOPPED };
      steps.push({ id: step.id, result: 'skip', duration_ms: 0, frameIds: [] });
      continue;
    }
    const stepStart = context.executor.now();
    const outcome: StepOutcome = { id: step.id, result: 'pass', duration_ms: 0, frameIds: [] };
    try {
      await runStep(step, where, scope, context, outcome);
    } catch (error) {
      if (error instanceof StepStop && error.result === 'skip') {
        outcome.result = 'skip';
        ended = { result: 'skip', skip: error.detail.message };
      } else if (error instanceof StepStop) {
        outcome.result = error.result;
        outcome.failure = { ...error.detail, step_id: step.id };
        ended = {
          result: error.result,
          failure: outcome.failure,
          ...(error.frameId ? { frameId: error.frameId } : {}),
        };
      } else if (context.signal?.aborted) {
        outcome.result = 'skip';
        ended = { result: 'skip', skip: STOPPED };
      } else {
        const message = `The runner failed: ${error instanceof Error ? error.message : String(error)}`;
        outcome.result = 'error';
        outcome.failure = { message, step_id: step.id };
        ended = { result: 'error', failure: outcome.failure };
      }
    }
    outcome.duration_ms = Math.round(context.executor.now() - stepStart);
    steps.push(outcome);
  }
  if (!ended) {
    try {
      checkNamed(test.assertions, scope, 'test assertions');
    } catch (error) {
      if (!(error instanceof StepStop)) throw error;
      ended =
        error.result === 'skip'
          ? { result: 'skip', skip: error.detail.message }
          : { result: error.result, failure: error.detail };
    }
  }
  const duration = Math.round(context.executor.now() - started);
  if (!ended) return { ...base, result: 'pass', duration_ms: duration, steps };
  return {
    ...base,
    result: ended.result,
    duration_ms: duration,
    steps,
    ...(ended.skip !== undefined ? { skip_reason: ended.skip } : {}),
    ...(ended.failure ? { failure: ended.failure } : {}),
    ...(ended.frameId ? { failedFrameId: ended.frameId } : {}),
  };
}

function resolved<T>(value: T, scope: VariableScope): T {
  const result = interpolate(value, scope);
  if (result.ok) return result.value;
  // A value the runner was to supply and was not given: the test cannot run here (ACTS §3.2 says skip, with the
  // reason).
  if (result.missing !== undefined) {
    throw new StepStop('skip', {
      message: `It needs the value ${result.missing}, which this run was not given (give it as a variable of the run). ${result.message}`,
    });
  }
  throw new StepStop('error', { message: result.message });
}

async function runStep(
  step: ActsStep,
  where: RunInterface,
  scope: VariableScope & { steps: Map<string, Record<string, unknown>> },
  context: RunContext,
  outcome: StepOutcome,
): Promise<void> {
  if (step.kind === 'assertion') {
    checkNamed([step.assertion], scope, `assertion ${step.id}`);
    return;
  }
  if (step.kind === 'client') {
    throw new StepStop('error', {
      message: 'A client step cannot run against an agent; client tests run against Switchboard’s decoders.',
    });
  }
  const expectStream = step.expect_stream;
  const streamTimeout = expectStream?.timeout_ms ?? context.defaultStreamTimeoutMs;
  let response: StepResponse;
  if (step.kind === 'raw') {
    const request = resolved(step.raw, scope);
    response = await context.executor.raw(step, request, where, streamTimeout);
    record(outcome, response);
  } else {
    if (step.delay_ms) await wait(context, outcome, step.delay_ms);
    const params = resolved(step.params, scope);
    response = await poll(step, where, params, context, outcome, streamTimeout);
  }
  const frameId = response.frameIds[0];
  const stop = (failures: AssertionFailure[], what: string) => {
    if (failures.length === 0) return;
    const first = failures[0]!;
    const more = failures.length > 1 ? ` (and ${failures.length - 1} more)` : '';
    throw new StepStop(
      'fail',
      {
        message: `${what}: ${first.message}${more}`,
        expected: first.expected,
        actual: first.actual,
        ...(first.path ? { assertion_path: first.path } : {}),
      },
      frameId,
    );
  };
  if (response.kind === 'refused') throw new StepStop('error', { message: `Not sent: ${response.summary}` });
  if (response.kind === 'failed' && !step.expect_error) {
    throw new StepStop('fail', { message: `No usable answer: ${response.summary}` }, frameId);
  }
  if (step.expect) stop(checkExpect(resolved(step.expect, scope), response), 'expect');
  if (step.expect_error) stop(checkError(resolved(step.expect_error, scope), response), 'expect_error');
  if (expectStream) stop(checkStreamStep(resolved(expectStream, scope), response), 'expect_stream');
  const captured: Record<string, unknown> = { response: response.view };
  for (const [name, path] of Object.entries(step.capture ?? {})) {
    const value = resolvePath(response.view, path);
    if (!value.ok) throw new StepStop('error', { message: `capture ${name}: ${value.message}` });
    if (value.value === undefined) {
      throw new StepStop(
        'fail',
        {
          message: `capture ${name}: the response has nothing at ${path} to capture`,
          expected: `a value at ${path}`,
          actual: showValue(response.view),
          assertion_path: path,
        },
        frameId,
      );
    }
    captured[name] = value.value;
  }
  scope.steps.set(step.id, captured);
  checkNamed(step.assertions ?? [], scope, `assertions of ${step.id}`, frameId);
}

/** A wait the test asked for, counted on the step so a report can tell the runner's time from the test's. */
async function wait(context: RunContext, outcome: StepOutcome, ms: number): Promise<void> {
  const started = context.executor.now();
  await context.executor.sleep(ms, context.signal);
  outcome.waited_ms = Math.round((outcome.waited_ms ?? 0) + context.executor.now() - started);
}

function record(outcome: StepOutcome, response: StepResponse): void {
  for (const id of response.frameIds) if (!outcome.frameIds.includes(id)) outcome.frameIds.push(id);
  if (response.notes?.length) outcome.notes = [...(outcome.notes ?? []), ...response.notes];
}

/** Runs an operation step, again and again while its `repeat.until` does not hold (ACTS §9). */
async function poll(
  step: OperationStep,
  where: RunInterface,
  params: Record<string, unknown>,
  context: RunContext,
  outcome: StepOutcome,
  streamTimeout: number,
): Promise<StepResponse> {
  if (!step.repeat) {
    const response = await context.executor.operation(step, params, where, streamTimeout);
    record(outcome, response);
    return response;
  }
  const condition = parseUntil(step.repeat.until);
  if (!condition.ok) throw new StepStop('error', { message: condition.message });
  const { max_attempts: attempts, delay_ms: delay, backoff } = step.repeat;
  let last: StepResponse | undefined;
  let seen = '';
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    last = await context.executor.operation(step, params, where, streamTimeout);
    record(outcome, last);
    const holds = untilHolds(condition, last.view);
    if ('error' in holds) throw new StepStop('error', { message: `repeat.until: ${holds.error}` });
    seen = holds.seen;
    if (holds.holds) {
      outcome.notes = [
        ...(outcome.notes ?? []),
        `until held after ${attempt} attempt${attempt === 1 ? '' : 's'}`,
      ];
      return last;
    }
    if (attempt < attempts) {
      const pause =
        backoff === 'linear'
          ? delay * attempt
          : backoff === 'exponential'
            ? delay * 2 ** (attempt - 1)
            : delay;
      await wait(context, outcome, pause);
    }
  }
  throw new StepStop(
    'fail',
    {
      message: `repeat: "${condition.text}" still did not hold after ${attempts} attempts; ${condition.path} was ${seen} the last time`,
      expected: condition.text,
      actual: seen,
      assertion_path: condition.path,
    },
    last?.frameIds[0],
  );
}

function checkExpect(expect: ExpectBlock, response: StepResponse): AssertionFailure[] {
  const failures: AssertionFailure[] = [];
  if (expect.status !== undefined) {
    failures.push(
      ...check(expect.status, response.status, 'status').map((failure) => ({
        ...failure,
        message: `the status ${failure.message.replace(/^status /, '')}`,
      })),
    );
  }
  if (expect.body !== undefined) failures.push(...check(expect.body, response.view));
  if (failures.length === 0 || response.kind !== 'error') return failures;
  // An error the test did not see coming reads better as that than as the fields it lacks. It saw it coming when it
  // asserts on `error`, or its status accepts this error's status and not a success (`status: {one_of: [401, 403]}`).
  const wantsError = expect.body !== undefined && 'error' in expect.body;
  const statusWantsError =
    expect.status !== undefined &&
    check(expect.status, response.status).length === 0 &&
    check(expect.status, 200).length > 0;
  if (wantsError || statusWantsError) return failures;
  const what = response.error?.summary ?? response.summary;
  return [
    {
      path: '',
      message: `expected an answer, but the agent answered with an error: ${what}`,
      expected: 'a successful answer',
      actual: what,
    },
  ];
}

function checkError(expect: ExpectError, response: StepResponse): AssertionFailure[] {
  if (response.kind !== 'error' || !response.error) {
    const wanted = typeof expect.type === 'string' ? expect.type : 'an error';
    return [
      {
        path: '',
        message: `expected ${wanted}, but the agent answered without an error: ${response.summary}`,
        expected: wanted,
        actual: response.summary,
      },
    ];
  }
  const error = response.error;
  const failures: AssertionFailure[] = [];
  if (expect.type !== undefined) {
    failures.push(
      ...check(expect.type, error.types, 'error_type').map((failure) => ({
        ...failure,
        message: `the error is ${error.types.label}, expected ${failure.expected}`,
      })),
    );
  }
  if (expect.message !== undefined) failures.push(...check(expect.message, error.message, 'message'));
  if (expect.details !== undefined) failures.push(...check(expect.details, error.details, 'details'));
  return failures;
}

function checkStreamStep(expect: ExpectStream, response: StepResponse): AssertionFailure[] {
  if (response.kind === 'error') {
    return [
      {
        path: '',
        message: `expected a stream, but the agent answered with an error: ${response.error?.summary ?? response.summary}`,
        expected: 'a stream of events',
        actual: response.error?.summary ?? response.summary,
      },
    ];
  }
  if (!response.events) {
    return [
      {
        path: '',
        message: `expected a stream, but the answer was not one: ${response.summary}`,
        expected: 'a stream of events',
        actual: response.summary,
      },
    ];
  }
  const failures = checkStream(expect, response.events);
  if (response.streamEnd === 'timeout') {
    failures.unshift({
      path: '',
      message: `the stream did not end within ${expect.timeout_ms ?? 'the runner’s'} ms; it was closed after ${response.events.length} events`,
      expected: 'a stream that ends',
      actual: `open after ${response.events.length} events`,
    });
  }
  return failures;
}

/** Named and collection assertions (ACTS §5.5) on captured responses. */
function checkNamed(
  assertions: readonly NamedAssertion[],
  scope: VariableScope,
  what: string,
  frameId?: string,
): void {
  for (const assertion of assertions) {
    const source = resolved(assertion.source, scope);
    const base = assertion.path ? resolvePath(source, assertion.path) : { ok: true as const, value: source };
    if (!base.ok) throw new StepStop('error', { message: `${what}: ${base.message}` });
    const label = assertion.description ?? assertion.id ?? assertion.path ?? 'assertion';
    const failures: AssertionFailure[] = [];
    if (assertion.match !== undefined)
      failures.push(...check(resolved(assertion.match, scope), base.value, assertion.path ?? ''));
    for (const mode of ['any', 'all', 'none'] as const) {
      const collection = assertion[mode];
      if (!collection) continue;
      const parsed = parsePath(collection.path);
      if (!parsed.ok) throw new StepStop('error', { message: `${what}: ${parsed.message}` });
      const elements = resolveAll(base.value, parsed.segments).filter(
        (element) => element.value !== undefined,
      );
      const match = resolved(collection.match, scope);
      const passing = elements.filter((element) => check(match, element.value, element.path).length === 0);
      const ok =
        mode === 'any'
          ? passing.length > 0
          : mode === 'all'
            ? passing.length === elements.length && elements.length > 0
            : passing.length === 0;
      if (!ok) {
        failures.push({
          path: collection.path,
          message:
            mode === 'any'
              ? `none of the ${elements.length} values at ${collection.path} matches`
              : mode === 'all'
                ? `${elements.length - passing.length} of the ${elements.length} values at ${collection.path} do not match`
                : `${passing.length} of the values at ${collection.path} match, expected none`,
          expected: `${mode} of ${collection.path} matching ${showValue(match)}`,
          actual: showValue(elements.map((element) => element.value)),
        });
      }
    }
    if (failures.length > 0) {
      const first = failures[0]!;
      throw new StepStop(
        'fail',
        {
          message: `${what} (${label}): ${first.message}`,
          expected: first.expected,
          actual: first.actual,
          assertion_path: first.path,
        },
        frameId,
      );
    }
  }
}
