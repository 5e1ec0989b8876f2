// The options of browse mode's task picker (TL-6). A task is one agent's (the host lists two agents that used one task
// id as two tasks), so each option names one task of one agent, and what the picker sends back names both. An option's
// value is the task id when no other agent used it, else the agent and the id (`taskKey`); a label names the agent
// whenever the session's tasks come from more than one.

import type { SessionTaskSummary } from '../../../shared/session/sessionTasks';
import { taskKey } from '../../../shared/timeline/taskViews';

export interface TaskChoice {
  /** The option's value: unique among the choices. */
  value: string;
  label: string;
  task: SessionTaskSummary;
}

/** One choice per task, in the host's order; `nameOf` says an agent's name for the labels. */
export function taskChoices(
  tasks: readonly SessionTaskSummary[],
  nameOf: (agentId: string) => string,
): TaskChoice[] {
  const uses = new Map<string, number>();
  for (const task of tasks) uses.set(task.taskId, (uses.get(task.taskId) ?? 0) + 1);
  const agents = new Set(tasks.map((task) => task.agentId ?? ''));
  const taken = new Set<string>();
  return tasks.map((task, index) => {
    let value = (uses.get(task.taskId) ?? 0) > 1 ? taskKey(task.agentId, task.taskId) : task.taskId;
    // A hostile task id could spell another task's key: the list position keeps each value apart.
    if (taken.has(value)) value = `${value}#${index}`;
    taken.add(value);
    const agent = agents.size > 1 ? ` · ${task.agentId ? nameOf(task.agentId) : 'no agent'}` : '';
    const label = `${task.taskId}${agent} · ${task.state ?? 'no state'} · ${task.frames.toLocaleString()} frames`;
    return { value, label, task };
  });
}

/** What readSessionTask is asked for a choice: the task id and always its agent (`''`: none), never ambiguous. */
export function taskRequest(choice: TaskChoice): { taskId: string; agentId: string } {
  return { taskId: choice.task.taskId, agentId: choice.task.agentId ?? '' };
}
