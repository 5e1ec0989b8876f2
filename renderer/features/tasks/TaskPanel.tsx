// Task operations for the active agent (TASK-1..TASK-4): the tasks seen so far with their last state; get (with a
// history length), cancel and resubscribe per task; ListTasks with filters and paging where the generation has it;
// and the open streams, each of which can be closed without cancelling its task.

import { useMemo, useState } from 'react';
import type { OperationOutcome } from '../../../shared/host/agent';
import { lastState } from '../../../shared/timeline/taskView';
import type { HttpFrame } from '../../../shared/wire/frame';
import { useAppStore } from '../../store/appStore';
import { useActiveAgent, useCloseStream, useRunOperation } from '../agents';
import { OutcomeNotice } from '../composer';
import { PushSection } from '../push';
import { findAdapter } from '../../../shared/a2a/adapters';

export function TaskPanel() {
  const agent = useActiveAgent();
  const timeline = useAppStore((state) => state.timeline);
  const version = useAppStore((state) => state.timelineVersion);
  const frames = useAppStore((state) => state.frames);
  const run = useRunOperation();
  const close = useCloseStream();
  const [historyLength, setHistoryLength] = useState('');
  const [listStatus, setListStatus] = useState('');
  const [pageToken, setPageToken] = useState<string | undefined>();
  const tasks = useMemo(() => {
    void version;
    return timeline.taskList().filter((t) => t.agentId === agent?.id);
  }, [timeline, version, agent?.id]);
  const openStreams = useMemo(
    () =>
      frames.filter(
        (f): f is HttpFrame => f.kind === 'http' && f.state === 'streaming' && f.a2a?.agentId === agent?.id,
      ),
    [frames, agent?.id],
  );

  if (!agent) {
    return (
      <div className="empty-state">
        <p>Open an agent to work with its tasks.</p>
      </div>
    );
  }
  const chosen = agent.chosen;
  const canList = chosen?.binding
    ? !!findAdapter(chosen.generation, chosen.binding)?.supports.has('list')
    : false;
  const act = (operation: 'get' | 'cancel' | 'subscribe', taskId: string) => {
    const length = Number(historyLength);
    if (operation === 'get') {
      run.mutate({
        agentId: agent.id,
        operation,
        input: {
          taskId,
          ...(historyLength !== '' && Number.isInteger(length) && length >= 0
            ? { historyLength: length }
            : {}),
        },
      });
    } else run.mutate({ agentId: agent.id, operation, input: { taskId } });
  };
  const list = (token?: string) =>
    run.mutate(
      {
        agentId: agent.id,
        operation: 'list',
        input: {
          pageSize: 50,
          ...(listStatus ? { status: listStatus } : {}),
          ...(token ? { pageToken: token } : {}),
        },
      },
      { onSuccess: (outcome: OperationOutcome) => setPageToken(nextPage(outcome)) },
    );

  return (
    <div className="task-panel" data-testid="task-panel">
      <div className="task-tools">
        <label>
          History length{' '}
          <input
            type="number"
            min={0}
            value={historyLength}
            onChange={(event) => setHistoryLength(event.target.value)}
            data-testid="history-length"
          />
        </label>
        {canList ? (
          <>
            <select
              value={listStatus}
              onChange={(event) => setListStatus(event.target.value)}
              aria-label="Status filter"
            >
              <option value="">any state</option>
              {[
                'TASK_STATE_WORKING',
                'TASK_STATE_INPUT_REQUIRED',
                'TASK_STATE_COMPLETED',
                'TASK_STATE_CANCELED',
                'TASK_STATE_FAILED',
              ].map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
            <button type="button" onClick={() => list()} data-testid="list-tasks">
              List tasks
            </button>
            {pageToken && (
              <button type="button" onClick={() => list(pageToken)} data-testid="list-next">
                Next page
              </button>
            )}
          </>
        ) : (
          <span className="muted">
            A2A {agent.chosen?.generation} has no task list: these are the tasks seen so far.
          </span>
        )}
      </div>
      <OutcomeNotice outcome={run.data} error={run.error} agentId={agent.id} />
      {openStreams.length > 0 && (
        <section aria-label="Open streams" className="open-streams">
          <h3>Open streams</h3>
          <ul>
            {openStreams.map((stream) => (
              <li key={stream.id}>
                {stream.a2a?.operation} {stream.a2a?.taskId && <code>{stream.a2a.taskId.slice(0, 8)}</code>}{' '}
                <button type="button" onClick={() => close.mutate(stream.id)} data-testid="close-stream">
                  Close stream
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <PushSection agent={agent} taskIds={tasks.map((t) => t.id)} />
      {tasks.length === 0 ? (
        <p className="empty">No tasks yet.</p>
      ) : (
        <table className="tasks" data-testid="tasks-table">
          <thead>
            <tr>
              <th>Task</th>
              <th>State</th>
              <th>Artifacts</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {tasks.map((task) => {
              const state = lastState(task);
              return (
                <tr key={task.id} data-testid="task-row" data-task-id={task.id} data-state={state?.state}>
                  <td>
                    <code title={task.id}>{task.id}</code>
                  </td>
                  <td>{state?.stateWire ?? '—'}</td>
                  <td>{task.artifacts.length}</td>
                  <td className="actions">
                    <button type="button" onClick={() => act('get', task.id)} data-testid="task-get">
                      Get
                    </button>
                    <button type="button" onClick={() => act('cancel', task.id)} data-testid="task-cancel">
                      Cancel
                    </button>
                    <button
                      type="button"
                      onClick={() => act('subscribe', task.id)}
                      data-testid="task-subscribe"
                    >
                      Resubscribe
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}

function nextPage(outcome: OperationOutcome): string | undefined {
  return outcome.result?.type === 'task-page' && outcome.result.page.nextPageToken
    ? outcome.result.page.nextPageToken
    : undefined;
}
