// The conformance suite in the host (CHK-6): the vendored ACTS tests, runs against an open agent on the interfaces
// asked for (one after another, tests in file order, as ACTS allows any order), progress told after every test, a
// stop that ends the run between steps, and the result with ACTS's own reports. Runs are the user's to start; the
// last few are kept so a window that asks late still gets the result.

import { randomUUID } from 'node:crypto';
import type { AgentSummary } from '../../../shared/host/agent';
import { agentName } from '../../../shared/agentName';
import { findAdapter } from '../../../shared/a2a/adapters';
import {
  actsReports,
  conforms,
  summarize,
  type RunInterface,
  type TestOutcome,
} from '../../../shared/acts/actsReport';
import type {
  ActsCatalog,
  ActsProgress,
  ActsRunRequest,
  ActsRunResult,
  ActsRunStarted,
} from '../../../shared/acts/actsRunTypes';
import { ACTS_GENERATION, type ActsCollection } from '../../../shared/acts/actsTypes';
import { loadActs } from '../../../shared/acts/loadActs';
import { planRun, TRANSPORT_OF, type PlannedTest } from '../../../shared/acts/plan';
import { runTest, STOPPED } from '../../../shared/acts/runTest';
import bundle from '../../../vendor/acts/acts-suite.json' with { type: 'json' };
import { createActsExecutor } from './actsExecutor';
import type { ActsHost } from './actsHost';

const SOURCE =
  'ACTS draft 0.1.0 (A2A Conformance Test Specification), github.com/a2aproject/A2A branch conformance-spec, Apache License 2.0';

/** How long a stream may run when a test names no limit. */
const DEFAULT_STREAM_TIMEOUT_MS = 30_000;
/** Finished runs kept for `awaitActs`. */
const KEPT = 20;

let official: ActsCollection | undefined;

/** The vendored suite, loaded once; a bundle that does not load is a build fault, said as such. */
export function officialActs(): ActsCollection {
  if (official) return official;
  const loaded = loadActs(bundle.files, bundle.master);
  if (!loaded.ok) throw new Error(`The bundled ACTS suite does not load: ${loaded.problems.join('; ')}`);
  official = loaded.collection;
  return official;
}

/** ACTS documents the user gave: loaded and checked like the official ones, refused with every problem found. */
function ownActs(documents: NonNullable<ActsRunRequest['documents']>): ActsCollection {
  const loaded = loadActs(documents.files, documents.entry);
  if (!loaded.ok) {
    const shown = loaded.problems.slice(0, 20);
    const more = loaded.problems.length - shown.length;
    throw new Error(
      `The ACTS files cannot be run: ${shown.join(' ')}${more > 0 ? ` (and ${more} more problems)` : ''}`,
    );
  }
  return loaded.collection;
}

export function actsCatalog(): ActsCatalog {
  const collection = officialActs();
  return {
    actsVersion: collection.acts_version,
    specVersion: collection.spec_version,
    ...(collection.title ? { title: collection.title } : {}),
    source: SOURCE,
    suites: collection.suites.map((suite) => ({
      id: suite.id,
      name: suite.name,
      ...(suite.description ? { description: suite.description } : {}),
      tests: suite.tests.map((test) => ({
        id: test.id,
        name: test.name,
        level: test.level,
        behaviours: test.requires_behaviors,
        ...(test.transport ? { transport: test.transport } : {}),
        client: test.steps.some((step) => step.kind === 'client'),
      })),
    })),
  };
}

/** The interfaces of the card a run may use: those Switchboard speaks, each once, filtered as asked. */
export function runInterfaces(
  agent: AgentSummary,
  request: Pick<ActsRunRequest, 'interfaces' | 'bindings'>,
): RunInterface[] {
  const out: RunInterface[] = [];
  const seen = new Set<string>();
  for (const candidate of agent.interfaces) {
    const binding = candidate.binding;
    if (!binding || !findAdapter(candidate.generation, binding)) continue;
    const key = `${candidate.generation} ${binding} ${candidate.url}`;
    if (seen.has(key)) continue;
    if (request.bindings && request.bindings.length > 0 && !request.bindings.includes(binding)) continue;
    if (
      request.interfaces &&
      request.interfaces.length > 0 &&
      !request.interfaces.some(
        (wanted) =>
          wanted.url === candidate.url &&
          wanted.generation === candidate.generation &&
          wanted.binding === binding,
      )
    )
      continue;
    seen.add(key);
    out.push({
      url: candidate.url,
      generation: candidate.generation,
      binding,
      transport: TRANSPORT_OF[binding],
      view: candidate.generation === ACTS_GENERATION ? 'wire' : 'translated',
    });
  }
  return out;
}

interface Run {
  result: Promise<ActsRunResult>;
  stop: { aborted: boolean };
}

export interface ActsService {
  catalog(): ActsCatalog;
  start(request: ActsRunRequest): ActsRunStarted;
  settled(runId: string): Promise<ActsRunResult>;
  stop(runId: string): { stopped: boolean };
  /** Stops every run (the host is closing) and waits for them to end. */
  close(): Promise<void>;
}

/** What a run needs besides its plan: the host to send through, where progress goes, and who runs it. */
interface RunnerContext {
  host: ActsHost;
  publish: (progress: ActsProgress) => void;
  appVersion: string;
}

/** The settings a run keeps from its request, with their defaults filled in. */
interface RunOptions {
  collection: ActsCollection;
  level: ActsRunResult['level'];
  behaviours: boolean;
  suites: string[];
  streamTimeoutMs: number;
  variables: Record<string, string>;
}

export function createActsService(
  host: ActsHost,
  summary: (agentId: string) => AgentSummary,
  publish: (progress: ActsProgress) => void,
  appVersion: string,
): ActsService {
  const runs = new Map<string, Run>();
  const context: RunnerContext = { host, publish, appVersion };

  return {
    catalog: actsCatalog,

    start(request) {
      const agent = summary(request.agentId);
      const { tests, interfaces, options } = planActsRun(agent, request);
      const runId = randomUUID();
      const stop = { aborted: false };
      const result = execute(context, runId, agent, tests, interfaces, stop, options);
      runs.set(runId, { result, stop });
      while (runs.size > KEPT) runs.delete(runs.keys().next().value!);
      return { runId, planned: tests.length, interfaces };
    },

    async settled(runId) {
      const run = runs.get(runId);
      if (!run) throw new Error(`No conformance run has the id ${JSON.stringify(runId)}.`);
      return run.result;
    },

    stop(runId) {
      const run = runs.get(runId);
      if (!run || run.stop.aborted) return { stopped: false };
      run.stop.aborted = true;
      return { stopped: true };
    },

    async close() {
      for (const run of runs.values()) run.stop.aborted = true;
      await Promise.all([...runs.values()].map((run) => run.result.catch(() => undefined)));
    },
  };
}

/** The tests a request asks for, on the interfaces it may use; a request that cannot run is refused in words. */
function planActsRun(
  agent: AgentSummary,
  request: ActsRunRequest,
): { tests: PlannedTest[]; interfaces: RunInterface[]; options: RunOptions } {
  const collection = request.documents ? ownActs(request.documents) : officialActs();
  const interfaces = runInterfaces(agent, request);
  if (interfaces.length === 0) {
    const asked = request.bindings?.length ? ` for ${request.bindings.join(', ')}` : '';
    throw new Error(
      `The card declares no interface${asked} that Switchboard speaks, so there is nothing to run the suite on.`,
    );
  }
  let card: unknown;
  try {
    card = JSON.parse(agent.cardText);
  } catch {
    card = {};
  }
  const level = request.level ?? 'may';
  const behaviours = request.behaviours ?? false;
  const plan = planRun(collection, {
    ...(request.suites ? { suites: request.suites } : {}),
    level,
    behaviours,
    card,
    interfaces,
  });
  if (!plan.ok) throw new Error(plan.message);
  return {
    tests: plan.tests,
    interfaces,
    options: {
      collection,
      level,
      behaviours,
      suites: request.suites ?? [],
      streamTimeoutMs: request.streamTimeoutMs ?? DEFAULT_STREAM_TIMEOUT_MS,
      variables: request.variables ?? {},
    },
  };
}

/** Runs the planned tests one after another, telling progress after each, and gives the result with its reports. */
async function execute(
  { host, publish, appVersion }: RunnerContext,
  runId: string,
  agent: AgentSummary,
  tests: readonly PlannedTest[],
  interfaces: RunInterface[],
  stop: { aborted: boolean },
  options: RunOptions,
): Promise<ActsRunResult> {
  const startedAt = new Date();
  const executor = createActsExecutor(host, agent);
  const outcomes: TestOutcome[] = [];
  const runnerVariables: Record<string, string> = {
    SUT_BASE_URL: baseUrlOf(agent),
    baseUrl: baseUrlOf(agent),
    ...options.variables,
  };
  try {
    for (const planned of tests) {
      // Yield between tests so a stop (or anything else the host is asked) is heard.
      await new Promise((resolve) => setImmediate(resolve));
      const outcome = stop.aborted
        ? notRun(planned)
        : await runTest(planned, {
            executor,
            runnerVariables,
            env: process.env,
            uuid: randomUUID,
            signal: stop,
            defaultStreamTimeoutMs: options.streamTimeoutMs,
          });
      outcomes.push(outcome);
      publish({ runId, done: outcomes.length, total: tests.length, outcome });
    }
  } finally {
    executor.dispose();
  }
  const finishedAt = new Date();
  const result: ActsRunResult = {
    runId,
    agentId: agent.id,
    agentName: agentName(agent),
    cardUrl: agent.cardUrl,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    stopped: stop.aborted,
    actsVersion: options.collection.acts_version,
    specVersion: options.collection.spec_version,
    level: options.level,
    behaviours: options.behaviours,
    suites: options.suites,
    interfaces,
    outcomes,
    reports: actsReports(outcomes, {
      actsVersion: options.collection.acts_version,
      specVersion: options.collection.spec_version,
      generatedAt: finishedAt.toISOString(),
      sdk: sdkOf(agent),
      runner: `Switchboard ${appVersion}`,
      cardUrl: agent.cardUrl,
    }),
    summary: summarize(outcomes, finishedAt.getTime() - startedAt.getTime()),
    conforms: conforms(outcomes),
  };
  publish({ runId, done: outcomes.length, total: tests.length, finished: true });
  return result;
}

function notRun(planned: PlannedTest): TestOutcome {
  return {
    suiteId: planned.suite.id,
    suiteName: planned.suite.name,
    id: planned.test.id,
    name: planned.test.name,
    level: planned.test.level,
    result: 'skip',
    duration_ms: 0,
    skip_reason: STOPPED,
    steps: [],
    interface: planned.where,
  };
}

/** The implementation under test as its card names it. */
function sdkOf(agent: AgentSummary): { name: string; version: string } {
  try {
    const card = JSON.parse(agent.cardText) as { name?: unknown; version?: unknown };
    return {
      name: typeof card.name === 'string' ? card.name : agentName(agent),
      version: typeof card.version === 'string' ? card.version : 'unknown',
    };
  } catch {
    return { name: agentName(agent), version: 'unknown' };
  }
}

function baseUrlOf(agent: AgentSummary): string {
  try {
    return new URL(agent.cardUrl).origin;
  } catch {
    return agent.origin;
  }
}
