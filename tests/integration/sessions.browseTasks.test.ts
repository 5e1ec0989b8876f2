// Browse mode keeps its task views (TL-6): the tasks of a session too large to load whole are found by reading it
// once through its index, and one task's frames — with the exchange that opened its stream — are read from the file
// on demand, enough for the timeline model to build that task's state strip and conversation. A task is one agent's:
// two agents that use the same task id have a task each, the same tasks the timeline model finds reading every frame.

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import type { HostService } from '../../shared/host/hostApi';
import { hostArgSchemas } from '../../shared/host/schemas';
import { BROWSE_MIN_FRAMES } from '../../shared/session/sessionRows';
import { TimelineModel } from '../../shared/timeline/timelineModel';
import { taskKey } from '../../shared/timeline/taskViews';
import { fixtureAgentIds, writeSessionFixture, type Fixture } from '../../bench/support/sessionFixture';
import { suiteTempDir } from '../unit/support/tempDir';

const PER_STREAM = 250;
let dataDir: string;
let fixture: Fixture;
let host: HostService;
let sessionId: string;
const tempDir = suiteTempDir('switchboard-browse-tasks-');

beforeAll(async () => {
  dataDir = tempDir();
  const file = path.join(dataDir, 'large.switchboard');
  fixture = await writeSessionFixture(file, { events: BROWSE_MIN_FRAMES + 1000, perStream: PER_STREAM });
  host = createHost({ edition: 'test', appVersion: '0', dataDir });
  const summary = await host.openSession({ path: file });
  expect(summary.browse).toBe(true);
  sessionId = summary.sessionId;
});
afterAll(() => host?.close());

describe('the tasks of a browse-mode session', () => {
  it('lists every task with its frame count, last state and agent, having read the whole session once', async () => {
    const { tasks, scanned } = await host.listSessionTasks({ sessionId });
    const streams = Math.ceil(fixture.events / PER_STREAM);
    expect(scanned).toBe(fixture.frames);
    expect(tasks).toHaveLength(streams);
    expect(tasks[0]).toMatchObject({
      taskId: 'task-0',
      frames: PER_STREAM + 1,
      state: 'completed',
      agentId: 'bench-agent',
    });
    expect(tasks.reduce((sum, task) => sum + task.frames, 0)).toBe(fixture.frames);
    // Asked again, the same list: the index is kept with the session.
    expect((await host.listSessionTasks({ sessionId })).tasks).toEqual(tasks);
  });

  it("reads one task's frames from the file: its exchange first, then its events, and only those", async () => {
    const { taskId, frames, total } = await host.readSessionTask({ sessionId, taskId: 'task-7' });
    expect(taskId).toBe('task-7');
    expect(total).toBe(PER_STREAM + 1);
    expect(frames).toHaveLength(PER_STREAM + 1);
    expect(frames[0]).toMatchObject({ kind: 'http', id: 'x7' });
    expect(frames.slice(1).every((f) => f.kind === 'sse' && f.exchangeId === 'x7')).toBe(true);
  });

  it('gives the timeline model enough to show the state strip and the conversation of that task', async () => {
    const { frames } = await host.readSessionTask({ sessionId, taskId: 'task-7' });
    const model = new TimelineModel();
    model.ingest(frames);
    const view = model.tasks.get('task-7')!;
    expect(view.states.map((s) => s.state)).toEqual(['working', 'completed']);
    expect(view.artifacts).toHaveLength(1);
    expect(view.artifacts[0]!.chunks).toBeGreaterThan(50);
    expect(model.conversation.map((c) => [c.role, c.origin])).toEqual([['user', 'sent']]);
    expect([...model.tasks.keys()]).toEqual(['task-7']);
  });

  it('refuses a task the session does not have, with its id in the message', async () => {
    await expect(host.readSessionTask({ sessionId, taskId: 'task-none' })).rejects.toThrow(
      'This session has no task with the id "task-none".',
    );
  });

  it('refuses sessions that are not open or are loaded whole, saying why', async () => {
    await expect(host.listSessionTasks({ sessionId: 'gone' })).rejects.toThrow(
      'No open session has the id "gone"; open it again.',
    );
    const small = path.join(dataDir, 'small.switchboard');
    await writeSessionFixture(small, { events: 20, perStream: 10 });
    const loaded = await host.openSession({ path: small });
    expect(loaded.browse).toBeFalsy();
    await expect(host.readSessionTask({ sessionId: loaded.sessionId, taskId: 'task-0' })).rejects.toThrow(
      /loaded whole, not browsed: its tasks are in the Tasks and Timeline tabs/,
    );
  });

  it('checks the arguments at the boundary', () => {
    expect(hostArgSchemas.readSessionTask.safeParse([{ sessionId, taskId: '' }]).success).toBe(false);
    expect(hostArgSchemas.readSessionTask.safeParse([{ sessionId, taskId: 'x', extra: 1 }]).success).toBe(
      false,
    );
    expect(hostArgSchemas.listSessionTasks.safeParse([{ sessionId: '' }]).success).toBe(false);
    expect(hostArgSchemas.listSessionTasks.safeParse([{ sessionId }]).success).toBe(true);
  });
});

describe('the tasks of a browse-mode session where two agents use the same task ids', () => {
  const [first, second] = fixtureAgentIds(2) as [string, string];
  let shared: { sessionId: string; fixture: Fixture };

  beforeAll(async () => {
    const file = path.join(dataDir, 'two-agents.switchboard');
    // Streams alternate between the agents, and each numbers its own tasks: both have a task-0, a task-1 …
    const written = await writeSessionFixture(file, {
      events: BROWSE_MIN_FRAMES + 1000,
      perStream: PER_STREAM,
      agents: 2,
    });
    const summary = await host.openSession({ path: file });
    expect(summary.browse).toBe(true);
    shared = { sessionId: summary.sessionId, fixture: written };
  });

  it('lists a task per agent for a task id both used, each with its own frames', async () => {
    const { tasks } = await host.listSessionTasks({ sessionId: shared.sessionId });
    const streams = Math.ceil(shared.fixture.events / PER_STREAM);
    expect(tasks).toHaveLength(streams);
    expect(tasks.filter((task) => task.taskId === 'task-3')).toEqual([
      expect.objectContaining({ agentId: first, frames: PER_STREAM + 1, state: 'completed' }),
      expect.objectContaining({ agentId: second, frames: PER_STREAM + 1, state: 'completed' }),
    ]);
    expect(tasks.reduce((sum, task) => sum + task.frames, 0)).toBe(shared.fixture.frames);
  });

  it("reads one agent's task only: its exchange and its events, none of the other agent's", async () => {
    for (const agentId of [first, second]) {
      const read = await host.readSessionTask({ sessionId: shared.sessionId, taskId: 'task-3', agentId });
      expect(read).toMatchObject({ taskId: 'task-3', agentId, total: PER_STREAM + 1 });
      const exchange = read.frames[0]!;
      expect(exchange.kind === 'http' && exchange.a2a?.agentId).toBe(agentId);
      expect(read.frames.slice(1).every((f) => f.kind === 'sse' && f.exchangeId === exchange.id)).toBe(true);
      const model = new TimelineModel();
      model.ingest(read.frames);
      expect(model.tasks.find(agentId, 'task-3')?.states.map((s) => s.state)).toEqual([
        'working',
        'completed',
      ]);
      expect(model.tasks.size).toBe(1);
    }
  });

  it('finds the tasks the timeline model finds when it reads every frame (agent and id, last state)', async () => {
    const { tasks } = await host.listSessionTasks({ sessionId: shared.sessionId });
    const model = new TimelineModel();
    for (let from = 0; from < shared.fixture.frames; from += 5_000) {
      const page = await host.readSessionFrames({ sessionId: shared.sessionId, from, count: 5_000 });
      model.ingest(page.frames);
    }
    const viewed = [...model.tasks.values()].map((view) => ({
      key: taskKey(view.agentId, view.id),
      state: view.states.at(-1)?.state,
    }));
    expect(tasks.map((task) => ({ key: taskKey(task.agentId, task.taskId), state: task.state }))).toEqual(
      viewed,
    );
  });

  it('refuses a shared task id without the agent, and an agent without that task, saying which', async () => {
    await expect(host.readSessionTask({ sessionId: shared.sessionId, taskId: 'task-3' })).rejects.toThrow(
      `2 agents used the task id "task-3" ("${first}", "${second}"): say whose task to read.`,
    );
    await expect(
      host.readSessionTask({ sessionId: shared.sessionId, taskId: 'task-3', agentId: 'someone-else' }),
    ).rejects.toThrow('This session has no task with the id "task-3" from the agent "someone-else".');
    await expect(
      host.readSessionTask({ sessionId: shared.sessionId, taskId: 'task-3', agentId: '' }),
    ).rejects.toThrow('This session has no task with the id "task-3" outside an agent\'s exchanges.');
  });

  it('checks the agent at the boundary', () => {
    const sessionId = shared.sessionId;
    expect(
      hostArgSchemas.readSessionTask.safeParse([{ sessionId, taskId: 'x', agentId: first }]).success,
    ).toBe(true);
    expect(hostArgSchemas.readSessionTask.safeParse([{ sessionId, taskId: 'x', agentId: 7 }]).success).toBe(
      false,
    );
    expect(
      hostArgSchemas.readSessionTask.safeParse([{ sessionId, taskId: 'x', agentId: 'a'.repeat(1001) }])
        .success,
    ).toBe(false);
  });
});
