// Browse mode keeps its task views (TL-6): the tasks of a session too large to load whole are found by reading it
// once through its index, and one task's frames — with the exchange that opened its stream — are read from the file
// on demand, enough for the timeline model to build that task's state strip and conversation.

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import type { HostService } from '../../shared/host/hostApi';
import { hostArgSchemas } from '../../shared/host/schemas';
import { BROWSE_MIN_FRAMES } from '../../shared/session/sessionRows';
import { TimelineModel } from '../../shared/timeline/timelineModel';
import { writeSessionFixture, type Fixture } from '../../bench/support/sessionFixture';
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
