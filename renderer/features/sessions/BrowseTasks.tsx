// The task pane of browse mode (TL-6): list the session's tasks, pick one, and see its state strip and its
// conversation — messages and assembled artifacts — read from the file for that task alone (useBrowseTasks.ts).

import { ConversationItems } from '../conversation';
import { StateStrip } from '../timeline';
import { useAppStore } from '../../store/appStore';
import { useBrowseTasks, type PickedTask } from './useBrowseTasks';

export function BrowseTasks({ sessionId }: { sessionId: string }) {
  const { list, load, picked, pick, pickError } = useBrowseTasks(sessionId);
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
              value={picked?.taskId ?? ''}
              onChange={(event) => event.target.value && pick(event.target.value)}
              data-testid="browse-task-select"
            >
              <option value="">Pick one of {list.tasks.length.toLocaleString()} tasks…</option>
              {list.tasks.map((task) => (
                <option key={task.taskId} value={task.taskId}>
                  {task.taskId} · {task.state ?? 'no state'} · {task.frames.toLocaleString()} frames
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

function PickedTaskView({ picked }: { picked: PickedTask }) {
  const selectedFrameId = useAppStore((state) => state.selectedFrameId);
  const selectFrame = useAppStore((state) => state.selectFrame);
  const view = picked.model.tasks.get(picked.taskId);
  return (
    <div className="browse-task" data-testid="browse-task" data-task-id={picked.taskId}>
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
