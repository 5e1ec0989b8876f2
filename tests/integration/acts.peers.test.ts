// The official conformance suite (ACTS) against the ACTS test agents on every interface they serve: @a2a-js/sdk 1.3.0
// (A2A 1.0 and its 0.3 compat, JSON-RPC, HTTP+JSON and gRPC) and @a2a-js/sdk 0.3.14 (native 0.3, the same three
// bindings), behaviours on. Every test that fails must be one docs/conformance.md lists for that agent and interface,
// with its reason, and every listed one must still fail: the table and the runs cannot drift apart. No test may end in
// a runner error, every must-level test not listed passes, and a failed test points at a frame the host really
// published. Interfaces run at once (a run per interface), which ACTS allows (ACTS §4: tests share no state).

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentSummary } from '../../shared/host/agent';
import { interfaceKey, type TestOutcome } from '../../shared/acts/actsReport';
import type { ActsRunResult } from '../../shared/acts/actsRunTypes';
import type { Frame } from '../../shared/wire/frame';
import { createHost } from '../../electron/host/createHost';
import { actsPeers, type ActsPeerHandle, type ActsPeerName } from '../peers/actsPeers';
import { PEER_BEARER_TOKEN } from '../peers/peerAuth';

interface KnownFailure {
  test: string;
  level: string;
  agents: string[];
  /** "jsonrpc 1.0" …, or undefined for every interface. */
  interfaces?: string[];
  why: string;
}

/** The table under "What the test agents fail, and why" in docs/conformance.md. */
function knownFailures(): KnownFailure[] {
  const text = readFileSync('docs/conformance.md', 'utf8');
  const start = text.indexOf('<!-- acts-known-failures -->');
  if (start < 0) throw new Error('docs/conformance.md has no <!-- acts-known-failures --> table');
  const rows: KnownFailure[] = [];
  for (const line of text.slice(start).split('\n').slice(1)) {
    if (!line.startsWith('|')) {
      if (rows.length > 0) break;
      continue;
    }
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells[0] === 'test' || /^-+$/.test(cells[0] ?? '')) continue;
    const [test, level, agents, interfaces, why] = cells;
    if (!test || !level || !agents || !interfaces || !why)
      throw new Error(`A row of the table is incomplete: ${line}`);
    rows.push({
      test: test.replace(/`/g, ''),
      level,
      agents: agents.split(',').map((agent) => agent.trim()),
      ...(interfaces === 'every interface'
        ? {}
        : { interfaces: interfaces.split(',').map((where) => where.trim()) }),
      why,
    });
  }
  return rows;
}

const host = createHost({ edition: 'test', appVersion: '0' });
const published = new Map<string, Frame>();
host.onEvent((event) => {
  if (event.type === 'frames') for (const frame of event.frames) published.set(frame.id, frame);
});
afterAll(() => host.close());

const label = (outcome: TestOutcome) => `${outcome.interface!.transport} ${outcome.interface!.generation}`;

describe.each(['acts-v1.0', 'acts-v0.3'] as ActsPeerName[])('ACTS against %s', (name) => {
  let peer: ActsPeerHandle;
  let agent: AgentSummary;
  const results: ActsRunResult[] = [];

  beforeAll(async () => {
    peer = await actsPeers[name]();
    const opened = await host.openAgent({
      url: peer.baseUrl,
      settings: { auth: { type: 'bearer', token: PEER_BEARER_TOKEN } },
    });
    if (!opened.ok) throw new Error(opened.message);
    agent = opened.agent;
    // The gRPC listener has a port, so an origin, of its own: the bearer token may go there (AUTH-5).
    for (const where of agent.interfaces.filter((candidate) => candidate.binding === 'GRPC'))
      await host.trustOrigin({ agentId: agent.id, origin: `http://${where.url.replace(/^grpc:\/\//, '')}` });
    const interfaces = agent.interfaces.filter((where) => where.binding);
    const started = await Promise.all(
      interfaces.map((where) =>
        host.startActs({
          agentId: agent.id,
          behaviours: true,
          interfaces: [{ url: where.url, generation: where.generation, binding: where.binding! }],
        }),
      ),
    );
    results.push(...(await Promise.all(started.map(({ runId }) => host.awaitActs({ runId })))));
  }, 240_000);

  afterAll(() => peer?.close());

  it('runs the whole suite on every binding the agent serves, 111 tests each', () => {
    const where = results.map((result) => result.interfaces.map(interfaceKey)).flat();
    expect(where).toHaveLength(name === 'acts-v1.0' ? 6 : 3);
    expect(new Set(results.flatMap((result) => result.interfaces.map((i) => i.binding)))).toEqual(
      new Set(['JSONRPC', 'HTTP+JSON', 'GRPC']),
    );
    for (const result of results) {
      expect(result.outcomes).toHaveLength(111);
      expect(result.reports).toHaveLength(1);
      expect(result.reports[0]!.summary.total).toBe(111);
      // Each report says where it ran.
      expect(result.reports[0]!.environment).toMatchObject({
        a2a_generation: result.interfaces[0]!.generation,
        binding: result.interfaces[0]!.binding,
      });
    }
  });

  it('fails exactly the tests docs/conformance.md lists for it, each with its reason', () => {
    const known = knownFailures().filter((row) => row.agents.includes(name));
    const expected = new Set<string>();
    for (const result of results) {
      const where = `${result.interfaces[0]!.transport} ${result.interfaces[0]!.generation}`;
      for (const row of known)
        if (!row.interfaces || row.interfaces.includes(where)) expected.add(`${row.test} @ ${where}`);
    }
    const failed = new Set(
      results.flatMap((result) =>
        result.outcomes
          .filter((outcome) => outcome.result === 'fail')
          .map((outcome) => `${outcome.id} @ ${label(outcome)}`),
      ),
    );
    expect([...failed].sort()).toEqual([...expected].sort());
    for (const row of known) {
      const test = results[0]!.outcomes.find((outcome) => outcome.id === row.test);
      expect(test?.level, `${row.test} is listed as ${row.level}`).toBe(row.level);
    }
  });

  it('ends no test in a runner error, and runs each behaviour test (none is left out for want of behaviours)', () => {
    const errors = results.flatMap((result) =>
      result.outcomes.filter((outcome) => outcome.result === 'error'),
    );
    expect(errors.map((outcome) => `${outcome.id} @ ${label(outcome)}: ${outcome.failure?.message}`)).toEqual(
      [],
    );
    const forBehaviours = results.flatMap((result) =>
      result.outcomes.filter((outcome) => outcome.skip_reason?.includes('test behaviours')),
    );
    expect(forBehaviours).toEqual([]);
  });

  it('points every failed test at the frame of the exchange that failed', () => {
    const failed = results.flatMap((result) =>
      result.outcomes.filter((outcome) => outcome.result === 'fail'),
    );
    expect(failed.length).toBeGreaterThan(0);
    for (const outcome of failed) {
      expect(outcome.failedFrameId, outcome.id).toBeDefined();
      expect(published.get(outcome.failedFrameId!), outcome.id).toBeDefined();
      const step = outcome.steps.find((candidate) => candidate.id === outcome.failure!.step_id);
      expect(step?.frameIds, outcome.id).toContain(outcome.failedFrameId);
    }
  });
});

describe('ACTS against an agent without the test behaviours', () => {
  it('runs the tests that need none, and lists the others as not run with the reason', async () => {
    const peer = await actsPeers['acts-v1.0']();
    try {
      const opened = await host.openAgent({
        url: peer.baseUrl,
        settings: { selection: { binding: 'JSONRPC' } },
      });
      if (!opened.ok) throw new Error(opened.message);
      const chosen = opened.agent.chosen!;
      const { runId } = await host.startActs({
        agentId: opened.agent.id,
        interfaces: [{ url: chosen.url, generation: chosen.generation, binding: 'JSONRPC' }],
      });
      const result = await host.awaitActs({ runId });
      const catalog = await host.actsCatalog();
      const needsBehaviour = new Set(
        catalog.suites.flatMap((suite) =>
          suite.tests.filter((test) => test.behaviours.length > 0).map((test) => test.id),
        ),
      );
      expect(needsBehaviour.size).toBe(70);
      for (const outcome of result.outcomes.filter((candidate) => needsBehaviour.has(candidate.id)))
        expect(outcome.result, outcome.id).toBe('skip');
      const forBehaviours = result.outcomes.filter((outcome) => outcome.skip_reason?.includes('tck-'));
      expect(forBehaviours.length).toBeGreaterThan(40);
      const ran = result.outcomes.filter((outcome) => outcome.result !== 'skip');
      // The 41 need no behaviour; of those, the ones for other bindings or capabilities the card lacks do not run.
      expect(ran.length).toBeGreaterThanOrEqual(15);
      expect(ran.every((outcome) => !outcome.skip_reason)).toBe(true);
      expect(result.behaviours).toBe(false);
    } finally {
      await peer.close();
    }
  }, 60_000);

  it('stops between tests when cancelled like any long operation, listing the rest as not run', async () => {
    const peer = await actsPeers['acts-v1.0']();
    try {
      const opened = await host.openAgent({ url: peer.baseUrl });
      if (!opened.ok) throw new Error(opened.message);
      const progress: number[] = [];
      const { runId } = await host.startActs({
        agentId: opened.agent.id,
        behaviours: true,
        bindings: ['JSONRPC'],
      });
      const stopAt = new Promise<void>((resolve) => {
        const off = host.onEvent((event) => {
          if (event.type !== 'acts' || event.progress.runId !== runId) return;
          progress.push(event.progress.done);
          if (event.progress.done === 3) {
            off();
            // The window's Cancel: the run's id is its opId (UX-5).
            void host.cancelOperation({ opId: runId }).then(() => resolve());
          }
        });
      });
      await stopAt;
      const result = await host.awaitActs({ runId });
      expect(result.stopped).toBe(true);
      const stopped = result.outcomes.filter((outcome) => outcome.skip_reason?.includes('stopped'));
      expect(stopped.length).toBeGreaterThan(100);
      expect(progress.slice(0, 3)).toEqual([1, 2, 3]);
      expect(await host.stopActs({ runId })).toEqual({ stopped: false });
      expect(await host.cancelOperation({ opId: runId })).toEqual({ cancelled: false });
    } finally {
      await peer.close();
    }
  }, 60_000);
});
