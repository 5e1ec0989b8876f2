// Re-send to a live agent (SES-4), only when the user asks: pick an open agent and what to send (the whole session,
// or the request of the selected frame), watch it run, then read the diff of the new run against the recording.
// The new exchanges are recorded in this run like any other; during the replay they wait for "Back to live". The
// dialog's state is in useResendForm.ts.

import { agentName } from '../../../shared/agentName';
import { ProgressNotice } from '../../ui/ProgressNotice';
import { ResendDiff } from './ResendDiff';
import { plural } from './sessionText';
import { SessionDialog } from './SessionDialog';
import { useSessionUi } from './sessionUiStore';
import { useResendForm, type ResendScope } from './useResendForm';

export function ResendDialog() {
  const open = useSessionUi((state) => state.resendOpen);
  const close = useSessionUi((state) => state.closeDialogs);
  return (
    <SessionDialog
      open={open}
      onClose={close}
      className="resend-dialog"
      label="Re-send to an agent"
      testId="resend-dialog"
    >
      <ResendForm onDone={close} />
    </SessionDialog>
  );
}

function ResendForm({ onDone }: { onDone: () => void }) {
  const form = useResendForm();
  const { replay, liveAgents, scope, resend, frames, requestCount, target } = form;
  const resending = useSessionUi((state) => state.resending);

  if (!replay) {
    return (
      <div>
        <p>Open a session to re-send its requests.</p>
        <div className="dialog-actions">
          <button type="button" onClick={onDone}>
            Close
          </button>
        </div>
      </div>
    );
  }

  return (
    <form method="dialog" onSubmit={(event) => event.preventDefault()}>
      <h2>Re-send “{replay.session.title}”</h2>
      {liveAgents.length === 0 ? (
        <p className="error-text" data-testid="resend-no-agent">
          No agent is open. Open the agent to send to (by URL, in the sidebar), then come back.
        </p>
      ) : (
        <label className="field">
          To the agent
          <select
            value={form.chosenId}
            onChange={(event) => form.setAgentId(event.target.value)}
            data-testid="resend-agent"
          >
            {liveAgents.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agentName(agent)} — {agent.cardUrl}
              </option>
            ))}
          </select>
        </label>
      )}
      <ResendScopeChoice
        scope={scope}
        setScope={form.setScope}
        requestCount={requestCount}
        selectedRequest={form.selectedRequest}
        selectedExchange={form.selectedExchange}
      />
      <p className="muted">
        The requests go to the agent now, with its current settings. The new exchanges are recorded in this
        run.
      </p>
      {resend.isPending && resending && (
        <ProgressNotice
          testId="resend-progress"
          className="resend-progress"
          label={`Re-sending to ${target ? agentName(target) : 'the agent'}`}
          done={resending.sent}
          {...(resending.total !== undefined ? { total: resending.total } : {})}
          unit={`request${resending.total === 1 ? '' : 's'} sent`}
          startedAt={resending.startedAt}
          onCancel={resending.cancel}
          cancelling={resending.cancelling === true}
        />
      )}
      {resend.error && (
        <p className="error-text" role="alert" data-testid="resend-error">
          The re-send did not run: {resend.error.message}
        </p>
      )}
      {resend.data && !resend.isPending && <ResendDiff result={resend.data} recordedFrames={frames} />}
      <div className="dialog-actions">
        <button type="button" onClick={onDone} data-testid="resend-close">
          Close
        </button>
        <button
          type="button"
          className="primary"
          onClick={form.run}
          disabled={!target || resend.isPending || requestCount === 0}
          data-testid="resend-run"
        >
          {resend.data ? 'Re-send again' : 'Re-send'}
        </button>
      </div>
    </form>
  );
}

/** The whole session, or the selected frame's request when it is one the user sent. */
function ResendScopeChoice({
  scope,
  setScope,
  requestCount,
  selectedRequest,
  selectedExchange,
}: {
  scope: ResendScope;
  setScope: (scope: ResendScope) => void;
  requestCount: number;
  selectedRequest: string | undefined;
  selectedExchange: string | undefined;
}) {
  return (
    <fieldset>
      <legend>What to send</legend>
      <label className="choice">
        <input
          type="radio"
          name="resend-scope"
          checked={scope === 'all'}
          onChange={() => setScope('all')}
          data-testid="resend-scope-all"
        />{' '}
        The whole session ({plural(requestCount, 'request')}, in order)
      </label>
      <label className="choice">
        <input
          type="radio"
          name="resend-scope"
          checked={scope === 'selected'}
          onChange={() => setScope('selected')}
          disabled={!selectedRequest}
          data-testid="resend-scope-selected"
        />{' '}
        {selectedRequest ? (
          <>
            The selected frame's request <code>{selectedRequest}</code>
          </>
        ) : selectedExchange ? (
          'The selected frame’s request (it was not one you sent: pick a message or task request)'
        ) : (
          'The selected frame’s request (select a frame first)'
        )}
      </label>
    </fieldset>
  );
}
