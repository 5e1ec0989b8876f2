// Which task the next send continues: the newest task of the active agent that waits for the user
// (input-required or auth-required), unless the user chose to start anew.

import { useMemo } from 'react';
import { interruptedStates } from '../../../shared/a2a/model';
import { lastState, type TaskView } from '../../../shared/timeline/taskView';
import { useAppStore } from '../../store/appStore';

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
