// Configuring agents and running operations on them, through the host. Each action is a mutation so its
// pending state and error show where it was started; outcomes never throw for agent trouble (the host says why).

import { useMutation } from '@tanstack/react-query';
import type { AgentSettingsChange, OperationRequest } from '../../../shared/host/agent';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';

export function useConfigureAgent() {
  const host = useHost();
  const upsertAgent = useAppStore((state) => state.upsertAgent);
  return useMutation({
    mutationFn: (request: { agentId: string; settings: AgentSettingsChange }) => host.configureAgent(request),
    onSuccess: upsertAgent,
  });
}

export function useTrustOrigin() {
  const host = useHost();
  const upsertAgent = useAppStore((state) => state.upsertAgent);
  return useMutation({
    mutationFn: (request: { agentId: string; origin: string }) => host.trustOrigin(request),
    onSuccess: upsertAgent,
  });
}

export function useForgetAgent() {
  const host = useHost();
  const removeAgent = useAppStore((state) => state.removeAgent);
  return useMutation({
    mutationFn: async (agentId: string) => {
      await host.forgetAgent({ agentId });
      return agentId;
    },
    onSuccess: removeAgent,
  });
}

export function useRunOperation() {
  const host = useHost();
  return useMutation({ mutationFn: (request: OperationRequest) => host.runOperation(request) });
}

export function useCloseStream() {
  const host = useHost();
  return useMutation({ mutationFn: (exchangeId: string) => host.closeStream({ exchangeId }) });
}

export function useActiveAgent() {
  return useAppStore((state) => state.agents.find((a) => a.id === state.activeAgentId));
}
