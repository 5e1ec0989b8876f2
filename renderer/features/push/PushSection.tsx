// Push notifications for a task (PUSH-2, PUSH-5): register a push config that points at the host's webhook
// receiver with fresh secrets, list, get and delete the agent's configs, and see the URL the agent must reach.
// Deliveries then show up in the task's timeline, refused ones with their reason.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AgentSummary, OperationOutcome } from '../../../shared/host/agent';
import type { PushAuthMode } from '../../../shared/host/push';
import { useHost } from '../../host/HostContext';
import { OutcomeNotice } from '../composer';
import { findAdapter } from '../../../shared/a2a/adapters';
import type { Operation } from '../../../shared/a2a/adapter';

export function PushSection({ agent, taskIds }: { agent: AgentSummary; taskIds: string[] }) {
  const host = useHost();
  const queries = useQueryClient();
  const [taskId, setTaskId] = useState('');
  const [mode, setMode] = useState<PushAuthMode>('token');
  const chosenTask = taskId || taskIds.at(-1) || '';
  const status = useQuery({ queryKey: ['webhookStatus'], queryFn: () => host.webhookStatus() });
  const targets = useQuery({
    queryKey: ['pushTargets', agent.id],
    queryFn: () => host.listPushTargets({ agentId: agent.id }),
  });
  const run = useMutation({
    mutationFn: async (action: 'register' | 'list' | 'get' | 'delete'): Promise<OperationOutcome> => {
      const mine = targets.data?.filter((t) => t.agentId === agent.id) ?? [];
      switch (action) {
        case 'register': {
          const target = await host.createPushTarget({ agentId: agent.id, mode });
          await queries.invalidateQueries({ queryKey: ['pushTargets', agent.id] });
          await queries.invalidateQueries({ queryKey: ['webhookStatus'] });
          return host.runOperation({
            agentId: agent.id,
            operation: 'pushConfigSet',
            input: {
              taskId: chosenTask,
              config: {
                id: target.id,
                url: target.url,
                token: target.token,
                ...(target.bearer ? { authSchemes: ['Bearer'], credentials: target.bearer } : {}),
              },
            },
          });
        }
        case 'list':
          return host.runOperation({
            agentId: agent.id,
            operation: 'pushConfigList',
            input: { taskId: chosenTask },
          });
        case 'get':
          return host.runOperation({
            agentId: agent.id,
            operation: 'pushConfigGet',
            input: { taskId: chosenTask, ...(mine.at(-1) ? { configId: mine.at(-1)!.id } : {}) },
          });
        case 'delete': {
          const last = mine.at(-1);
          if (!last) throw new Error('No push config of this window to delete.');
          const outcome = await host.runOperation({
            agentId: agent.id,
            operation: 'pushConfigDelete',
            input: { taskId: chosenTask, configId: last.id },
          });
          await host.deletePushTarget({ id: last.id });
          await queries.invalidateQueries({ queryKey: ['pushTargets', agent.id] });
          return outcome;
        }
      }
    },
  });
  const can = (operation: Operation) => agent.chosen && chosenTask !== '' && supports(agent, operation);

  return (
    <section className="push-section" aria-label="Push notifications" data-testid="push-section">
      <h3>Push notifications</h3>
      <p className="muted" data-testid="webhook-status">
        {status.data?.listening
          ? `The agent must reach ${status.data.baseUrl}/hooks/… (listening on ${status.data.host}).`
          : 'The webhook receiver starts when you register a push config.'}{' '}
        Agents that refuse private URLs need a tunnel to this address.
      </p>
      {status.data?.warning && (
        <p className="error-text" data-testid="webhook-warning">
          {status.data.warning}
        </p>
      )}
      {status.data?.listening && (
        <button
          type="button"
          data-testid="webhook-interface"
          onClick={() => {
            const everywhere = status.data?.host === '127.0.0.1';
            // Reaching beyond this machine is a choice the user makes knowingly (PUSH-5).
            if (
              everywhere &&
              !window.confirm(
                'Listen on every network interface? Anything that can reach this machine could then post to the receiver; deliveries are still checked against their secrets.',
              )
            )
              return;
            void host
              .setWebhookListener({ host: everywhere ? '0.0.0.0' : '127.0.0.1' })
              .then(() => queries.invalidateQueries({ queryKey: ['webhookStatus'] }))
              .then(() => queries.invalidateQueries({ queryKey: ['pushTargets', agent.id] }));
          }}
        >
          {status.data.host === '127.0.0.1' ? 'Listen on all interfaces…' : 'Listen on 127.0.0.1 only'}
        </button>
      )}
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
