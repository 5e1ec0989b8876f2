// Which task and context the next send names: the newest task of the active agent that waits for the user
// (input-required or auth-required), unless the user chose to start anew; and for a new task, a new context or the
// context of the agent's last task (MSG-7).

import { useMemo } from 'react';
import { interruptedStates } from '../../../shared/a2a/model';
import { lastState, type TaskView } from '../../../shared/timeline/taskView';
import { useAppStore } from '../../store/appStore';
import type { ComposerTarget, ContextMode } from '../../store/composerSlice';
import type { DraftTarget } from './draft';

export interface WaitingTask {
  task: TaskView;
  state: string;
}

export function useWaitingTask(agentId: string | undefined): WaitingTask | undefined {
  const timeline = useAppStore((state) => state.timeline);
  const version = useAppStore((state) => state.timelineVersion);
  return useMemo(() => {
    void version;
    const tasks = timeline.taskList().filter((t) => t.agentId === agentId);
    for (let i = tasks.length - 1; i >= 0; i--) {
      const mark = lastState(tasks[i]!);
      if (mark && interruptedStates.has(mark.state)) return { task: tasks[i]!, state: mark.stateWire };
    }
    return undefined;
  }, [timeline, version, agentId]);
}

/** The context of the agent's newest task that has one (0.1 calls it the session). */
export function useLastContext(agentId: string | undefined): string | undefined {
  const timeline = useAppStore((state) => state.timeline);
  const version = useAppStore((state) => state.timelineVersion);
  return useMemo(() => {
    void version;
    const tasks = timeline.taskList().filter((t) => t.agentId === agentId);
    for (let i = tasks.length - 1; i >= 0; i--) {
      const contextId = tasks[i]!.contextId;
      if (contextId) return contextId;
    }
    return undefined;
  }, [timeline, version, agentId]);
}

export interface ContinuedTask {
  taskId: string;
  contextId?: string;
  /** The state it waits in, when the composer follows it on its own. */
  state?: string;
}

export interface ResolvedTarget {
  continued?: ContinuedTask;
  /** Offered for "same context" when the send starts a new task. */
  lastContextId?: string;
  /** What the message names. */
  message: DraftTarget;
}

/** Pure, so the rules are tested without React. */
export function resolveTarget(
  target: ComposerTarget,
  waiting: WaitingTask | undefined,
  contextMode: ContextMode,
  lastContextId: string | undefined,
): ResolvedTarget {
  // Derived, not stored: a task that stops waiting (answered, or finished elsewhere) stops being the target at once.
  const continued: ContinuedTask | undefined =
    target.kind === 'task'
      ? { taskId: target.taskId, ...(target.contextId ? { contextId: target.contextId } : {}) }
      : target.kind === 'auto' && waiting
        ? {
            taskId: waiting.task.id,
            ...(waiting.task.contextId ? { contextId: waiting.task.contextId } : {}),
            state: waiting.state,
          }
        : undefined;
  const last = lastContextId ? { lastContextId } : {};
  if (continued) {
    return {
      continued,
      ...last,
      message: {
        taskId: continued.taskId,
        ...(continued.contextId ? { contextId: continued.contextId } : {}),
      },
    };
  }
  const sameContext = contextMode === 'same' && lastContextId;
  return { ...last, message: sameContext ? { contextId: lastContextId } : {} };
}

export function useResolvedTarget(agentId: string | undefined): ResolvedTarget {
  const target = useAppStore((state) => state.target);
  const contextMode = useAppStore((state) => state.contextMode);
  const waiting = useWaitingTask(agentId);
  const lastContextId = useLastContext(agentId);
  return useMemo(
    () => resolveTarget(target, waiting, contextMode, lastContextId),
    [target, waiting, contextMode, lastContextId],
  );
}
