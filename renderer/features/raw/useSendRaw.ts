// Sends the editor's draft (MSG-8): with an open agent's credentials through the host's sendRaw, otherwise as a plain
// exchange through fetchRaw (ad hoc credentials added, secret headers marked), its frame added to the window like
// every other. The host never rejects for agent or network trouble, so a rejection here means the request itself
// was refused (a header name that is not an HTTP token, a relative URL without an agent). Every send goes into the
// history, secrets removed.

import { useMutation } from '@tanstack/react-query';
import type { HttpFrame } from '../../../shared/wire/frame';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';
import { draftToFetch } from './editorRequest';
import { draftToRequest, type RawDraft } from './rawDraft';
import { useRawDraftStore, type RawResult } from './rawDraftStore';
import { useRequestHistory } from './requestHistoryStore';

/** A plain exchange's result in a few words: the status line, or the labelled error. */
export function fetchedSummary(frame: HttpFrame): RawResult {
  const failed = frame.error !== undefined || frame.response === undefined;
  const summary = frame.response
    ? `${frame.response.status} ${frame.response.statusText}`.trim()
    : (frame.error?.message ?? 'No answer was recorded.');
  return { fetched: { frameId: frame.id, summary, failed } };
}

export function useSendRaw() {
  const host = useHost();
  const setResult = useRawDraftStore((state) => state.setResult);
  const addFrames = useAppStore((state) => state.addFrames);
  const record = useRequestHistory((state) => state.record);
  return useMutation({
    mutationFn: async ({
      agentId,
      draft,
    }: {
      agentId: string | null;
      draft: RawDraft;
    }): Promise<RawResult> => {
      if (agentId !== null) return { outcome: await host.sendRaw(draftToRequest(draft, agentId)) };
      const frame = await host.fetchRaw(draftToFetch(draft));
      addFrames([frame]);
      return fetchedSummary(frame);
    },
    onMutate: () => setResult(null),
    onSuccess: (result, { draft }) => {
      setResult(result);
      const at = Date.now();
      const id = `${at}-${Math.random().toString(36).slice(2, 8)}`;
      if ('outcome' in result) {
        const frameId = result.outcome.exchangeId;
        record({ id, at, draft, outcome: result.outcome.message, ...(frameId ? { frameId } : {}) });
      } else if ('fetched' in result) {
        record({ id, at, draft, outcome: result.fetched.summary, frameId: result.fetched.frameId });
      }
    },
    onError: (error) => setResult({ failure: error.message }),
  });
}
