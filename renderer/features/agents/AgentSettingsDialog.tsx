// Per-agent settings (UX-1, AUTH-1, AUTH-2, WIRE-6): interface override, credentials (offered from the card's
// security schemes), custom headers, extensions, timeouts. Secrets come back from the host as a placeholder and
// are sent back as such, so they are never shown and never lost. Limits (SEC-4) are set in MiB. The form's state is
// in useAgentSettingsForm.ts; each group of fields is its own component.

import type { AgentSummary } from '../../../shared/host/agent';
import { bindings, generations, type Binding, type Generation } from '../../../shared/a2a/generation';
import { CardExtensionChoices } from './CardExtensionChoices';
import { ConnectionFieldset } from './ConnectionFieldset';
import { CredentialsFieldset } from './CredentialsFieldset';
import { HeadersFieldset } from './HeadersFieldset';
import { LimitsFieldset } from './LimitsFieldset';
import { TimeoutsFieldset } from './TimeoutsFieldset';
import { useAgentSettingsForm } from './useAgentSettingsForm';

export function AgentSettingsDialog({ agent }: { agent: AgentSummary }) {
  const form = useAgentSettingsForm(agent);
  const { dialog, configure } = form;

  return (
    <>
      <button
        type="button"
        className="icon"
        title="Settings"
        onClick={form.open}
        data-testid="agent-settings"
      >
        ⚙
      </button>
      <dialog ref={dialog} className="dialog settings-dialog" aria-label="Agent settings">
        <form onSubmit={form.save}>
          <h2>Settings</h2>
          <fieldset>
            <legend>Interface</legend>
            <label className="field">
              Generation
              <select
                value={form.generation}
                onChange={(e) => form.setGeneration(e.target.value as Generation | '')}
              >
                <option value="">as the card says</option>
                {generations.map((g) => (
                  <option key={g} value={g}>
                    A2A {g}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              Binding
              <select value={form.binding} onChange={(e) => form.setBinding(e.target.value as Binding | '')}>
                <option value="">preferred</option>
                {bindings.map((b) => (
                  <option key={b} value={b}>
                    {b}
                  </option>
                ))}
              </select>
            </label>
          </fieldset>
          <CredentialsFieldset agent={agent} auth={form.auth} setAuth={form.setAuth} />
          <HeadersFieldset headers={form.headers} setHeaders={form.setHeaders} />
          <fieldset>
            <legend>Extensions (one URI per line)</legend>
            <textarea
              value={form.extensions}
              onChange={(e) => form.setExtensions(e.target.value)}
              rows={2}
              aria-label="Extensions, one URI per line"
              data-testid="settings-extensions"
            />
            <CardExtensionChoices
              cardText={agent.cardText}
              value={form.extensions}
              onChange={form.setExtensions}
            />
          </fieldset>
          <TimeoutsFieldset
            timeouts={form.timeouts}
            setTimeouts={form.setTimeouts}
            resync={form.resync}
            setResync={form.setResync}
          />
          <LimitsFieldset limits={form.limits} setLimits={form.setLimits} />
          <ConnectionFieldset draft={form.connection} setDraft={form.setConnection} />
          {configure.error && (
            <p className="error-text" role="alert">
              {configure.error.message}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" data-testid="settings-save" disabled={configure.isPending}>
              Save
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
