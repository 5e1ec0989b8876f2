// What an ACTS run produced, and the reports made from it: ACTS's own JSON report (ACTS §13), one per interface the run
// covered (the format names one `transport` per report), a conformance summary by level (ACTS §12.7), and JUnit XML for
// CI. Switchboard's per-test outcome keeps more than ACTS §13 has room for (the interface's generation and binding, the
// frames of every step), so the app can open a failed test on the exchange that failed.

import type { Binding, Generation } from '../a2a/generation';
import { xmlText } from '../checks/reportExport';
import { LEVELS, type Level, type Transport } from './actsTypes';
import { versionGeneration } from '../a2a/detect';

export type TestResult = 'pass' | 'fail' | 'skip' | 'error';

export interface FailureDetail {
  message: string;
  step_id?: string;
  expected?: string;
  actual?: string;
  assertion_path?: string;
}

export interface StepOutcome {
  id: string;
  result: TestResult;
  duration_ms: number;
  failure?: FailureDetail;
  /** The frames the step made: its exchange, a stream's events, a card fetch. */
  frameIds: string[];
  /** What the runner did that the file does not say: a translation, a retry count, a field it could not send. */
  notes?: string[];
  /** Time the step spent waiting because the test asked it to (`delay_ms`, pauses between `repeat` attempts). */
  waited_ms?: number;
}

/** The interface a test ran on. */
export interface RunInterface {
  url: string;
  generation: Generation;
  binding: Binding;
  transport: Transport;
  /** `wire`: assertions read the agent's own JSON; `translated`: its answers decoded and written in 1.0 names. */
  view: 'wire' | 'translated';
}

export interface TestOutcome {
  suiteId: string;
  suiteName: string;
  id: string;
  name: string;
  level: Level;
  result: TestResult;
  duration_ms: number;
  skip_reason?: string;
  failure?: FailureDetail;
  steps: StepOutcome[];
  /** Where it ran; absent for a test skipped before any interface was chosen. */
  interface?: RunInterface;
  /** The frame of the exchange that failed, to open first. */
  failedFrameId?: string;
  spec_ref?: string;
  description?: string;
}

export interface LevelSummary {
  total: number;
  passed: number;
  failed: number;
  skipped: number;
  errors: number;
}

export interface ActsSummary extends LevelSummary {
  duration_ms: number;
  by_level: Record<Level, LevelSummary>;
}

export interface ActsReport {
  acts_version: string;
  spec_version: string;
  generated_at: string;
  sdk: { name: string; version: string; language: string; repository?: string };
  transport: Transport;
  environment: Record<string, string>;
  summary: ActsSummary;
  suites: Array<{
    id: string;
    name: string;
    tests: Array<{
      id: string;
      name: string;
      level: Level;
      result: TestResult;
      duration_ms: number;
      skip_reason?: string;
      failure?: FailureDetail;
      steps?: Array<{ id: string; result: TestResult; duration_ms: number; failure?: FailureDetail }>;
    }>;
  }>;
}

function emptyLevel(): LevelSummary {
  return { total: 0, passed: 0, failed: 0, skipped: 0, errors: 0 };
}

function count(summary: LevelSummary, result: TestResult): void {
  summary.total += 1;
  if (result === 'pass') summary.passed += 1;
  else if (result === 'fail') summary.failed += 1;
  else if (result === 'skip') summary.skipped += 1;
  else summary.errors += 1;
}

export function summarize(outcomes: readonly TestOutcome[], durationMs: number): ActsSummary {
  const total = emptyLevel();
  const byLevel = { must: emptyLevel(), should: emptyLevel(), may: emptyLevel() };
  for (const outcome of outcomes) {
    count(total, outcome.result);
    count(byLevel[outcome.level], outcome.result);
  }
  return { ...total, duration_ms: Math.round(durationMs), by_level: byLevel };
}

/**
 * ACTS §12.7: an implementation conforms when every must-level test that ran passed. Tests skipped because a
 * precondition, a behaviour or the binding did not apply do not count against it; a runner error does.
 */
export function conforms(outcomes: readonly TestOutcome[]): boolean {
  return outcomes.every(
    (outcome) => outcome.level !== 'must' || outcome.result === 'pass' || outcome.result === 'skip',
  );
}

/** ACTS §12.7's summary lines, "MUST:   45/47 passed (2 skipped)". */
export function summaryLines(summary: ActsSummary): string[] {
  return LEVELS.map((level) => {
    const s = summary.by_level[level];
    const extra = [
      s.failed ? `${s.failed} failed` : '',
      s.errors ? `${s.errors} runner error${s.errors === 1 ? '' : 's'}` : '',
      s.skipped ? `${s.skipped} not run` : '',
    ].filter(Boolean);
    const label = `${level.toUpperCase()}:`.padEnd(8);
    return `${label}${String(s.passed).padStart(3)}/${s.total - s.skipped} passed${extra.length ? ` (${extra.join(', ')})` : ''}`;
  });
}

export interface ReportContext {
  actsVersion: string;
  specVersion: string;
  generatedAt: string;
  /** The implementation under test, as far as its card says. */
  sdk: { name: string; version: string };
  runner: string;
  cardUrl: string;
}

/** One ACTS §13 report per interface, in the order the interfaces ran. */
export function actsReports(outcomes: readonly TestOutcome[], context: ReportContext): ActsReport[] {
  const byInterface = new Map<string, { where: RunInterface; outcomes: TestOutcome[] }>();
  for (const outcome of outcomes) {
    if (!outcome.interface) continue;
    const key = interfaceKey(outcome.interface);
    let entry = byInterface.get(key);
    if (!entry) byInterface.set(key, (entry = { where: outcome.interface, outcomes: [] }));
    entry.outcomes.push(outcome);
  }
  return [...byInterface.values()].map(({ where, outcomes: ran }) => report(where, ran, context));
}

export function interfaceKey(where: RunInterface): string {
  return `${where.generation} ${where.binding} ${where.url}`;
}

function report(where: RunInterface, outcomes: readonly TestOutcome[], context: ReportContext): ActsReport {
  const suites = new Map<string, ActsReport['suites'][number]>();
  for (const outcome of outcomes) {
    let suite = suites.get(outcome.suiteId);
    if (!suite)
      suites.set(outcome.suiteId, (suite = { id: outcome.suiteId, name: outcome.suiteName, tests: [] }));
    suite.tests.push({
      id: outcome.id,
      name: outcome.name,
      level: outcome.level,
      result: outcome.result,
      duration_ms: outcome.duration_ms,
      ...(outcome.skip_reason !== undefined ? { skip_reason: outcome.skip_reason } : {}),
      ...(outcome.failure ? { failure: outcome.failure } : {}),
      ...(outcome.steps.length > 0
        ? {
            steps: outcome.steps.map((step) => ({
              id: step.id,
              result: step.result,
              duration_ms: step.duration_ms,
              ...(step.failure ? { failure: step.failure } : {}),
            })),
          }
        : {}),
    });
  }
  const duration = outcomes.reduce((sum, outcome) => sum + outcome.duration_ms, 0);
  return {
    acts_version: context.actsVersion,
    spec_version: context.specVersion,
    generated_at: context.generatedAt,
    sdk: { name: context.sdk.name, version: context.sdk.version, language: 'unknown' },
    transport: where.transport,
    environment: {
      runner: context.runner,
      a2a_generation: where.generation,
      binding: where.binding,
      interface_url: where.url,
      agent_card_url: context.cardUrl,
      assertions_on:
        where.view === 'wire'
          ? 'the agent’s own JSON'
          : `A2A ${where.generation} answers decoded and written in A2A 1.0 names`,
    },
    summary: summarize(outcomes, duration),
    suites: [...suites.values()],
  };
}

/** ACTS §13.5's file name: acts-report-{sdk}-{transport}-{timestamp}.json, with the generation when it is not 1.0. */
/**
 * `-a2a0.3` for a report of an interface of another generation than the one ACTS was written for, so that reports
 * of two generations over one transport get different names; nothing otherwise.
 */
export function generationSuffix(report: ActsReport): string {
  const generation = report.environment.a2a_generation;
  return generation && generation !== versionGeneration(report.spec_version) ? `-a2a${generation}` : '';
}

export function reportFileName(report: ActsReport): string {
  const sdk =
    report.sdk.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'agent';
  const stamp = report.generated_at.replace(/[-:]/g, '').replace(/\.\d+/, '');
  return `acts-report-${sdk}-${report.transport}${generationSuffix(report)}-${stamp}.json`;
}

function attribute(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return xmlText(line.length > 500 ? `${line.slice(0, 499)}…` : line);
}

/** JUnit XML: a <testsuite> per ACTS suite and interface, a <testcase> per test. Skipped tests say why. */
export function actsToJUnit(outcomes: readonly TestOutcome[], generatedAt: string): string {
  const groups = new Map<string, { name: string; outcomes: TestOutcome[] }>();
  for (const outcome of outcomes) {
    const where = outcome.interface;
    const suffix = where ? ` [${where.transport} ${where.generation}]` : '';
    const key = `${outcome.suiteId}${suffix}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { name: `acts.${outcome.suiteId}${suffix}`, outcomes: [] }));
    group.outcomes.push(outcome);
  }
  const totals = { tests: 0, failures: 0 };
  const suites = [...groups.values()].map((group) => {
    const counts = { failures: 0, errors: 0, skipped: 0 };
    const cases = group.outcomes.map((outcome) => {
      let body = '';
      if (outcome.result === 'skip') {
        counts.skipped += 1;
        body = `<skipped message="${attribute(outcome.skip_reason ?? 'not run')}"/>`;
      } else if (outcome.result === 'fail' || outcome.result === 'error') {
        const tag = outcome.result === 'fail' ? 'failure' : 'error';
        if (tag === 'failure') counts.failures += 1;
        else counts.errors += 1;
        const failure = outcome.failure;
        const detail = failure
          ? [
              failure.message,
              failure.step_id ? `step: ${failure.step_id}` : '',
              failure.assertion_path ? `at: ${failure.assertion_path}` : '',
              failure.expected !== undefined ? `expected: ${failure.expected}` : '',
              failure.actual !== undefined ? `actual: ${failure.actual}` : '',
              outcome.failedFrameId ? `frame: ${outcome.failedFrameId}` : '',
            ]
              .filter(Boolean)
              .join('\n')
          : outcome.result;
        body = `<${tag} message="${attribute(failure?.message ?? outcome.result)}" type="${outcome.level}">${xmlText(detail)}</${tag}>`;
      }
      const time = (outcome.duration_ms / 1000).toFixed(3);
      const name = `${outcome.id}: ${outcome.name} (${outcome.level})`;
      return `    <testcase classname="${attribute(group.name)}" name="${attribute(name)}" time="${time}">${body}</testcase>`;
    });
    totals.tests += cases.length;
    totals.failures += counts.failures;
    return `  <testsuite name="${attribute(group.name)}" tests="${cases.length}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}" timestamp="${attribute(generatedAt)}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<testsuites name="ACTS conformance" tests="${totals.tests}" failures="${totals.failures}">\n` +
    `${suites.join('\n')}\n</testsuites>\n`
  );
}
