// Re-send to a live agent (SES-4), only when the user asks: pick an open agent and what to send (the whole session,
// or the request of the selected frame), watch it run, then read the diff of the new run against the recording.
// The new exchanges are recorded in this run like any other; during the replay they wait for "Back to live".

import { useMemo, useState } from 'react';
import type { AgentSummary } from '../../../shared/host/agent';
import { isUserRequest, userExchanges } from '../../../shared/session/runDigest';
import { useAppStore } from '../../store/appStore';
import { agentName } from '../../../shared/agentName';
import { ResendDiff } from './ResendDiff';
import { requestFrameFor } from './resendView';
import { plural } from './sessionText';
import { SessionDialog } from './SessionDialog';
import { useSessionUi } from './sessionUiStore';
import { useResendSession } from './useSessionActions';

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
  const replay = useAppStore((state) => state.replay);
  const agents = useAppStore((state) => state.agents);
  const recordedIds = useAppStore((state) => state.recordedAgentIds);
  const selectedFrameId = useAppStore((state) => state.selectedFrameId);
  const liveAgents = useMemo(() => agents.filter((a) => !recordedIds.includes(a.id)), [agents, recordedIds]);
  const [agentId, setAgentId] = useState('');
  const [scope, setScope] = useState<'all' | 'selected'>('all');
  const resend = useResendSession();
  const frames = replay?.frames ?? [];
  const selectedExchange = requestFrameFor(frames, selectedFrameId);
  // Only requests the user made are re-sent (not card fetches or token requests), as the host does it.
  const selectedRequest = frames.some((f) => f.id === selectedExchange && isUserRequest(f))
    ? selectedExchange
    : undefined;
  const requestCount = useMemo(() => userExchanges(frames).length, [frames]);
  // Until the user picks, the agent the session was recorded against (an agent opened meanwhile counts too).
  const chosenId = liveAgents.some((a) => a.id === agentId)
    ? agentId
    : preferredAgent(liveAgents, replay?.session.agents ?? []);
  const target = liveAgents.find((a) => a.id === chosenId);

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
  const run = () => {
    if (!target) return;
    resend.mutate({
      agentId: target.id,
      ...(scope === 'selected' && selectedRequest ? { frameIds: [selectedRequest] } : {}),
    });
  };

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
            value={chosenId}
            onChange={(event) => setAgentId(event.target.value)}
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
      <p className="muted">
        The requests go to the agent now, with its current settings. The new exchanges are recorded in this
        run.
      </p>
      {resend.isPending && (
        <div className="resend-progress" role="status" data-testid="resend-progress">
          <progress /> Re-sending {scope === 'selected' ? 'one request' : plural(requestCount, 'request')} to{' '}
          {target ? agentName(target) : 'the agent'}…
        </div>
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
          onClick={run}
          disabled={!target || resend.isPending || requestCount === 0}
          data-testid="resend-run"
        >
          {resend.data ? 'Re-send again' : 'Re-send'}
        </button>
      </div>
    </form>
  );
}

/** An open agent at the card URL the session recorded, else the first open one. */
function preferredAgent(live: AgentSummary[], recorded: Array<{ cardUrl: string; id: string }>): string {
  const byId = live.find((a) => recorded.some((r) => r.id === a.id));
  const byUrl = live.find((a) => recorded.some((r) => r.cardUrl === a.cardUrl));
  return (byId ?? byUrl ?? live[0])?.id ?? '';
}
