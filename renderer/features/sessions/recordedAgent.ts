// An agent as a replayed session remembers it, shaped like an open agent so the live views (card, conversation,
// tasks) can show its frames unchanged (SES-3). It is not connected: no interface is chosen, so nothing can be sent
// to it, and `problem` says why. Its card is read with the same detection the host uses.

import type { AgentSettings, AgentSummary } from '../../../shared/host/agent';
import { authOffers } from '../../../shared/authOffers';
import { detectCard } from '../../../shared/a2a/detect';
import { readCardSecurity } from '../../../shared/a2a/securitySchemes';
import type { SessionAgent } from '../../../shared/session/types';

/**
 * Shown in the settings dialog of a recorded agent only; never sent anywhere (the host has no such agent). The
 * session's own recorded settings, secrets already blanked, are laid over them.
 */
const SHOWN_SETTINGS: AgentSettings = {
  selection: {},
  auth: { type: 'none' },
  headers: [],
  extensions: [],
  timeouts: { connectMs: 10_000, firstByteMs: 30_000, idleMs: 60_000, totalMs: 120_000 },
  limits: { maxBodyBytes: 32 * 1024 * 1024, maxEventBytes: 16 * 1024 * 1024, maxStreamBytes: 1024 ** 3 },
  trustedOrigins: [],
  resyncOnDrop: true,
};

export function recordedAgentSummary(agent: SessionAgent, sessionTitle: string): AgentSummary {
  const card = parseCard(agent.cardText);
  const detection = card === undefined ? undefined : detectCard(card);
  const detected = detection && !('error' in detection) ? detection : undefined;
  const security = readCardSecurity(card, agent.generation);
  const recorded = agent.settings ?? {};
  return {
    id: agent.id,
    cardUrl: agent.cardUrl,
    origin: agent.origin,
    cardText: agent.cardText,
    generation: agent.generation,
    detection: {
      confidence: detected?.confidence ?? 'guess',
      reason: detected
        ? detected.reason
        : `A2A ${agent.generation}, as the session recorded it (the card could not be read).`,
      superset: detected?.superset ?? false,
      findings: [...(detected?.findings ?? []), ...security.findings],
    },
    interfaces: detected?.interfaces ?? [],
    problem: `Recorded in the session "${sessionTitle}" and replayed from it: not connected. Open the agent to talk to it.`,
    variants: [],
    securitySchemes: security.schemes,
    securityRequirements: security.requirements,
    authOffers: authOffers(security.schemes),
    settings: {
      ...SHOWN_SETTINGS,
      ...recorded,
      timeouts: { ...SHOWN_SETTINGS.timeouts, ...recorded.timeouts },
      limits: { ...SHOWN_SETTINGS.limits, ...recorded.limits },
    },
  };
}

function parseCard(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
