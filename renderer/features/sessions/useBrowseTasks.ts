// The tasks of a session in browse mode (TL-6), asked of the host when the user wants them: the list (the host reads
// the session once to find them) and the frames of the task picked, rebuilt through the same timeline model as live
// traffic so its state strip and conversation are the ones a loaded session would show. The picked task's frames
// also go to the inspector, so clicking a state or a message there opens that frame. A task is one agent's: the pick
// names the agent too (browseTaskChoices.ts).

import { useState } from 'react';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';
import { TimelineModel } from '../../../shared/timeline/timelineModel';
import { taskRequest, type TaskChoice } from './browseTaskChoices';
import type { SessionTaskSummary } from '../../../shared/session/sessionTasks';

export interface PickedTask {
  /** The picker's value for it. */
  value: string;
  taskId: string;
  agentId?: string;
  model: TimelineModel;
  /** Frames the host had for the task, and how many of them it sent (a huge task is cut). */
  total: number;
  read: number;
}

export type TaskListState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; tasks: SessionTaskSummary[] }
  | { status: 'error'; message: string };

export function useBrowseTasks(sessionId: string) {
  const host = useHost();
  const replaceFrames = useAppStore((state) => state.replaceFrames);
  const [list, setList] = useState<TaskListState>({ status: 'idle' });
  const [picked, setPicked] = useState<PickedTask | undefined>();
  const [pickError, setPickError] = useState<string | undefined>();

  const load = () => {
    setList({ status: 'loading' });
    host
      .listSessionTasks({ sessionId })
      .then(({ tasks }) => setList({ status: 'ready', tasks }))
      .catch((error: unknown) => setList({ status: 'error', message: messageOf(error) }));
  };
  const pick = (choice: TaskChoice) => {
    setPickError(undefined);
    const request = taskRequest(choice);
    host
      .readSessionTask({ sessionId, ...request })
      .then(({ frames, total }) => {
        const model = new TimelineModel();
        model.ingest(frames);
        replaceFrames(frames);
        setPicked({
          value: choice.value,
          taskId: request.taskId,
          ...(choice.task.agentId ? { agentId: choice.task.agentId } : {}),
          model,
          total,
          read: frames.length,
        });
      })
      .catch((error: unknown) =>
        setPickError(`Task ${request.taskId} could not be read: ${messageOf(error)}`),
      );
  };
  return { list, load, picked, pick, pickError };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
