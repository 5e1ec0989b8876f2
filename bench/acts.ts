// bench:acts — how long the official conformance suite takes against an agent (CHK-6), and how much of it is
// Switchboard's. The ACTS peer runs in a child process; the host runs the whole suite (behaviours on) on all six of
// its interfaces, one after another as the app does. The run's time is then set beside the agent's own: the time on
// the wire of every exchange (request sent to answer ended, from the frames), the waits the tests themselves ask for
// (polling delays), and a bare replay of the same HTTP requests with fetch, which neither records, decodes nor checks
// anything. What is left is the runner: planning, encoding, decoding, recording and the assertions.

import type { HttpFrame } from '../shared/wire/frame';
import { createHost } from '../electron/host/createHost';
import { PEER_BEARER_TOKEN } from '../tests/peers/peerAuth';
import type { Benchmark, BenchOutcome } from './support/benchmark';
import { startJsonChild } from './support/child';
import { budgetLines, machine, markdownTable, readBudget, type BudgetCheck } from './support/report';

interface Measured {
  wallMs: number;
  tests: number;
  ran: number;
  exchanges: number;
  /** Sum over exchanges of start → end, as the frames recorded them. */
  onWireMs: number;
  waitsMs: number;
  perInterface: Array<{ where: string; ms: number; ran: number; passed: number }>;
  /** The HTTP exchanges (gRPC aside), to replay bare. */
  replayable: HttpFrame[];
}

async function runSuite(url: string): Promise<Measured> {
  const host = createHost({ edition: 'test', appVersion: 'bench' });
  const frames = new Map<string, HttpFrame>();
  host.onEvent((event) => {
    if (event.type !== 'frames') return;
    for (const frame of event.frames)
      if (frame.kind === 'http' && frame.state !== 'pending') frames.set(frame.id, frame);
  });
  try {
    const opened = await host.openAgent({
      url,
      settings: { auth: { type: 'bearer', token: PEER_BEARER_TOKEN } },
    });
    if (!opened.ok) throw new Error(opened.message);
    for (const where of opened.agent.interfaces.filter((candidate) => candidate.binding === 'GRPC'))
      await host.trustOrigin({
        agentId: opened.agent.id,
        origin: `http://${where.url.replace(/^grpc:\/\//, '')}`,
      });
    const before = frames.size;
    const started = performance.now();
    const { runId } = await host.startActs({ agentId: opened.agent.id, behaviours: true });
    const result = await host.awaitActs({ runId });
    const wallMs = performance.now() - started;
    const run = [...frames.values()].slice(before);
    const waitsMs = result.outcomes.reduce((sum, outcome) => sum + waitsOf(outcome.steps), 0);
    const perInterface = result.reports.map((report) => ({
      where: `${report.environment.binding} ${report.environment.a2a_generation}`,
      ms: report.summary.duration_ms,
      ran: report.summary.total - report.summary.skipped,
      passed: report.summary.passed,
    }));
    return {
      wallMs,
      tests: result.outcomes.length,
      ran: result.outcomes.filter((outcome) => outcome.result !== 'skip').length,
      exchanges: run.length,
      onWireMs: run.reduce(
        (sum, frame) => sum + ((frame.timing.end ?? frame.timing.start) - frame.timing.start),
        0,
      ),
      waitsMs,
      perInterface,
      replayable: run.filter(
        (frame) => /^https?:/.test(frame.request.url) && !frame.request.url.includes('A2AService/'),
      ),
    };
  } finally {
    await host.close();
  }
}

/** The waits a test's steps asked for (`delay_ms`, the pauses between `repeat` attempts), as the engine counted them. */
function waitsOf(steps: ReadonlyArray<{ waited_ms?: number }>): number {
  return steps.reduce((sum, step) => sum + (step.waited_ms ?? 0), 0);
}

/** The same HTTP requests again, one after another, with nothing but fetch: the agent's time alone. */
async function bareReplay(frames: readonly HttpFrame[]): Promise<number> {
  const started = performance.now();
  for (const frame of frames) {
    const headers = frame.request.headers.filter(
      ([name]) => !/^(host|content-length|connection)$/i.test(name),
    );
    try {
      const response = await fetch(frame.request.url, {
        method: frame.request.method,
        headers,
        ...(frame.request.body && frame.request.method !== 'GET'
          ? { body: Buffer.from(frame.request.body.base64, 'base64') }
          : {}),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
    } catch {
      // A stream the agent keeps open past the limit, or a refused request: its time still counts.
    }
  }
  return performance.now() - started;
}

export const actsBenchmark: Benchmark = {
  name: 'acts',
  description:
    'the official conformance suite (ACTS) against the ACTS peer on six interfaces, beside the agent’s own time',
  async run(budgetValue): Promise<BenchOutcome> {
    const read = readBudget('acts', budgetValue, ['maxRunnerMsPerTest'] as const);
    if (!read.ok) return { ok: false, report: read.report };
    const peer = await startJsonChild('bench/peers/actsPeerChild.ts', []);
    let measured: Measured;
    let replayMs: number;
    try {
      const { url } = await peer.next<{ url: string }>();
      measured = await runSuite(url);
      replayMs = await bareReplay(measured.replayable);
    } finally {
      await peer.stop();
    }
    const runnerMs = Math.max(0, measured.wallMs - measured.onWireMs - measured.waitsMs);
    const perTest = runnerMs / Math.max(1, measured.ran);
    const checks: BudgetCheck[] = [
      {
        what: 'runner time per test that ran',
        measured: `${perTest.toFixed(1)} ms`,
        limit: `≤ ${read.budget.maxRunnerMsPerTest} ms`,
        met: perTest <= read.budget.maxRunnerMsPerTest,
      },
    ];
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const report = [
      `Machine: ${machine()}.`,
      '',
      markdownTable(
        ['', 'time'],
        [
          [
            `whole run: ${measured.tests} tests planned, ${measured.ran} ran, ${measured.exchanges} exchanges`,
            s(measured.wallMs),
          ],
          [
            'on the wire (request sent to answer ended, streams until their task ended)',
            s(measured.onWireMs),
          ],
          ['waits the tests ask for (polling delays)', s(measured.waitsMs)],
          ['the runner (the rest)', s(runnerMs)],
          [
            `bare replay of the ${measured.replayable.length} HTTP requests with fetch (gRPC aside)`,
            s(replayMs),
          ],
        ],
      ),
      '',
      markdownTable(
        ['interface', 'time', 'tests run', 'passed'],
        measured.perInterface.map((row) => [row.where, s(row.ms), String(row.ran), String(row.passed)]),
      ),
      '',
      '¹ The replay sends the same requests to an agent whose tasks have moved on: streams and long-running work the',
      'run waited for end at once, so it times the agent’s answering, not its simulated work (the ACTS behaviours make',
      'long-running tasks and streams last about a second).',
      '',
      ...budgetLines(checks),
    ].join('\n');
    return { ok: checks.every((check) => check.met), report, checks };
  },
};
