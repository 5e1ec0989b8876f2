// "Proxy an agent…" (PRX-1): the upstream (the open agent's card URL to start with), an optional port, whether to
// inject trace context (PRX-2, off) and route push configs through Switchboard (on), and a saved session to serve
// instead of the live agent (PRX-5). Bad input is said beside its field before anything is asked of the host; the
// host's refusal (a proxy already running, no engine in this build) is shown as it says it.

import { useEffect, useRef, useState } from 'react';
import { useAppStore } from '../../store/appStore';
import { CopyButton } from '../sessions';
import { checkDraft, newDraft, type DraftField, type ProxyDraft } from './proxyDraft';
import { useProxiesUi } from './proxiesUiStore';
import { useSavedSessions, useStartProxy } from './useProxies';

export function ProxyAgentDialog() {
  const open = useProxiesUi((state) => state.dialogOpen);
  const close = useProxiesUi((state) => state.closeProxyDialog);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
    if (!open && dialog.current?.open) dialog.current.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="dialog proxy-dialog"
      aria-label="Proxy an agent"
      onClose={close}
      data-testid="proxy-dialog"
    >
      {open && <ProxyForm onDone={close} />}
    </dialog>
  );
}

function ProxyForm({ onDone }: { onDone: () => void }) {
  const cardUrl = useAppStore((state) => state.agents.find((a) => a.id === state.activeAgentId)?.cardUrl);
  const [draft, setDraft] = useState<ProxyDraft>(() => newDraft(cardUrl));
  const [problem, setProblem] = useState<{ field: DraftField; error: string } | null>(null);
  const start = useStartProxy();
  const started = start.data;
  const edit = (change: Partial<ProxyDraft>) => {
    setDraft({ ...draft, ...change });
    setProblem(null);
  };
  const submit = () => {
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setProblem({ field: checked.field, error: checked.error });
      return;
    }
    start.mutate(checked.options);
  };
  return (
    <form
      method="dialog"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2>Proxy an agent</h2>
      <p className="muted">
        A recording proxy on 127.0.0.1 that serves the agent’s card pointing at itself and forwards every
        request and answer unchanged, so what another client exchanges with the agent is recorded here.
      </p>
      <label className="field">
        Upstream card or base URL
        <input
          type="text"
          value={draft.upstream}
          onChange={(event) => edit({ upstream: event.target.value })}
          placeholder="http://127.0.0.1:9999/"
          aria-invalid={problem?.field === 'upstream'}
          data-testid="proxy-upstream"
        />
      </label>
      <FieldError problem={problem} field="upstream" />
      <label className="field">
        Port (empty for a free one)
        <input
          type="text"
          inputMode="numeric"
          value={draft.port}
          onChange={(event) => edit({ port: event.target.value })}
          aria-invalid={problem?.field === 'port'}
          data-testid="proxy-port"
        />
      </label>
      <FieldError problem={problem} field="port" />
      <Switch
        label="Inject trace context when the caller sends none"
        checked={draft.injectTrace}
        onChange={(injectTrace) => edit({ injectTrace })}
        testId="proxy-inject-trace"
      />
      <Switch
        label="Route push notifications through Switchboard"
        checked={draft.routePush}
        onChange={(routePush) => edit({ routePush })}
        testId="proxy-route-push"
      />
      <Switch
        label="Serve a saved session instead"
        checked={draft.replace}
        onChange={(replace) => edit({ replace })}
        testId="proxy-replace"
      />
      {draft.replace && (
        <SessionChoice value={draft.replaceWith} onChange={(replaceWith) => edit({ replaceWith })} />
      )}
      <FieldError problem={problem} field="replaceWith" />
      {start.error && (
        <p className="error-text" role="alert" data-testid="proxy-start-error">
          The proxy did not start: {start.error.message}
        </p>
      )}
      {started && (
        <div className="mock-started" data-testid="proxy-started">
          <p>Give clients this card URL:</p>
          <p>
            <code className="url" data-testid="proxy-started-card-url">
              {started.cardUrl}
            </code>{' '}
            <CopyButton text={started.cardUrl} testId="proxy-started-copy" />
          </p>
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onDone} data-testid="proxy-close">
          Close
        </button>
        <button type="submit" className="primary" disabled={start.isPending} data-testid="proxy-start">
          {start.isPending ? 'Starting…' : 'Start proxy'}
        </button>
      </div>
    </form>
  );
}

function FieldError({
  problem,
  field,
}: {
  problem: { field: DraftField; error: string } | null;
  field: DraftField;
}) {
  if (problem?.field !== field) return null;
  return (
    <p className="error-text" role="alert" data-testid={`proxy-error-${field}`}>
      {problem.error}
    </p>
  );
}

function Switch(props: { label: string; checked: boolean; onChange(on: boolean): void; testId: string }) {
  return (
    <label className="choice">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        data-testid={props.testId}
      />{' '}
      {props.label}
    </label>
  );
}

/** The sessions the host knows, by title; the proxy serves the chosen one's file through the mock agent. */
function SessionChoice({ value, onChange }: { value: string; onChange(path: string): void }) {
  const sessions = useSavedSessions(true);
  if (sessions.isError) {
    return (
      <p className="error-text" data-testid="proxy-sessions-error">
        The saved sessions could not be listed: {sessions.error.message}
      </p>
    );
  }
  const list = sessions.data ?? [];
  return (
    <label className="field">
      Saved session
      <select value={value} onChange={(event) => onChange(event.target.value)} data-testid="proxy-session">
        <option value="">
          {sessions.isPending ? 'Listing…' : list.length > 0 ? 'Choose a session…' : 'No saved sessions yet'}
        </option>
        {list.map((session) => (
          <option key={`${session.kind}:${session.path}`} value={session.path} title={session.path}>
            {session.title}
          </option>
        ))}
      </select>
    </label>
  );
}
