// Task operations for the active agent (TASK-1..TASK-4): the tasks seen so far with their last state; get (with a
// history length), cancel and resubscribe per task; ListTasks with filters and paging where the generation has it;
// and the open streams, each of which can be closed without cancelling its task. The requests are built in
// taskActions.ts; the toolbar is TaskTools.tsx.

import { useMemo, useState } from 'react';
import { lastState, type TaskView } from '../../../shared/timeline/taskView';
import { taskKey } from '../../../shared/timeline/taskViews';
import type { HttpFrame } from '../../../shared/wire/frame';
import { useAppStore } from '../../store/appStore';
import { useActiveAgent, useCloseStream, useRunOperation } from '../agents';
import { OutcomeNotice } from '../composer';
import { PushSection } from '../push';
import { canListTasks, taskRequest, type TaskAction } from './taskActions';
import { TaskTools } from './TaskTools';
import { useTaskList } from './useTaskList';
import { StateStrip } from '../timeline';
import { onListArrowKeys } from '../../ui/listKeys';

export function TaskPanel() {
  const agent = useActiveAgent();
  const timeline = useAppStore((state) => state.timeline);
  const version = useAppStore((state) => state.timelineVersion);
  const frames = useAppStore((state) => state.frames);
  // The list changes in place (store/framesSlice.ts): its version says when.
  const framesVersion = useAppStore((state) => state.framesVersion);
  const run = useRunOperation();
  const close = useCloseStream();
  const [historyLength, setHistoryLength] = useState('');
  const list = useTaskList(agent?.id ?? '', historyLength, (request) => run.mutateAsync(request));
  const tasks = useMemo(() => {
    void version;
    // Tasks read from answers that are not A2A belong to the agent the raw request went to, or to none (the
    // address bar): those are shown whichever agent is open.
    return timeline
      .taskList()
      .filter((t) => t.agentId === agent?.id || (t.notA2A === true && t.agentId === undefined));
  }, [timeline, version, agent?.id]);
  const openStreams = useMemo(() => {
    void framesVersion;
    return frames.filter(
      (f): f is HttpFrame => f.kind === 'http' && f.state === 'streaming' && f.a2a?.agentId === agent?.id,
    );
  }, [frames, framesVersion, agent?.id]);

  if (!agent) {
    return (
      <div className="empty-state">
        <p>Open an agent to work with its tasks.</p>
      </div>
    );
  }
  const act = (operation: TaskAction, taskId: string) =>
    run.mutate(taskRequest(agent.id, operation, taskId, historyLength));

  return (
    <div className="task-panel" data-testid="task-panel">
      <TaskTools
        historyLength={historyLength}
        setHistoryLength={setHistoryLength}
        canList={canListTasks(agent)}
        list={list}
        generation={agent.chosen?.generation}
      />
      <OutcomeNotice outcome={run.data} error={run.error} agentId={agent.id} />
      {openStreams.length > 0 && <OpenStreams streams={openStreams} onClose={(id) => close.mutate(id)} />}
      <PushSection agent={agent} taskIds={tasks.map((t) => t.id)} />
      {tasks.length === 0 ? <p className="empty">No tasks yet.</p> : <TasksTable tasks={tasks} onAct={act} />}
    </div>
  );
}

/** The streams open to this agent, each of which can be closed without cancelling its task (TASK-4). */
function OpenStreams({ streams, onClose }: { streams: HttpFrame[]; onClose: (exchangeId: string) => void }) {
  return (
    <section aria-label="Open streams" className="open-streams">
      <h3>Open streams</h3>
      <ul>
        {streams.map((stream) => (
          <li key={stream.id}>
            {stream.a2a?.operation} {stream.a2a?.taskId && <code>{stream.a2a.taskId.slice(0, 8)}</code>}{' '}
            <button type="button" onClick={() => onClose(stream.id)} data-testid="close-stream">
              Close stream
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The tasks seen so far with their last state, and get, cancel and resubscribe for each. */
function TasksTable({
  tasks,
  onAct,
}: {
  tasks: TaskView[];
  onAct: (operation: TaskAction, taskId: string) => void;
}) {
  return (
    <table className="tasks" onKeyDown={onListArrowKeys} data-testid="tasks-table">
      <thead>
        <tr>
          <th>Task</th>
          <th>State</th>
          <th>Artifacts</th>
          <th>
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tasks.map((task) => {
          const state = lastState(task);
          return (
            <tr
              key={taskKey(task.agentId, task.id)}
              data-testid="task-row"
              data-task-id={task.id}
              data-state={state?.state}
            >
              <td>
                <code title={task.id}>{task.id}</code>
                {task.notA2A && <NotA2A />}
              </td>
              <td>{task.notA2A ? <StateStrip task={task} /> : (state?.stateWire ?? '—')}</td>
              <td>{task.artifacts.length}</td>
              {task.notA2A ? (
                <td className="actions muted">Use the request editor: A2A task operations do not apply.</td>
              ) : (
                <TaskActions taskId={task.id} onAct={onAct} />
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Marks a task read from answers that are not A2A (a plain REST agent's JSON): A2A's rules were not applied. */
function NotA2A() {
  return (
    <span
      className="badge not-a2a"
      data-testid="task-not-a2a"
      title="Read from an answer that is not A2A: an object with an id and a status.state."
    >
      not A2A
    </span>
  );
}

/** Get, cancel and resubscribe for one A2A task. */
function TaskActions({
  taskId,
  onAct,
}: {
  taskId: string;
  onAct: (operation: TaskAction, taskId: string) => void;
}) {
  return (
    <td className="actions">
      <button type="button" onClick={() => onAct('get', taskId)} data-testid="task-get">
        Get
      </button>
      <button type="button" onClick={() => onAct('cancel', taskId)} data-testid="task-cancel">
        Cancel
      </button>
      <button type="button" onClick={() => onAct('subscribe', taskId)} data-testid="task-subscribe">
        Resubscribe
      </button>
    </td>
  );
}
