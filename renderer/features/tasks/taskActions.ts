// The requests the task panel sends (TASK-1..TASK-4): get (with a history length when a whole number was typed),
// cancel and resubscribe per task, and whether the generation has ListTasks (useTaskList.ts builds those requests).
// Plain functions, so TaskPanel.tsx only wires them to its buttons (docs/architecture.md#house-style).

import type { AgentSummary, OperationRequest } from '../../../shared/host/agent';
import { findAdapter } from '../../../shared/a2a/adapters';

export type TaskAction = 'get' | 'cancel' | 'subscribe';

export function taskRequest(
  agentId: string,
  operation: TaskAction,
  taskId: string,
  historyLength: string,
): OperationRequest {
  const length = Number(historyLength);
  if (operation === 'get') {
    return {
      agentId,
      operation,
      input: {
        taskId,
        ...(historyLength !== '' && Number.isInteger(length) && length >= 0 ? { historyLength: length } : {}),
      },
    };
  }
  return { agentId, operation, input: { taskId } };
}

/** Whether the interface in use has ListTasks (docs/protocol.md#what-to-send-to-whom). */
export function canListTasks(agent: AgentSummary): boolean {
  const chosen = agent.chosen;
  return chosen?.binding ? !!findAdapter(chosen.generation, chosen.binding)?.supports.has('list') : false;
}
