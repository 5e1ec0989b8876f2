// Push notifications for a task (PUSH-2, PUSH-5): register a push config that points at the host's webhook
// receiver with fresh secrets, list, get and delete the agent's configs, and see the URL the agent must reach.
// Deliveries then show up in the task's timeline, refused ones with their reason. The host state and the actions
// are in usePushConfigs.ts and pushActions.ts.

import { useState } from 'react';
import type { AgentSummary } from '../../../shared/host/agent';
import type { PushAuthMode } from '../../../shared/host/push';
import { OutcomeNotice } from '../composer';
import { findAdapter } from '../../../shared/a2a/adapters';
import type { Operation } from '../../../shared/a2a/adapter';
import { usePushConfigs } from './usePushConfigs';
import { WebhookStatus } from './WebhookStatus';

export function PushSection({ agent, taskIds }: { agent: AgentSummary; taskIds: string[] }) {
  const [taskId, setTaskId] = useState('');
  const [mode, setMode] = useState<PushAuthMode>('token');
  const chosenTask = taskId || taskIds.at(-1) || '';
  const { status, targets, run, toggleListener } = usePushConfigs(agent, chosenTask, mode);
  const can = (operation: Operation) => agent.chosen && chosenTask !== '' && supports(agent, operation);

  return (
    <section className="push-section" aria-label="Push notifications" data-testid="push-section">
      <h3>Push notifications</h3>
      <WebhookStatus status={status.data} onToggle={toggleListener} />
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
          onClick={() => run.mutate('register')}
          data-testid="push-register"
        >
          Register push config
        </button>
        <button
          type="button"
          disabled={!can('pushConfigList')}
          onClick={() => run.mutate('list')}
          data-testid="push-list"
        >
          List
        </button>
        <button
          type="button"
          disabled={!can('pushConfigGet')}
          onClick={() => run.mutate('get')}
          data-testid="push-get"
        >
          Get
        </button>
        <button
          type="button"
          disabled={!can('pushConfigDelete')}
          onClick={() => run.mutate('delete')}
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
      <OutcomeNotice outcome={run.data} error={run.error} agentId={agent.id} />
    </section>
  );
}

/** Push methods per generation (docs/protocol.md#what-to-send-to-whom): 0.1 has only set and get. */
function supports(agent: AgentSummary, operation: Operation): boolean {
  const chosen = agent.chosen;
  const adapter = chosen?.binding ? findAdapter(chosen.generation, chosen.binding) : undefined;
  return adapter ? adapter.supports.has(operation) : true;
}
