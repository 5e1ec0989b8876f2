// How an agent is named in lists: its card's name, else the host of its card URL.

import type { AgentSummary } from '../../../shared/agent';

export function agentName(agent: AgentSummary): string {
  try {
    const card = JSON.parse(agent.cardText) as { name?: unknown };
    if (typeof card.name === 'string' && card.name.trim() !== '') return card.name;
  } catch {
    // A card that is not JSON still has a URL.
  }
  return new URL(agent.cardUrl).host;
}
