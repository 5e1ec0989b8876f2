// The browse-mode task picker's choices (renderer/features/sessions/browseTaskChoices.ts): a task is one agent's, so
// two agents that used one task id are two choices with values of their own, labels that name the agent, and a
// request that names the agent, so the host never has to guess whose task was meant.

import { describe, expect, it } from 'vitest';
import { taskChoices, taskRequest } from '../../../../../renderer/features/sessions/browseTaskChoices';
import type { SessionTaskSummary } from '../../../../../shared/session/sessionTasks';

const task = (taskId: string, agentId: string | undefined, frames = 3): SessionTaskSummary => ({
  taskId,
  frames,
  at: 0,
  state: 'completed',
  ...(agentId ? { agentId } : {}),
});
const names = new Map([
  ['a', 'Agent A'],
  ['b', 'Agent B'],
]);
const nameOf = (id: string) => names.get(id) ?? id;

describe('taskChoices', () => {
  it('keeps the task id as the value and the label as it was when one agent has all the tasks', () => {
    const choices = taskChoices([task('task-1', 'a'), task('task-2', 'a', 1200)], nameOf);
    expect(choices.map((c) => [c.value, c.label])).toEqual([
      ['task-1', 'task-1 · completed · 3 frames'],
      ['task-2', 'task-2 · completed · 1,200 frames'],
    ]);
  });

  it('gives two agents that used one task id a choice each, named, and each asks for its own agent', () => {
    const tasks = [task('task-1', 'a'), task('task-1', 'b'), task('task-2', 'b'), task('task-1', undefined)];
    const choices = taskChoices(tasks, nameOf);
    expect(choices.map((c) => c.label)).toEqual([
      'task-1 · Agent A · completed · 3 frames',
      'task-1 · Agent B · completed · 3 frames',
      'task-2 · Agent B · completed · 3 frames',
      'task-1 · no agent · completed · 3 frames',
    ]);
    expect(new Set(choices.map((c) => c.value)).size).toBe(4);
    expect(choices[2]!.value).toBe('task-2');
    expect(choices.map(taskRequest)).toEqual([
      { taskId: 'task-1', agentId: 'a' },
      { taskId: 'task-1', agentId: 'b' },
      { taskId: 'task-2', agentId: 'b' },
      { taskId: 'task-1', agentId: '' },
    ]);
  });

  it('keeps values apart when a task id spells another task key', () => {
    const shared = taskChoices([task('t', 'a'), task('t', 'b')], nameOf);
    const spoof = task(shared[0]!.value, 'b');
    const choices = taskChoices([task('t', 'a'), task('t', 'b'), spoof], nameOf);
    expect(new Set(choices.map((c) => c.value)).size).toBe(3);
    expect(taskRequest(choices[2]!)).toEqual({ taskId: spoof.taskId, agentId: 'b' });
  });
});
