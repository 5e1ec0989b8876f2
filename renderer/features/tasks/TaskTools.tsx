// The task panel's toolbar (TASK-1, TASK-2): the history length a get (and a list) asks for, and the ListTasks
// controls where the generation has it; where it has none, a line says so and that the table holds the tasks seen so
// far.

import { ListTasksTools } from './ListTasksTools';
import type { TaskList } from './useTaskList';

export interface TaskToolsProps {
  historyLength: string;
  setHistoryLength: (value: string) => void;
  canList: boolean;
  list: TaskList;
  generation: string | undefined;
}

export function TaskTools(props: TaskToolsProps) {
  return (
    <>
      <div className="task-tools">
        <label>
          History length{' '}
          <input
            type="number"
            min={0}
            value={props.historyLength}
            onChange={(event) => props.setHistoryLength(event.target.value)}
            data-testid="history-length"
          />
        </label>
        {!props.canList && (
          <span className="muted" data-testid="no-task-list">
            A2A {props.generation} has no task list (ListTasks came with A2A 1.0): these are the tasks seen so
            far.
          </span>
        )}
      </div>
      {props.canList && <ListTasksTools list={props.list} />}
    </>
  );
}
