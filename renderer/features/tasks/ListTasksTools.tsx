// The ListTasks controls of the task panel (TASK-2): every filter 1.0's ListTasksRequest carries (context, status,
// page size, status changed after, include artifacts; the history length is the panel's), "List tasks", "Next page"
// and "Load all" with the shared progress notice and its Cancel (UX-5), the total the agent reports, and the tasks
// listed so far.

import { LIST_TASK_STATES, PAGE_SIZE_MAX } from '../../../shared/a2a/listTasksQuery';
import type { Task } from '../../../shared/a2a/model';
import type { ListSummary, TaskList } from './useTaskList';
import { ProgressNotice } from '../../ui/ProgressNotice';

export function ListTasksTools({ list }: { list: TaskList }) {
  const { fields, update, summary } = list;
  const loading = summary?.loading === true;
  return (
    <div className="list-tasks" data-testid="list-tasks-tools">
      <div className="task-tools">
        <label>
          Context{' '}
          <input
            value={fields.contextId ?? ''}
            onChange={(e) => update({ contextId: e.target.value })}
            data-testid="list-context"
          />
        </label>
        <select
          value={fields.status ?? ''}
          onChange={(event) => update({ status: event.target.value })}
          aria-label="Status filter"
          data-testid="list-status"
        >
          <option value="">any state</option>
          {LIST_TASK_STATES.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </select>
        <label>
          Page size{' '}
          <input
            type="number"
            min={1}
            max={PAGE_SIZE_MAX}
            placeholder="50"
            value={fields.pageSize ?? ''}
            onChange={(e) => update({ pageSize: e.target.value })}
            data-testid="list-page-size"
          />
        </label>
        <label>
          Status after{' '}
          <input
            placeholder="2026-01-31T09:00:00Z"
            value={fields.statusAfter ?? ''}
            onChange={(e) => update({ statusAfter: e.target.value })}
            data-testid="list-status-after"
          />
        </label>
        <label>
          <input
            type="checkbox"
            checked={fields.includeArtifacts === true}
            onChange={(e) => update({ includeArtifacts: e.target.checked })}
            data-testid="list-include-artifacts"
          />{' '}
          Include artifacts
        </label>
      </div>
      <div className="task-tools">
        <button
          type="button"
          disabled={loading}
          onClick={() => void list.listPage()}
          data-testid="list-tasks"
        >
          List tasks
        </button>
        {list.nextToken && !loading && (
          <button type="button" onClick={() => void list.listPage(list.nextToken)} data-testid="list-next">
            Next page
          </button>
        )}
        <button type="button" disabled={loading} onClick={() => void list.loadAll()} data-testid="list-all">
          Load all
        </button>
        {summary && <SummaryLine summary={summary} />}
      </div>
      {loading && summary.startedAt !== undefined && (
        <ProgressNotice
          testId="list-progress"
          label="Loading all tasks"
          done={summary.tasks}
          {...(summary.totalSize !== undefined ? { total: summary.totalSize } : {})}
          unit="tasks"
          startedAt={summary.startedAt}
          onCancel={list.cancel}
        />
      )}
      {list.error && (
        <p className="error-text" role="alert" data-testid="list-error">
          {list.error}
        </p>
      )}
      {list.listed.length > 0 && <ListedTasks tasks={list.listed} />}
    </div>
  );
}

function SummaryLine({ summary }: { summary: ListSummary }) {
  const total = summary.totalSize !== undefined ? ` of ${summary.totalSize} (the agent's total)` : '';
  const pages = `${summary.pages} page${summary.pages === 1 ? '' : 's'}`;
  const text = summary.loading
    ? `Loading… ${pages}, ${summary.tasks} tasks${total}`
    : `${summary.tasks} tasks${total} in ${pages}${summary.reason ? `. ${summary.reason}` : ''}`;
  return (
    <span className="muted" role="status" data-testid="list-summary" data-end={summary.end ?? ''}>
      {text}
    </span>
  );
}

/** What ListTasks returned: the agent's own view of each task, which may include tasks this window never saw. */
function ListedTasks({ tasks }: { tasks: Task[] }) {
  return (
    <table className="tasks" data-testid="listed-tasks" aria-label="Listed tasks">
      <thead>
        <tr>
          <th>Listed task</th>
          <th>State</th>
          <th>Context</th>
          <th>Status time</th>
          <th>Artifacts</th>
        </tr>
      </thead>
      <tbody>
        {tasks.map((task, index) => (
          <tr key={`${task.id}-${index}`} data-testid="listed-task-row" data-task-id={task.id}>
            <td>
              <code>{task.id}</code>
            </td>
            <td>{task.status.stateWire}</td>
            <td>
              <code>{task.contextId ?? '—'}</code>
            </td>
            <td>{task.status.timestamp ?? '—'}</td>
            <td>{task.artifacts.length}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
