// Conformance runs against real agents (CHK-1..CHK-5): every generation's SDK peer gets a report, and the probes'
// verdicts match what each peer really does; the broken peer gets exactly the findings its faults call for.

import { afterAll, describe, expect, it } from 'vitest';
import { checkAgent, type CheckAgentResult } from '../../electron/host/checks/checkAgent';
import { PROBE_IDS } from '../../electron/host/checks/probes';
import { createHost } from '../../electron/host/createHost';
import type { ProbeStatus } from '../../shared/checks/types';
import { peers, type PeerName } from '../peers';
import { startBrokenPeer } from '../peers/brokenPeer';

const host = createHost({ edition: 'test', appVersion: '0' });
afterAll(() => host.close());

const probeStatuses = (result: CheckAgentResult) =>
  result.ok ? Object.fromEntries(result.report.probes.map((probe) => [probe.probeId, probe.status])) : {};

const allPassed = (extra: Record<string, ProbeStatus> = {}): Record<string, ProbeStatus> => ({
  ...Object.fromEntries(PROBE_IDS.map((id) => [id, 'passed' as ProbeStatus])),
  ...extra,
});

const expected: Record<PeerName, Record<string, ProbeStatus>> = {
  // One JSON-RPC interface only.
  'v0.1': allPassed({ 'probe.bindings-agree': 'skipped' }),
  // @a2a-js/sdk 0.2.5 accepts push configs and never delivers, lacks push config list and delete though its card says
  // 0.2.5, answers a body that is not JSON with express's HTML 400, and ignores historyLength (tests/peers/README.md):
  // the probes must say so.
  'v0.2': allPassed({
    'probe.push': 'failed',
    'probe.bindings-agree': 'skipped',
    'probe.malformed-requests': 'failed',
    'probe.required-methods': 'failed',
    'probe.history-length': 'failed',
  }),
  // @a2a-js/sdk 0.3.14 returns the whole history for historyLength 0.
  'v0.3': allPassed({ 'probe.history-length': 'failed' }),
  'v1.0': allPassed(),
  'v1.0-compat': allPassed(),
};

for (const name of Object.keys(expected) as PeerName[]) {
  describe(`check × ${name}`, () => {
    it('produces a report: the probes as the peer behaves, no other errors, every finding pointing at frames', async () => {
      const peer = await peers[name]();
      try {
        const result = await checkAgent(host, peer.baseUrl, { appVersion: '0' });
        if (!result.ok) throw new Error(result.message);
        expect(probeStatuses(result)).toEqual(expected[name]);
        const errors = result.report.findings.filter((f) => f.severity === 'error').map((f) => f.checkId);
        const failedProbes = Object.entries(expected[name])
          .filter(([, status]) => status === 'failed')
          .map(([id]) => id);
        // The compat peer keeps @a2a-js/sdk 1.3.0's card bug: its security scheme in the in-memory `$case` shape.
        const cardErrors = name === 'v1.0-compat' ? ['card.lint'] : [];
        // Every SDK echoes the object id of probe.malformed-requests back, which JSON-RPC 2.0 §5 forbids (it must be
        // null when the id could not be read); 0.2.5 answers a body that is not JSON with express's HTML page.
        const frameErrors =
          name === 'v0.1' ? [] : name === 'v0.2' ? ['frame.json', 'frame.jsonrpc'] : ['frame.jsonrpc'];
        expect([...errors].sort()).toEqual([...cardErrors, ...frameErrors, ...failedProbes].sort());
        expect(result.report.agents[0]).toMatchObject({ generation: result.agent.generation });
        expect(result.report.checksRun).toContain('state.illegal-transition');
        // A probe's frames are real frames the host published.
        const ids = new Set(result.frames.map((frame) => frame.id));
        for (const probe of result.report.probes.filter((p) => p.status !== 'skipped')) {
          expect(probe.frameIds.length, probe.probeId).toBeGreaterThan(0);
          expect(
            probe.frameIds.every((id) => ids.has(id)),
            probe.probeId,
          ).toBe(true);
        }
      } finally {
        await peer.close();
      }
    });
  });
}

describe('check × the broken peer', () => {
  it('gets exactly the findings its faults call for', async () => {
    const peer = await startBrokenPeer();
    try {
      const result = await checkAgent(host, peer.baseUrl, { appVersion: '0' });
      if (!result.ok) throw new Error(result.message);
      expect(probeStatuses(result)).toEqual({
        'probe.streaming': 'failed',
        'probe.push': 'failed',
        // Its tasks complete at once, so there is nothing running to cancel.
        'probe.cancel': 'skipped',
        'probe.unknown-task': 'failed',
        'probe.unsupported-method': 'failed',
        'probe.bindings-agree': 'skipped',
        // What it also gets wrong (brokenPeer.ts): an envelope it does not check, an extended card it does not refuse,
        // a message for an ended task it takes, cancel of an unknown task answered as not cancelable.
        'probe.malformed-requests': 'failed',
        'probe.required-methods': 'failed',
        'probe.history-length': 'passed',
        'probe.terminal-followup': 'failed',
        'probe.cancel-errors': 'failed',
      });
      const errors = result.report.findings.filter((f) => f.severity === 'error');
      expect([...new Set(errors.map((f) => f.checkId))].sort()).toEqual(
        [
          'probe.push',
          'probe.streaming',
          'probe.unknown-task',
          'probe.unsupported-method',
          'probe.malformed-requests',
          'probe.required-methods',
          'probe.terminal-followup',
          'probe.cancel-errors',
          'state.illegal-transition',
          // It echoes the probe's object id, and answers a follow-up for an ended task with another task.
          'frame.jsonrpc',
          'state.task-id-changed',
        ].sort(),
      );
      expect(errors.find((f) => f.checkId === 'probe.unknown-task')?.message).toContain('-32603');
      expect(errors.find((f) => f.checkId === 'probe.unsupported-method')?.message).toContain('-32600');
      expect(errors.find((f) => f.checkId === 'state.illegal-transition')?.message).toMatch(
        /already TASK_STATE_COMPLETED/,
      );
      // The plain-JSON answers to streaming calls are noted on their frames too.
      const notes = result.report.findings.filter((f) => f.severity !== 'error');
      expect(new Set(notes.map((f) => f.checkId))).toEqual(new Set(['frame.sse']));
      expect(result.report.summary).toMatchObject({ error: errors.length, probesFailed: 8 });
    } finally {
      await peer.close();
    }
  });

  it('an unknown probe name is refused plainly', async () => {
    const peer = await peers['v1.0']();
    try {
      const opened = await host.openAgent({ url: peer.baseUrl });
      if (!opened.ok) throw new Error(opened.message);
      await expect(host.runProbes({ agentId: opened.agent.id, probes: ['probe.nope'] })).rejects.toThrow(
        /There is no probe called probe.nope/,
      );
      const one = await host.runProbes({ agentId: opened.agent.id, probes: ['probe.unknown-task'] });
      expect(one.map((probe) => [probe.probeId, probe.status])).toEqual([['probe.unknown-task', 'passed']]);
    } finally {
      await peer.close();
    }
  });
});

it('an agent that cannot be reached is said to be unreachable', async () => {
  const result = await checkAgent(host, 'http://127.0.0.1:1', { appVersion: '0' });
  expect(result).toMatchObject({ ok: false, unreachable: true });
});
