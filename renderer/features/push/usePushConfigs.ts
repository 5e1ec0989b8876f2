// The push section's host state (PUSH-2, PUSH-5): the webhook receiver's status, the push targets this window made
// for the agent, the configs the agent last listed for the task, the mutation the push buttons run (pushActions.ts),
// and moving the receiver between 127.0.0.1 and every interface. Reaching beyond this machine is a choice the user
// makes knowingly, so it asks first.

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentSummary, OperationOutcome } from '../../../shared/host/agent';
import type { PushConfig } from '../../../shared/a2a/model';
import type { PushAuthMode } from '../../../shared/host/push';
import { useHost } from '../../host/HostContext';
import { runPushAction, type PushAction } from './pushActions';

export function usePushConfigs(agent: AgentSummary, chosenTask: string, mode: PushAuthMode) {
  const host = useHost();
  const queries = useQueryClient();
  const status = useQuery({ queryKey: ['webhookStatus'], queryFn: () => host.webhookStatus() });
  const targets = useQuery({
    queryKey: ['pushTargets', agent.id],
    queryFn: () => host.listPushTargets({ agentId: agent.id }),
  });
  // The configs the agent listed for the task, whoever made them, so each can be got or deleted by its id.
  const [listed, setListed] = useState<PushConfig[] | undefined>();
  const run = useMutation({
    onSuccess: (outcome: OperationOutcome, action: PushAction) => {
      if (action.kind === 'list' && outcome.result?.type === 'push-configs')
        setListed(outcome.result.configs);
      if (action.kind === 'delete' && outcome.status === 'result')
        setListed((old) => old?.filter((config) => config.id !== action.configId));
    },
    mutationFn: (action: PushAction): Promise<OperationOutcome> =>
      runPushAction(
        {
          host,
          queries,
          agentId: agent.id,
          mode,
          taskId: chosenTask,
          mine: targets.data?.filter((t) => t.agentId === agent.id) ?? [],
        },
        action,
      ),
  });
  const toggleListener = () => {
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
  };
  return { status, targets, run, toggleListener, listed };
}
