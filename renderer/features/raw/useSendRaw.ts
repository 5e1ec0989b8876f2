// Sends the raw draft through the host (MSG-8). The host never rejects for agent trouble — the outcome says what
// happened — so a rejection here means the request itself was refused at the host edge (a header name that is not
// an HTTP token, an unknown agent); both are kept in the draft store for the outcome line.

import { useMutation } from '@tanstack/react-query';
import { useHost } from '../../host/HostContext';
import { draftToRequest, type RawDraft } from './rawDraft';
import { useRawDraftStore } from './rawDraftStore';

export function useSendRaw() {
  const host = useHost();
  const setResult = useRawDraftStore((state) => state.setResult);
  return useMutation({
    mutationFn: ({ agentId, draft }: { agentId: string; draft: RawDraft }) =>
      host.sendRaw(draftToRequest(draft, agentId)),
    onMutate: () => setResult(null),
    onSuccess: (outcome) => setResult({ outcome }),
    onError: (error) => setResult({ failure: error.message }),
  });
}
