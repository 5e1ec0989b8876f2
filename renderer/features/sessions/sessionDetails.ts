// The completed details of a session opened before the host had indexed it (issue 27): the host's `session-details`
// event carries the exact frame count, the end time and the members a file may keep after its frames (title, agents,
// redactions), and the replayed session's summary takes them. An event about a session not shown yet (its open's
// answer still on its way to the window, over another channel than the events) is kept until the open shows it.

import type { SessionDetails } from '../../../shared/session/types';
import { useAppStore } from '../../store/appStore';
import { recordedAgentSummary } from './recordedAgent';

/** Details that came before their session was shown; a handful at most, the oldest forgotten first. */
const early = new Map<string, SessionDetails>();
const MAX_EARLY = 8;

/** Takes the host's `session-details` event: applied to the session shown, or kept for the one about to be. */
export function receiveSessionDetails(details: SessionDetails): void {
  if (apply(details)) return;
  early.delete(details.sessionId);
  early.set(details.sessionId, details);
  while (early.size > MAX_EARLY) early.delete(early.keys().next().value!);
}

/** Called once the open has shown `sessionId`: details that came first are applied now. */
export function applyEarlySessionDetails(sessionId: string): void {
  const details = early.get(sessionId);
  if (details && apply(details)) early.delete(sessionId);
}

function apply(details: SessionDetails): boolean {
  const state = useAppStore.getState();
  if (state.replay?.session.sessionId !== details.sessionId) return false;
  const known = new Set(state.agents.map((agent) => agent.id));
  const recorded = details.agents
    .filter((agent) => !known.has(agent.id))
    .map((agent) => recordedAgentSummary(agent, details.title));
  state.completeReplaySession(details, recorded);
  return true;
}
