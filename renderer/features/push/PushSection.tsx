// Push notifications for a task (PUSH-2, PUSH-5): register a push config that points at the host's webhook
// receiver with fresh secrets, or one that points at a URL of the user's own; list the task's configs whoever made
// them, get and delete each by id; and see the URL the agent must reach.
// Deliveries then show up in the task's timeline, refused ones with their reason. The host state and the actions
// are in usePushConfigs.ts and pushActions.ts.

import { useState } from 'react';
import type { AgentSummary } from '../../../shared/host/agent';
import type { PushAuthMode } from '../../../shared/host/push';
import { OutcomeNotice } from '../composer';
import type { Operation } from '../../../shared/a2a/adapter';
import { CustomPushForm } from './CustomPushForm';
import { pushLimits, supportsPush } from './customPushConfig';
import { PushConfigTable } from './PushConfigTable';
import { usePushConfigs } from './usePushConfigs';
import { WebhookStatus } from './WebhookStatus';

export function PushSection({ agent, taskIds }: { agent: AgentSummary; taskIds: string[] }) {
  const [taskId, setTaskId] = useState('');
  const [mode, setMode] = useState<PushAuthMode>('token');
  const chosenTask = taskId || taskIds.at(-1) || '';
  const { status, targets, run, toggleListener, listed } = usePushConfigs(agent, chosenTask, mode);
  const can = (operation: Operation) => agent.chosen && chosenTask !== '' && supportsPush(agent, operation);

  return (
    <section className="push-section" aria-label="Push notifications" data-testid="push-section">
      <h3>Push notifications</h3>
      <WebhookStatus status={status.data} onToggle={toggleListener} />
      {pushLimits(agent).map((limit) => (
        <p className="muted" key={limit} data-testid="push-limit">
          {limit}
        </p>
      ))}
      <div className="task-tools">
        <select value={chosenTask} onChange={(e) => setTaskId(e.target.value)} aria-label="Task">
          {taskIds.length === 0 && <option value="">no task yet</option>}
          {taskIds.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
        <select
          value={mode}
          onChange={(e) => setMode(e.target.value as PushAuthMode)}
          aria-label="Delivery check"
        >
          <option value="token">token (X-A2A-Notification-Token)</option>
          <option value="bearer">bearer (Authorization)</option>
          <option value="jwt">JWT signed by the agent (JWKS)</option>
        </select>
        <button
          type="button"
          disabled={!can('pushConfigSet')}
          onClick={() => run.mutate({ kind: 'register' })}
          data-testid="push-register"
        >
          Register push config
        </button>
        <button
          type="button"
          disabled={!can('pushConfigList')}
          onClick={() => run.mutate({ kind: 'list' })}
          data-testid="push-list"
        >
          List
        </button>
        <button
          type="button"
          disabled={!can('pushConfigGet')}
          onClick={() => run.mutate({ kind: 'get' })}
          data-testid="push-get"
        >
          Get
        </button>
        <button
          type="button"
          disabled={!can('pushConfigDelete')}
          onClick={() => run.mutate({ kind: 'delete' })}
          data-testid="push-delete"
        >
          Delete
        </button>
      </div>
      {targets.data && targets.data.length > 0 && (
        <ul className="push-targets" data-testid="push-targets">
          {targets.data.map((target) => (
            <li key={target.id}>
              <code>{target.url}</code> <span className="muted">{target.mode}</span>
            </li>
          ))}
        </ul>
      )}
      <CustomPushForm
        disabled={!can('pushConfigSet')}
        onCreate={(config) => run.mutate({ kind: 'custom', config })}
      />
      {listed && (
        <PushConfigTable
          configs={listed}
          canDelete={!!can('pushConfigDelete')}
          onGet={(configId) => run.mutate({ kind: 'get', ...(configId ? { configId } : {}) })}
          onDelete={(configId) => run.mutate({ kind: 'delete', configId })}
        />
      )}
      <OutcomeNotice outcome={run.data} error={run.error} agentId={agent.id} />
    </section>
  );
}
