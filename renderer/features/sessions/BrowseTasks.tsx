// The task pane of browse mode (TL-6): list the session's tasks, pick one, and see its state strip and its
// conversation — messages and assembled artifacts — read from the file for that task alone (useBrowseTasks.ts). A
// task is one agent's: two agents that used one task id are two choices, each naming its agent.

import { useMemo } from 'react';
import { agentName } from '../../../shared/agentName';
import { ConversationItems } from '../conversation';
import { StateStrip } from '../timeline';
import { useAppStore } from '../../store/appStore';
import { taskChoices } from './browseTaskChoices';
import { useBrowseTasks, type PickedTask, type TaskListState } from './useBrowseTasks';

export function BrowseTasks({ sessionId }: { sessionId: string }) {
  const { list, load, picked, pick, pickError } = useBrowseTasks(sessionId);
  const choices = useTaskChoices(list);
  return (
    <section className="browse-tasks" aria-label="Tasks of this session" data-testid="browse-tasks">
      {list.status !== 'ready' ? (
        <p className="browse-tasks-head">
          <button
            type="button"
            onClick={load}
            disabled={list.status === 'loading'}
            data-testid="browse-tasks-load"
          >
            {list.status === 'loading' ? 'Finding tasks…' : 'Show tasks'}
          </button>{' '}
          <span className="muted">Reads the whole file once to find them.</span>
        </p>
      ) : (
        <p className="browse-tasks-head">
          <label>
            Task{' '}
            <select
              value={picked?.value ?? ''}
              onChange={(event) => {
                const choice = choices.find((c) => c.value === event.target.value);
                if (choice) pick(choice);
              }}
              data-testid="browse-task-select"
            >
              <option value="">Pick one of {list.tasks.length.toLocaleString()} tasks…</option>
              {choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </label>
        </p>
      )}
      {list.status === 'error' && (
        <p className="error" role="alert" data-testid="browse-tasks-error">
          {list.message}
        </p>
      )}
      {pickError && (
        <p className="error" role="alert" data-testid="browse-tasks-error">
          {pickError}
        </p>
      )}
      {picked && <PickedTaskView picked={picked} />}
    </section>
  );
}

/** The picker's choices, with agents named as the agent library names them (the session's recorded agents). */
function useTaskChoices(list: TaskListState) {
  const agents = useAppStore((state) => state.agents);
  return useMemo(() => {
    if (list.status !== 'ready') return [];
    const names = new Map(agents.map((agent) => [agent.id, agentName(agent)]));
    return taskChoices(list.tasks, (id) => names.get(id) ?? id);
  }, [list, agents]);
}

function PickedTaskView({ picked }: { picked: PickedTask }) {
  const selectedFrameId = useAppStore((state) => state.selectedFrameId);
  const selectFrame = useAppStore((state) => state.selectFrame);
  // This agent's task: the frames read are its own, but another agent's view of the same id must not stand in.
  const view = picked.model.tasks.find(picked.agentId, picked.taskId);
  return (
    <div
      className="browse-task"
      data-testid="browse-task"
      data-task-id={picked.taskId}
      data-agent-id={picked.agentId}
    >
      {picked.read < picked.total && (
        <p className="muted">
          Showing the first {picked.read.toLocaleString()} of {picked.total.toLocaleString()} frames of this
          task.
        </p>
      )}
      {view ? <StateStrip task={view} /> : <p className="muted">No state was recorded for this task.</p>}
      <ConversationItems
        items={picked.model.conversation}
        tasks={view ? [view] : []}
        selectedFrameId={selectedFrameId}
        onSelect={selectFrame}
        emptyText="No messages in this task."
      />
    </div>
  );
}
