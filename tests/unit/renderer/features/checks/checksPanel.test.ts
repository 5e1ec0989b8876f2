// The Checks panel's logic outside React (CHK-1..CHK-5): findings grouped by severity and check, frame link labels,
// the report built from the window's frames with the store's own timeline model, and the palette's commands.

import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentSummary } from '../../../../../shared/host/agent';
import type { CheckFinding } from '../../../../../shared/checks/types';
import { TimelineModel } from '../../../../../shared/timeline/timelineModel';
import type { Frame } from '../../../../../shared/wire/frame';
import { buildReport, type WindowFrames } from '../../../../../renderer/features/checks/buildReport';
import { checkCommands } from '../../../../../renderer/features/checks/checkCommands';
import { useActsStore, type ActsActions } from '../../../../../renderer/features/checks/actsStore';
import type { ActsRunResult } from '../../../../../shared/acts/actsRunTypes';
import { useChecksStore, type ChecksActions } from '../../../../../renderer/features/checks/checksStore';
import { frameLinkLabel } from '../../../../../renderer/ui/frameLinkLabel';
import { groupFindings } from '../../../../../renderer/features/checks/groupFindings';
import { event, exchange, push, stream } from '../../../../fixtures/checks/frames';

const found = (checkId: string, severity: CheckFinding['severity'], count?: number): CheckFinding => ({
  checkId,
  severity,
  message: checkId,
  spec: 'A2A 1.0 specification',
  specUrl: 'https://github.com/a2aproject/A2A/blob/v1.0.1/docs/specification.md',
  ...(count !== undefined ? { count } : {}),
  frameIds: [],
});

describe('groupFindings', () => {
  it('by severity, then by check in catalogue order, with counts; unknown checks last; empty severities left out', () => {
    const groups = groupFindings([
      found('state.illegal-transition', 'error'),
      found('vendor.thing', 'error'),
      found('frame.jsonrpc', 'error'),
      found('frame.jsonrpc', 'error'),
      found('frame.json', 'info'),
    ]);
    expect(groups.map((g) => [g.severity, g.count])).toEqual([
      ['error', 4],
      ['info', 1],
    ]);
    expect(groups[0]!.checks.map((c) => [c.check.id, c.findings.length])).toEqual([
      ['frame.jsonrpc', 2],
      ['state.illegal-transition', 1],
      ['vendor.thing', 1],
    ]);
    expect(groups[0]!.checks[0]!.check.title).toBe('JSON-RPC envelopes are well formed');
    expect(groupFindings([])).toEqual([]);
  });

  it('counts distinct findings and, apart, how many times they were seen', () => {
    const groups = groupFindings([
      found('frame.jsonrpc', 'error', 12),
      found('frame.jsonrpc', 'error'),
      found('state.illegal-transition', 'error', 3),
    ]);
    expect(groups.map((g) => [g.severity, g.count, g.occurrences])).toEqual([['error', 3, 16]]);
    expect(groups[0]!.checks.map((c) => [c.check.id, c.findings.length, c.occurrences])).toEqual([
      ['frame.jsonrpc', 2, 13],
      ['state.illegal-transition', 1, 3],
    ]);
  });
});

describe('frameLinkLabel', () => {
  it('names the exchange by method and status, an event by number and item, a push by item', () => {
    const frames = stream('s', '1.0', [{ taskId: 't', state: 'completed' }]);
    expect(frameLinkLabel(frames[0])).toBe('SendStreamingMessage 200');
    expect(frameLinkLabel(frames[1])).toMatch(/^event \d+ \(status-update\)$/);
    expect(frameLinkLabel(push({ id: 'p', taskId: 't', artifact: true }))).toBe('push (artifact-update)');
    const failed = exchange({ id: 'x' });
    delete failed.response;
    delete failed.a2a;
    failed.error = { kind: 'refused', label: 'Connection refused', message: 'no' };
    expect(frameLinkLabel(failed)).toBe('POST Connection refused');
    expect(frameLinkLabel(undefined)).toBe('frame (not in this window)');
  });
});

describe('buildReport', () => {
  const agent = {
    id: 'a1',
    cardUrl: 'http://127.0.0.1:1/.well-known/agent-card.json',
    cardText: '{"name":"Echo"}',
    cardFrameId: 'card',
    generation: '1.0',
  } as unknown as AgentSummary;

  it('checks each card with the host, then reads the frames and the model together, after the host answered', async () => {
    const model = new TimelineModel();
    const early = stream('s', '1.0', [{ taskId: 't', state: 'completed' }]);
    model.ingest(early);
    let window: WindowFrames = { frames: early, agents: [agent], timeline: model };
    const host = {
      getInfo: vi.fn(async () => ({ appVersion: '9.9.9' }) as never),
      checkCard: vi.fn(async () => {
        // Frames that arrive while the host checks the card are in the report: read after the answer.
        const late = [event('s', '1.0', { taskId: 't', artifact: true })];
        model.ingest(late);
        window = { ...window, frames: [...early, ...late] as Frame[] };
        return { findings: [{ rule: 'card.schema', severity: 'error' as const, message: 'no name' }] };
      }),
    };
    const { report, frameCount, timeline } = await buildReport(host, () => window, []);
    expect(timeline).toBe(model);
    expect(host.checkCard).toHaveBeenCalledWith({ text: agent.cardText, cardUrl: agent.cardUrl });
    expect(frameCount).toBe(3);
    expect(report.appVersion).toBe('9.9.9');
    expect(report.agents).toEqual([{ id: 'a1', name: 'Echo', cardUrl: agent.cardUrl, generation: '1.0' }]);
    expect(report.findings.map((f) => [f.checkId, f.frameIds[0]])).toEqual([
      ['card.schema', 'card'],
      ['state.stream-open-after-terminal', 's'],
    ]);
  });

  it('a host that cannot check a card makes the run fail with its words', async () => {
    const host = {
      getInfo: async () => ({ appVersion: '1' }) as never,
      checkCard: async () => {
        throw new Error('The host is gone.');
      },
    };
    const read = () => ({ frames: [], agents: [agent], timeline: new TimelineModel() });
    await expect(buildReport(host, read, [])).rejects.toThrow('The host is gone.');
  });
});

describe('the palette’s check commands', () => {
  const actions: ChecksActions = {
    run: vi.fn(async () => {}),
    probe: vi.fn(async () => {}),
    download: vi.fn(async () => {}),
    cancelProbes: vi.fn(),
  };
  beforeEach(() => {
    useChecksStore.getState().update({ report: null });
    vi.clearAllMocks();
  });

  it('run always; probe with an active agent; exports once there is a report; each shows the panel', () => {
    const showTab = vi.fn();
    expect(checkCommands(actions, null, showTab).map((c) => c.id)).toEqual(['checks:run']);
    const withAgent = checkCommands(actions, 'a1', showTab);
    expect(withAgent.map((c) => c.id)).toEqual(['checks:run', 'checks:probe']);
    withAgent[1]!.run();
    expect(actions.probe).toHaveBeenCalledWith('a1');
    expect(showTab).toHaveBeenCalledWith('checks');

    useChecksStore.getState().update({
      report: {
        generatedAt: '',
        appVersion: '',
        agents: [],
        checksRun: [],
        findings: [],
        probes: [],
        summary: {
          error: 0,
          warning: 0,
          info: 0,
          probesFailed: 0,
          occurrences: { error: 0, warning: 0, info: 0 },
        },
      },
    });
    const after = checkCommands(actions, null, showTab);
    expect(after.map((c) => c.label)).toEqual([
      'Re-run the conformance checks',
      'Export the check report as JSON',
      'Export the check report as JUnit XML',
    ]);
    after[2]!.run();
    expect(actions.download).toHaveBeenCalledWith('junit');
  });
});

describe('the palette’s conformance suite commands', () => {
  const checks: ChecksActions = {
    run: vi.fn(async () => {}),
    probe: vi.fn(async () => {}),
    download: vi.fn(async () => {}),
    cancelProbes: vi.fn(),
  };
  const acts: ActsActions = {
    loadCatalog: vi.fn(async () => {}),
    start: vi.fn(async () => {}),
    stop: vi.fn(async () => {}),
    download: vi.fn(),
  };
  beforeEach(() => {
    useChecksStore.getState().update({ report: null });
    useActsStore.getState().update({ running: null, result: null });
    vi.clearAllMocks();
  });

  it('run on the active agent, stop while running, download once there is a result', () => {
    const showTab = vi.fn();
    const ids = (agentId: string | null) => checkCommands(checks, agentId, showTab, acts).map((c) => c.id);
    expect(ids(null)).toEqual(['checks:run']);
    const run = checkCommands(checks, 'a1', showTab, acts).find((c) => c.id === 'acts:run')!;
    run.run();
    expect(acts.start).toHaveBeenCalledWith('a1');
    expect(showTab).toHaveBeenCalledWith('checks');
    useActsStore.getState().update({
      running: {
        runId: 'r',
        agentId: 'a1',
        done: 1,
        total: 9,
        outcomes: [],
        stopping: false,
        startedAt: 0,
      },
    });
    const stop = checkCommands(checks, 'a1', showTab, acts).find((c) => c.id === 'acts:stop')!;
    expect(ids('a1')).not.toContain('acts:run');
    stop.run();
    expect(acts.stop).toHaveBeenCalled();
    useActsStore.getState().update({ running: null, result: { runId: 'r' } as unknown as ActsRunResult });
    const exports = checkCommands(checks, 'a1', showTab, acts).filter((c) => c.id.startsWith('acts:export'));
    expect(exports.map((c) => c.id)).toEqual(['acts:export', 'acts:export-junit']);
    exports[1]!.run();
    expect(acts.download).toHaveBeenCalledWith('junit');
  });
});
