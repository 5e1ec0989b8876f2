// What each push button does (PUSH-2): register a push config that points at a fresh target of the host's webhook
// receiver, create one that points at a URL of the user's own, list the task's configs (whoever made them), and get or
// delete any one of them by id. Plain steps over the host API and the query cache, so the hook that runs them stays
// thin (docs/architecture.md#house-style, "Pure decisions, thin wiring").

import type { QueryClient } from '@tanstack/react-query';
import type { PushConfigInput } from '../../../shared/a2a/adapter';
import type { OperationOutcome } from '../../../shared/host/agent';
import type { HostConnection } from '../../../shared/host/hostApi';
import type { PushAuthMode, PushTargetInfo } from '../../../shared/host/push';

export type PushAction =
  | { kind: 'register' }
  | { kind: 'custom'; config: PushConfigInput }
  | { kind: 'list' }
  /** Without an id: the newest config this window registered, or the task's only config (0.1). */
  | { kind: 'get'; configId?: string }
  | { kind: 'delete'; configId?: string };

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
  const { host, agentId, taskId } = context;
  switch (action.kind) {
    case 'register':
      return registerPush(context);
    case 'custom':
      return host.runOperation({
        agentId,
        operation: 'pushConfigSet',
        input: { taskId, config: action.config },
      });
    case 'list':
      return host.runOperation({ agentId, operation: 'pushConfigList', input: { taskId } });
    case 'get': {
      const configId = action.configId ?? context.mine.at(-1)?.id;
      return host.runOperation({
        agentId,
        operation: 'pushConfigGet',
        input: { taskId, ...(configId ? { configId } : {}) },
      });
    }
    case 'delete':
      return deletePush(context, action.configId);
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

/**
 * Deletes a config at the agent: the one named, or the newest this window registered. When it pointed at one of
 * this window's receiver targets, the target goes too, so its secrets stop being accepted.
 */
async function deletePush(context: PushContext, configId?: string): Promise<OperationOutcome> {
  const { host, queries, agentId, taskId, mine } = context;
  const id = configId ?? mine.at(-1)?.id;
  if (!id) throw new Error('Say which push config to delete: list the task’s configs first.');
  const outcome = await host.runOperation({
    agentId,
    operation: 'pushConfigDelete',
    input: { taskId, configId: id },
  });
  const target = mine.find((t) => t.id === id);
  if (target && outcome.status === 'result') {
    await host.deletePushTarget({ id: target.id });
    await queries.invalidateQueries({ queryKey: ['pushTargets', agentId] });
  }
  return outcome;
}
