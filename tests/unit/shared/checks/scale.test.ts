// Large inputs (CHK-1..CHK-5): counts that would overflow the call stack if spread into a call, one check with a
// very long list of findings, and the same finding on every frame (merged into one), go through the run and the
// JUnit writer whole. (How fast is for `npm run bench`; this
// only asserts that nothing is lost or thrown.)

import { describe, expect, it } from 'vitest';
import { reportToJUnit } from '../../../../shared/checks/reportExport';
import { runChecks } from '../../../../shared/checks/runChecks';
import { MAX_LISTED_EVENTS } from '../../../../shared/checks/stateChecks';
import { TimelineModel } from '../../../../shared/timeline/timelineModel';
import type { Frame, HttpFrame, SseFrame } from '../../../../shared/wire/frame';
import { exchange } from '../../../fixtures/checks/frames';

/** More than V8 accepts as arguments of one call. */
const MANY = 160_000;

/**
 * Frame findings and the stream checks read what the host recorded beside the bytes, not the timeline model; an empty
 * model keeps these tests about the checks rather than about the model decoding 160,000 frames again.
 */
const run = (frames: Frame[]) =>
  runChecks({ frames, agents: [], cardFindings: [], appVersion: 'x', timeline: new TimelineModel() });

function statusEvent(exchangeId: string, n: number, taskId: string, state: string): SseFrame {
  const data = `{"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"${taskId}","contextId":"c","status":{"state":"TASK_STATE_${state.toUpperCase()}"}}}}`;
  return {
    kind: 'sse',
    id: `e${n}`,
    exchangeId,
    source: 'x',
    timing: { start: 10_000 + n },
    seq: n,
    offset: { start: 0, end: 0 },
    raw: '',
    dispatched: true,
    event: { index: n, type: 'message', data },
    a2a: { item: 'status-update', taskId, state },
  };
}

describe('at scale', () => {
  it(`${MANY} frames with a finding each: every one reported, and one JUnit test case listing them all`, () => {
    const frames: HttpFrame[] = [];
    for (let i = 0; i < MANY; i++) {
      frames.push({
        kind: 'http',
        id: `h${i}`,
        source: 'x',
        timing: { start: i },
        request: { method: 'GET', url: 'http://x/', headers: [] },
        findings: [{ rule: 'json.invalid', severity: 'error', message: `bad ${i}` }],
      });
    }
    const report = run(frames);
    expect(report.summary.error).toBe(MANY);
    expect(report.findings[MANY - 1]?.frameIds).toEqual([`h${MANY - 1}`]);
    const xml = reportToJUnit(report);
    expect(xml.match(/error: bad \d+/g)).toHaveLength(MANY);
  });

  it(`${MANY} frames with the same finding: one finding, seen ${MANY} times, naming every frame`, () => {
    const frames: HttpFrame[] = [];
    for (let i = 0; i < MANY; i++) {
      frames.push({
        kind: 'http',
        id: `h${i}`,
        source: 'x',
        timing: { start: i },
        request: { method: 'GET', url: 'http://x/', headers: [] },
        findings: [{ rule: 'json.bom', severity: 'info', message: 'A byte order mark.' }],
      });
    }
    // A quadratic merge of this many frames would take minutes: the test's own time limit (vitest.config.ts) stops
    // that, and how fast the merge is belongs to `npm run bench` (docs/architecture.md#tests), not to this test.
    const report = run(frames);
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]?.count).toBe(MANY);
    expect(report.findings[0]?.frameIds).toHaveLength(MANY);
    expect(report.summary).toMatchObject({ info: 1, occurrences: { info: MANY } });
    const xml = reportToJUnit(report);
    expect(xml).toContain(`info: A byte order mark. ×${MANY} (`);
  });

  it(`a stream naming ${MANY} different tasks: a finding for each, none lost`, () => {
    const head = exchange({ id: 's', operation: 'stream', start: 1 });
    const frames: Frame[] = [head];
    for (let i = 0; i < MANY; i++) frames.push(statusEvent('s', i, `t${i}`, 'working'));
    const changed = run(frames).findings.filter((f) => f.checkId === 'state.task-id-changed');
    expect(changed).toHaveLength(MANY - 1);
  });

  it(`${MANY} events after a stream’s end: one finding, its frame list bounded`, () => {
    const head = exchange({ id: 's', operation: 'stream', start: 1 });
    const frames: Frame[] = [head, statusEvent('s', 0, 't', 'completed')];
    for (let i = 1; i <= MANY; i++) {
      const artifact = statusEvent('s', i, 't', 'completed');
      artifact.a2a = { item: 'artifact-update', taskId: 't' };
      artifact.event!.data = `{"jsonrpc":"2.0","id":1,"result":{"artifactUpdate":{"taskId":"t","contextId":"c","artifact":{"artifactId":"a","parts":[{"text":"x"}]}}}}`;
      frames.push(artifact);
    }
    const found = run(frames).findings.filter((f) => f.checkId === 'state.stream-open-after-terminal');
    expect(found).toHaveLength(1);
    expect(found[0]?.frameIds).toHaveLength(2 + MAX_LISTED_EVENTS);
    expect(found[0]?.message).toContain(`${MANY} more events`);
  });
});
