// The demo agent built into the host: started on demand (once), a real A2A 1.0 agent, and each skill example does
// what its description promises — checked through the timeline model, as the UI will show it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from '../../shared/wire/frame';
import { TimelineModel } from '../../shared/timeline/timelineModel';
import { expectStatus, recordingHost } from './support/recordingHost';

const recording = recordingHost();
const { host } = recording;
const frames: Frame[] = [];
host.onEvent((event) => {
  if (event.type === 'frames') frames.push(...structuredClone(event.frames));
});
let agentId: string;

beforeAll(async () => {
  const { url } = await host.startDemoAgent();
  expect(await host.startDemoAgent()).toEqual({ url });
  const opened = await host.openAgent({ url });
  if (!opened.ok) throw new Error(opened.message);
  expect(opened.agent.generation).toBe('1.0');
  expect(await host.checkCard({ text: opened.agent.cardText, cardUrl: opened.agent.cardUrl })).toMatchObject({
    findings: [],
  });
  agentId = opened.agent.id;
});
afterAll(() => host.close());

const text = (value: string, extra: Record<string, string> = {}) => ({
  message: { parts: [{ kind: 'text' as const, text: value }], ...extra },
  blocking: true,
});

function model(): TimelineModel {
  const timeline = new TimelineModel();
  timeline.ingest(frames);
  return timeline;
}

describe('the demo agent', () => {
  it('streams a haiku as one artifact in three chunks', async () => {
    const outcome = await host.runOperation({
      agentId,
      operation: 'stream',
      input: text('Write a haiku about inspecting agents'),
    });
    expectStatus(outcome, 'stream');
    await host.awaitStream({ exchangeId: outcome.exchangeId! });
    await recording.flush();
    const task = model().taskList().at(-1)!;
    expect(task.states.map((s) => s.state)).toEqual(['submitted', 'working', 'completed']);
    expect(task.artifacts).toHaveLength(1);
    expect(task.artifacts[0]).toMatchObject({ name: 'haiku', chunks: 3, complete: true });
  });

  it('asks where to go, then hands back a plan and a CSV file', async () => {
    const first = await host.runOperation({ agentId, operation: 'send', input: text('Plan a weekend trip') });
    expect(first.result).toMatchObject({ type: 'task', task: { status: { state: 'input-required' } } });
    const second = await host.runOperation({
      agentId,
      operation: 'send',
      input: text('Lisbon', { taskId: first.taskId!, contextId: first.contextId! }),
    });
    expectStatus(second, 'result');
    await recording.flush();
    const task = model().tasks.get(first.taskId!)!;
    // Blocking sends answer with the task as it stands at the end of each turn.
    expect(task.states.map((s) => s.state)).toEqual(['input-required', 'completed']);
    const file = task.artifacts.flatMap((a) => a.parts).find((p) => p.kind === 'file');
    expect(file).toMatchObject({ kind: 'file', name: 'plan.csv', mediaType: 'text/csv' });
    expect(Buffer.from(file?.kind === 'file' ? file.bytes! : '', 'base64').toString()).toContain('Lisbon');
  });

  it('answers ping with a direct message', async () => {
    const outcome = await host.runOperation({ agentId, operation: 'send', input: text('ping') });
    expect(outcome.result).toMatchObject({ type: 'message', message: { role: 'agent' } });
  });

  it('runs a long job that can be cancelled', async () => {
    const started = await host.runOperation({
      agentId,
      operation: 'send',
      input: { ...text('Start a long job'), blocking: false },
    });
    const canceled = await host.runOperation({
      agentId,
      operation: 'cancel',
      input: { taskId: started.taskId! },
    });
    expect(canceled.result).toMatchObject({ type: 'task', task: { status: { state: 'canceled' } } });
  });
});
