// The task panel's toolbar (TASK-1, TASK-2): the history length a get asks for, and ListTasks with a status filter
// and the next page where the generation has it; where it has none, a line says the list is the tasks seen so far.

const LIST_STATUSES = [
  'TASK_STATE_WORKING',
  'TASK_STATE_INPUT_REQUIRED',
  'TASK_STATE_COMPLETED',
  'TASK_STATE_CANCELED',
  'TASK_STATE_FAILED',
];

export interface TaskToolsProps {
  historyLength: string;
  setHistoryLength: (value: string) => void;
  canList: boolean;
  listStatus: string;
  setListStatus: (value: string) => void;
  pageToken: string | undefined;
  onList: (token?: string) => void;
  generation: string | undefined;
}

export function TaskTools(props: TaskToolsProps) {
  const { historyLength, canList, listStatus, pageToken, onList } = props;
  return (
    <div className="task-tools">
      <label>
        History length{' '}
        <input
          type="number"
          min={0}
          value={historyLength}
          onChange={(event) => props.setHistoryLength(event.target.value)}
          data-testid="history-length"
        />
      </label>
      {canList ? (
        <>
          <select
            value={listStatus}
            onChange={(event) => props.setListStatus(event.target.value)}
            aria-label="Status filter"
          >
            <option value="">any state</option>
            {LIST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <button type="button" onClick={() => onList()} data-testid="list-tasks">
            List tasks
          </button>
          {pageToken && (
            <button type="button" onClick={() => onList(pageToken)} data-testid="list-next">
              Next page
            </button>
          )}
        </>
      ) : (
        <span className="muted">
          A2A {props.generation} has no task list: these are the tasks seen so far.
        </span>
      )}
    </div>
  );
}
