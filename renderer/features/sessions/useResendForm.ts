// The re-send dialog's state (SES-4): the open agents that can receive (agents listed only because the session
// recorded them cannot), the one chosen, whether to send the whole session or the selected frame's request, and the
// run. ResendDialog.tsx lays it out.

import { useMemo, useState } from 'react';
import type { AgentSummary } from '../../../shared/host/agent';
import { isUserRequest, userExchanges } from '../../../shared/session/runDigest';
import { useAppStore } from '../../store/appStore';
import { requestFrameFor } from './resendView';
import { useResendSession } from './useSessionActions';

export type ResendScope = 'all' | 'selected';

export function useResendForm() {
  const replay = useAppStore((state) => state.replay);
  const agents = useAppStore((state) => state.agents);
  const recordedIds = useAppStore((state) => state.recordedAgentIds);
  const selectedFrameId = useAppStore((state) => state.selectedFrameId);
  const liveAgents = useMemo(() => agents.filter((a) => !recordedIds.includes(a.id)), [agents, recordedIds]);
  const [agentId, setAgentId] = useState('');
  const [scope, setScope] = useState<ResendScope>('all');
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
  const run = () => {
    if (!target) return;
    const one = scope === 'selected' && selectedRequest !== undefined;
    resend.mutate({
      agentId: target.id,
      ...(one ? { frameIds: [selectedRequest] } : {}),
      total: one ? 1 : requestCount,
    });
  };

  return {
    replay,
    liveAgents,
    setAgentId,
    scope,
    setScope,
    resend,
    frames,
    selectedExchange,
    selectedRequest,
    requestCount,
    chosenId,
    target,
    run,
  };
}

/** An open agent at the card URL the session recorded, else the first open one. */
function preferredAgent(live: AgentSummary[], recorded: Array<{ cardUrl: string; id: string }>): string {
  const byId = live.find((a) => recorded.some((r) => r.id === a.id));
  const byUrl = live.find((a) => recorded.some((r) => r.cardUrl === a.cardUrl));
  return (byId ?? byUrl ?? live[0])?.id ?? '';
}
