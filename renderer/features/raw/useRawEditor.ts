// The raw request editor's state and actions (MSG-8): the draft kept in rawDraftStore (so "Edit and resend" and the
// address bar can fill it), sending it with Ctrl/Cmd+Enter or the button, editing one header, and the JSON-RPC
// template for the agent's generation. Whose credentials go with it: the draft's auth choice, or by default the
// active agent's when one is open. RawRequestView.tsx lays it out.

import type { KeyboardEvent } from 'react';
import type { AgentSummary } from '../../../shared/host/agent';
import type { Generation } from '../../../shared/a2a/generation';
import { protocolHeaders } from '../../../shared/a2a/binding';
import { jsonRpcTemplate, type DraftAuth, type DraftHeader, type RawDraft } from './rawDraft';
import { useRawDraftStore } from './rawDraftStore';
import { useSendRaw } from './useSendRaw';

/** The auth in force: the draft's choice, or the active agent's credentials when it made none. */
export function chosenAuth(draft: RawDraft, agent: AgentSummary | undefined): DraftAuth {
  return draft.auth ?? (agent ? { kind: 'agent', agentId: agent.id } : { kind: 'none' });
}

export function useRawEditor(agent: AgentSummary | undefined) {
  const draft = useRawDraftStore((state) => state.draft);
  const notice = useRawDraftStore((state) => state.notice);
  const update = useRawDraftStore((state) => state.updateDraft);
  const send = useSendRaw();
  const auth = chosenAuth(draft, agent);

  const setHeader = (index: number, change: Partial<DraftHeader>) =>
    update({ headers: draft.headers.map((h, i) => (i === index ? { ...h, ...change } : h)) });
  const submit = () => {
    if (send.isPending || draft.method.trim() === '') return;
    send.mutate({ agentId: auth.kind === 'agent' ? auth.agentId : null, draft });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };
  const insertTemplate = agent
    ? () => update(templateDraft(draft, agent.chosen?.generation ?? agent.generation))
    : undefined;

  return { draft, notice, auth, update, send, setHeader, submit, onKeyDown, insertTemplate };
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
