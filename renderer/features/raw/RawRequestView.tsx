// The raw request editor (MSG-8): any method, any path of the agent, any headers and any body — valid or not — sent
// by the host with the agent's credentials and recorded as frames like every other exchange. The answer is shown
// as the host read it: the agent's error with its code named, or why nothing usable came back. The draft and the
// actions are in useRawEditor.ts.

import type { AgentSummary } from '../../../shared/host/agent';
import { useAppStore } from '../../store/appStore';
import { agentName } from '../../../shared/agentName';
import { useActiveAgent, useTrustOrigin } from '../agents';
import { RawHeaders } from './RawHeaders';
import { useRawDraftStore } from './rawDraftStore';
import { useRawEditor } from './useRawEditor';
import { VisibleName } from '../render';
import './raw.css';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

export function RawRequestView() {
  const agent = useActiveAgent();
  if (!agent) {
    return (
      <div className="empty-state" data-testid="raw-no-agent">
        <p>Open an agent first: raw requests go to its interface, with its credentials.</p>
      </div>
    );
  }
  return <RawEditor agent={agent} />;
}

function RawEditor({ agent }: { agent: AgentSummary }) {
  const { draft, notice, update, send, setHeader, submit, onKeyDown, insertTemplate } = useRawEditor(agent);
  const interfaceUrl = agent.chosen?.url;

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
      <p className="muted">
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
          aria-label="URL: empty for the interface URL, or a path relative to it"
          placeholder={interfaceUrl ?? 'absolute URL'}
          value={draft.url}
          onChange={(event) => update({ url: event.target.value })}
          data-testid="raw-url"
        />
        <button type="submit" disabled={send.isPending} data-testid="raw-send">
          {send.isPending ? 'Sending…' : 'Send'}
        </button>
      </div>
      <RawHeaders headers={draft.headers} setHeader={setHeader} update={update} />
      <div className="raw-body-head">
        <label htmlFor="raw-body">Body</label>
        <button type="button" onClick={insertTemplate} data-testid="raw-template">
          JSON-RPC template
        </button>
      </div>
      <textarea
        id="raw-body"
        className="raw-body"
        spellCheck={false}
        value={draft.body}
        onChange={(event) => update({ body: event.target.value })}
        rows={12}
        data-testid="raw-body"
      />
      {notice && (
        <p className="muted" data-testid="raw-notice">
          {notice}
        </p>
      )}
      <RawOutcome agentId={agent.id} />
    </form>
  );
}

function RawOutcome({ agentId }: { agentId: string }) {
  const result = useRawDraftStore((state) => state.result);
  const selectFrame = useAppStore((state) => state.selectFrame);
  const trust = useTrustOrigin();
  if (!result) return null;
  if ('failure' in result) {
    return (
      <p className="raw-outcome error" role="alert" data-testid="raw-outcome" data-status="rejected">
        {result.failure}
      </p>
    );
  }
  const { outcome } = result;
  const bad = outcome.status !== 'result' && outcome.status !== 'stream';
  const a2aError = outcome.error;
  return (
    <div
      className={`raw-outcome${bad ? ' error' : ''}`}
      role="status"
      data-testid="raw-outcome"
      data-status={outcome.status}
    >
      <p data-testid="raw-outcome-message">{outcome.message}</p>
      {a2aError && (
        <p data-testid="raw-outcome-error">
          Code <code>{a2aError.code ?? a2aError.httpStatus ?? '—'}</code>
          {a2aError.name && (
            <>
              {' '}
              <strong>{a2aError.name}</strong>
            </>
          )}
          {a2aError.reasons && a2aError.reasons.length > 0 && <> · {a2aError.reasons.join(', ')}</>}
        </p>
      )}
      <div className="raw-outcome-actions">
        {outcome.exchangeId && (
          <button
            type="button"
            onClick={() => selectFrame(outcome.exchangeId ?? null)}
            data-testid="raw-show-frame"
          >
            Show the exchange
          </button>
        )}
        {outcome.confirm && (
          <button
            type="button"
            onClick={() => trust.mutate({ agentId, origin: outcome.confirm!.origin })}
            data-testid="raw-trust-origin"
          >
            Allow credentials to {outcome.confirm.origin}
          </button>
        )}
      </div>
    </div>
  );
}
