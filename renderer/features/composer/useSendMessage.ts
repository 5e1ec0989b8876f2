// Sends what the composer holds to the active agent: a streaming or a blocking send, continuing the task the
// composer targets. After a send, the composer targets the task the answer named while that task waits for the
// user (input-required / auth-required), so the reply goes to the same task (MSG-6).

import { useMutation } from '@tanstack/react-query';
import type { OperationOutcome } from '../../../shared/agent';
import type { PartInput } from '../../../shared/a2a/adapter';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';

export interface SendRequest {
  agentId: string;
  parts: PartInput[];
  streaming: boolean;
  taskId?: string;
  contextId?: string;
}

export function useSendMessage() {
  const host = useHost();
  const setComposerText = useAppStore((state) => state.setComposerText);
  return useMutation({
    mutationFn: async (send: SendRequest): Promise<OperationOutcome> => {
      const message = {
        parts: send.parts,
        ...(send.taskId ? { taskId: send.taskId } : {}),
        ...(send.contextId ? { contextId: send.contextId } : {}),
      };
      return host.runOperation({
        agentId: send.agentId,
        operation: send.streaming ? 'stream' : 'send',
        input: { message, blocking: true },
      });
    },
    onSuccess(outcome) {
      if (outcome.status === 'result' || outcome.status === 'stream') setComposerText('');
    },
  });
}
