// How an agent is named in lists, reports and sessions: its card's name, else the host of its card URL.

import type { AgentSummary } from './host/agent';

export function agentName(agent: Pick<AgentSummary, 'cardText' | 'cardUrl'>): string {
  try {
    const card = JSON.parse(agent.cardText) as { name?: unknown };
    if (typeof card.name === 'string' && card.name.trim() !== '') return card.name;
  } catch {
    // A card that is not JSON still has a URL.
  }
  try {
    return new URL(agent.cardUrl).host || agent.cardUrl;
  } catch {
    return agent.cardUrl;
  }
}
