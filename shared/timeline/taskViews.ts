// The timeline model's task views, held per agent and task id (TL-2). Task ids are chosen by each agent, so two
// agents may well use the same one (bench:ui-many's fifty flood agents once did, and shared one view): a view is one
// agent's task. Readers of one agent's frames (a browsed task, a test) may still ask by the id alone.

import { newTaskView, type TaskView } from './taskView';

/**
 * The key a view is held under. The agent id's length leads, so no pair of agent and task ids spells another pair's
 * key. An empty agent id names no agent, as a view's `agentId` is only set from a non-empty one.
 */
export function taskKey(agentId: string | undefined, taskId: string): string {
  return agentId ? `${agentId.length}:${agentId}:${taskId}` : `-:${taskId}`;
}

export class TaskViews {
  private readonly byKey = new Map<string, TaskView>();
  /** The first view made with each task id, for readers that know no agent. */
  private readonly firstById = new Map<string, TaskView>();

  get size(): number {
    return this.byKey.size;
  }

  /** One agent's task; `agentId` undefined: a task no agent's exchange carried (the address bar's). */
  find(agentId: string | undefined, taskId: string): TaskView | undefined {
    return this.byKey.get(taskKey(agentId, taskId));
  }

  /** The first view seen with this id, whichever agent's: for readers of one agent's frames only. */
  get(taskId: string): TaskView | undefined {
    return this.firstById.get(taskId);
  }

  /** One agent's task, made (empty) on first use. */
  obtain(agentId: string | undefined, taskId: string): TaskView {
    const key = taskKey(agentId, taskId);
    let view = this.byKey.get(key);
    if (!view) {
      view = newTaskView(taskId);
      if (agentId) view.agentId = agentId;
      this.byKey.set(key, view);
      if (!this.firstById.has(taskId)) this.firstById.set(taskId, view);
    }
    return view;
  }

  /** Every view, in the order first seen. */
  values(): IterableIterator<TaskView> {
    return this.byKey.values();
  }

  /** Each view's task id, in the order first seen: an id repeats when several agents used it. */
  *keys(): IterableIterator<string> {
    for (const view of this.byKey.values()) yield view.id;
  }
}
