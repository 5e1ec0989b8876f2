// What each push button does (PUSH-2): register a push config that points at a fresh target of the host's webhook
// receiver, or list, get and delete the agent's configs. Plain steps over the host API and the query cache, so the
// hook that runs them stays thin (docs/architecture.md#house-style, "Pure decisions, thin wiring").

import type { QueryClient } from '@tanstack/react-query';
import type { OperationOutcome } from '../../../shared/host/agent';
import type { HostConnection } from '../../../shared/host/hostApi';
import type { PushAuthMode, PushTargetInfo } from '../../../shared/host/push';

export type PushAction = 'register' | 'list' | 'get' | 'delete';

export interface PushContext {
  host: HostConnection;
  queries: QueryClient;
  agentId: string;
  mode: PushAuthMode;
  taskId: string;
  /** The push targets this window made for the agent, oldest first. */
  mine: PushTargetInfo[];
}

export async function runPushAction(context: PushContext, action: PushAction): Promise<OperationOutcome> {
  switch (action) {
    case 'register':
      return registerPush(context);
    case 'list':
      return context.host.runOperation({
        agentId: context.agentId,
        operation: 'pushConfigList',
        input: { taskId: context.taskId },
      });
    case 'get':
      return context.host.runOperation({
        agentId: context.agentId,
        operation: 'pushConfigGet',
        input: {
          taskId: context.taskId,
          ...(context.mine.at(-1) ? { configId: context.mine.at(-1)!.id } : {}),
        },
      });
    case 'delete':
      return deletePush(context);
  }
}

/** A fresh target on the receiver (with its own secrets), then the config that points the agent at it. */
async function registerPush({
  host,
  queries,
  agentId,
  mode,
  taskId,
}: PushContext): Promise<OperationOutcome> {
  const target = await host.createPushTarget({ agentId, mode });
  await queries.invalidateQueries({ queryKey: ['pushTargets', agentId] });
  await queries.invalidateQueries({ queryKey: ['webhookStatus'] });
  return host.runOperation({
    agentId,
    operation: 'pushConfigSet',
    input: {
      taskId,
      config: {
        id: target.id,
        url: target.url,
        token: target.token,
        ...(target.bearer ? { authSchemes: ['Bearer'], credentials: target.bearer } : {}),
      },
    },
  });
}

/** Deletes the newest config this window registered, at the agent and then on the receiver. */
async function deletePush({ host, queries, agentId, taskId, mine }: PushContext): Promise<OperationOutcome> {
  const last = mine.at(-1);
  if (!last) throw new Error('No push config of this window to delete.');
  const outcome = await host.runOperation({
    agentId,
    operation: 'pushConfigDelete',
    input: { taskId, configId: last.id },
  });
  await host.deletePushTarget({ id: last.id });
  await queries.invalidateQueries({ queryKey: ['pushTargets', agentId] });
  return outcome;
}
