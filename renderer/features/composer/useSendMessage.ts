// Sends the composer's message to the active agent: the full `SendInput` built by draft.ts, as a streaming or a
// non-streaming send. After an answer the message's parts are cleared (extras and options stay, for the next turn),
// the composer goes back to following the task that waits for the user (MSG-7), and the exchange is remembered so
// the composer can show the request that went out.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendInput } from '../../../shared/a2a/adapter';
import type { OperationOutcome } from '../../../shared/host/agent';
import type { PushAuthMode } from '../../../shared/host/push';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';

export interface SendRequest {
  agentId: string;
  streaming: boolean;
  input: SendInput;
  /** Registers a push config on the host's receiver with the send itself (MSG-5, PUSH-2). */
  push?: PushAuthMode;
  /** The user chose to send past the hold on an interface whose route seemed missing (CARD-3). */
  despiteMissingRoute?: boolean;
}

export function useSendMessage() {
  const host = useHost();
  const clearParts = useAppStore((state) => state.clearParts);
  const setTarget = useAppStore((state) => state.setTarget);
  const setLastExchange = useAppStore((state) => state.setLastExchange);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (send: SendRequest): Promise<OperationOutcome> => {
      let input = send.input;
      if (send.push) {
        const target = await host.createPushTarget({ agentId: send.agentId, mode: send.push });
        input = {
          ...input,
          pushNotification: {
            id: target.id,
            url: target.url,
            token: target.token,
            ...(target.bearer ? { authSchemes: ['Bearer'], credentials: target.bearer } : {}),
          },
        };
      }
      return host.runOperation({
        agentId: send.agentId,
        operation: send.streaming ? 'stream' : 'send',
        input,
        ...(send.despiteMissingRoute ? { despiteMissingRoute: true } : {}),
      });
    },
    onSuccess(outcome, send) {
      if (outcome.exchangeId) setLastExchange({ agentId: send.agentId, exchangeId: outcome.exchangeId });
      // The host keeps route holds in the library file (CARD-3): the saved list shows the one just set or lifted.
      if (outcome.routeMissing || send.despiteMissingRoute)
        void queryClient.invalidateQueries({ queryKey: ['library'] });
      if (outcome.status === 'result' || outcome.status === 'stream') {
        clearParts();
        setTarget({ kind: 'auto' });
      }
    },
  });
}
