// The raw request editor's state and actions (MSG-8): the draft kept in rawDraftStore (so "Edit and resend" can fill
// it from the frames view), sending it with Ctrl/Cmd+Enter or the button, editing one header, and the JSON-RPC
// template for the agent's generation. RawRequestView.tsx lays it out.

import type { KeyboardEvent } from 'react';
import type { AgentSummary } from '../../../shared/host/agent';
import type { Generation } from '../../../shared/a2a/generation';
import { protocolHeaders } from '../../../shared/a2a/binding';
import { jsonRpcTemplate, type DraftHeader, type RawDraft } from './rawDraft';
import { useRawDraftStore } from './rawDraftStore';
import { useSendRaw } from './useSendRaw';

export function useRawEditor(agent: AgentSummary) {
  const draft = useRawDraftStore((state) => state.draft);
  const notice = useRawDraftStore((state) => state.notice);
  const update = useRawDraftStore((state) => state.updateDraft);
  const send = useSendRaw();

  const setHeader = (index: number, change: Partial<DraftHeader>) =>
    update({ headers: draft.headers.map((h, i) => (i === index ? { ...h, ...change } : h)) });
  const submit = () => {
    if (send.isPending || draft.method.trim() === '') return;
    send.mutate({ agentId: agent.id, draft });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };
  const insertTemplate = () => update(templateDraft(draft, agent.chosen?.generation ?? agent.generation));

  return { draft, notice, update, send, setHeader, submit, onKeyDown, insertTemplate };
}

/** A JSON-RPC POST of the generation, with the headers it needs added to those already typed. */
function templateDraft(draft: RawDraft, generation: Generation): Partial<RawDraft> {
  const headers = [...draft.headers];
  const has = (name: string) => headers.some((h) => h.name.toLowerCase() === name.toLowerCase());
  if (!has('content-type')) headers.push({ name: 'Content-Type', value: 'application/json' });
  // A 1.0 server without this header assumes 0.3 (docs/protocol.md#versions-headers-and-content-types).
  for (const [name, value] of protocolHeaders(generation, undefined)) {
    if (!has(name)) headers.push({ name, value });
  }
  return { method: 'POST', headers, body: jsonRpcTemplate(generation) };
}
