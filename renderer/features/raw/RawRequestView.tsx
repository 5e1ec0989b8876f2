// The request editor (MSG-8): any method, URL, query, headers and body, valid or not, recorded as frames like every
// other exchange. With an open agent's credentials it is sent through that agent (a path relative to its interface
// works); with none, or credentials typed here, it is a plain exchange to any absolute URL, so no agent is needed.
// Import cURL, Copy as … and the history sit above it. The draft and the actions are in useRawEditor.ts.

import { useState } from 'react';
import type { AgentSummary } from '../../../shared/host/agent';
import { agentName } from '../../../shared/agentName';
import { useAppStore } from '../../store/appStore';
import { useActiveAgent } from '../agents';
import { AuthPicker } from './AuthPicker';
import { BodySection } from './BodySection';
import { CopyAsPanel } from './CopyAsPanel';
import { HistoryPanel } from './HistoryPanel';
import { ImportCurlDialog } from './ImportCurlDialog';
import { QueryParams } from './QueryParams';
import { RawHeaders } from './RawHeaders';
import { RawOutcome } from './RawOutcome';
import type { DraftAuth } from './rawDraft';
import { useRawDraftStore } from './rawDraftStore';
import { useRawEditor } from './useRawEditor';
import { VisibleName } from '../render';
import './raw.css';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

export function RawRequestView() {
  const agent = useActiveAgent();
  const { draft, notice, auth, update, send, setHeader, submit, onKeyDown, insertTemplate } =
    useRawEditor(agent);
  const loadDraft = useRawDraftStore((state) => state.loadDraft);
  const [showHistory, setShowHistory] = useState(false);
  const agents = useAppStore((state) => state.agents);
  const through = auth.kind === 'agent' ? agents.find((open) => open.id === auth.agentId) : undefined;

  return (
    <form
      className="raw-view"
      data-testid="raw-view"
      aria-label="Raw request"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      onKeyDown={onKeyDown}
    >
      <div className="raw-toolbar">
        <ImportCurlDialog onImport={({ draft: imported, notice: said }) => loadDraft(imported, said)} />
        <CopyAsPanel draft={draft} />
        <button
          type="button"
          aria-pressed={showHistory}
          onClick={() => setShowHistory(!showHistory)}
          data-testid="raw-history-toggle"
        >
          History
        </button>
      </div>
      {showHistory && <HistoryPanel onOpen={(entry) => loadDraft(entry, 'Opened from the history.')} />}
      <Target auth={auth} agent={through} />
      <div className="raw-line">
        <input
          className="raw-method"
          list="raw-methods"
          aria-label="Method"
          value={draft.method}
          onChange={(event) => update({ method: event.target.value })}
          data-testid="raw-method"
        />
        <datalist id="raw-methods">
          {METHODS.map((method) => (
            <option key={method} value={method} />
          ))}
        </datalist>
        <input
          className="raw-url"
          aria-label="URL: absolute, or with an agent's credentials empty or a path relative to its interface"
          placeholder={through?.chosen?.url ?? 'https://…'}
          value={draft.url}
          onChange={(event) => update({ url: event.target.value })}
          data-testid="raw-url"
        />
        <button type="submit" disabled={send.isPending} data-testid="raw-send">
          {send.isPending ? 'Sending…' : 'Send'}
        </button>
      </div>
      <QueryParams url={draft.url} onUrl={(url) => update({ url })} />
      <AuthPicker auth={auth} onChange={(next: DraftAuth) => update({ auth: next })} />
      <RawHeaders headers={draft.headers} setHeader={setHeader} update={update} />
      <BodySection draft={draft} update={update} insertTemplate={insertTemplate} />
      {notice && (
        <p className="muted" data-testid="raw-notice">
          {notice}
        </p>
      )}
      <RawOutcome agentId={auth.kind === 'agent' ? auth.agentId : null} />
    </form>
  );
}

/** One line saying where the request goes and with whose credentials. */
function Target({ auth, agent }: { auth: DraftAuth; agent: AgentSummary | undefined }) {
  if (auth.kind !== 'agent') {
    return (
      <p className="muted" data-testid="raw-target">
        To any absolute URL, {auth.kind === 'none' ? 'with no credentials' : 'with the credentials below'}.
        Ctrl+Enter sends.
      </p>
    );
  }
  if (!agent) {
    return (
      <p className="muted" data-testid="raw-target">
        Through an open agent, with its credentials. Ctrl+Enter sends.
      </p>
    );
  }
  const interfaceUrl = agent.chosen?.url;
  return (
    <p className="muted" data-testid="raw-target">
      To{' '}
      <strong>
        <VisibleName text={agentName(agent)} />
      </strong>
      {interfaceUrl ? (
        <>
          {' '}
          at <code>{interfaceUrl}</code> ({agent.chosen?.bindingWire}, A2A {agent.chosen?.generation})
        </>
      ) : (
        <> — {agent.problem ?? 'no usable interface'}</>
      )}
      , with its credentials. Ctrl+Enter sends.
    </p>
  );
}
