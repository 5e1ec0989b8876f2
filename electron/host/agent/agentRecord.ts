// What the host remembers about one opened agent: its card, how it was detected, the interface in use, the
// settings (secrets included — they never leave the host) and its OAuth token cache.

import type { AgentSettings, AgentSummary, CardVariant } from '../../../shared/host/agent';
import { authOffers } from '../../../shared/authOffers';
import { chooseInterface, type CardInterface, type Detection } from '../../../shared/a2a/detect';
import type { CardSecurity } from '../../../shared/a2a/securitySchemes';
import { hideSecrets } from './agentSettings';
import type { OAuthClient } from './oauthClient';
import type { RouteHoldStore } from '../routeHoldStore';
import { routeKey } from './routeKey';

export interface AgentRecord {
  id: string;
  origin: string;
  cardUrl: string;
  cardText: string;
  cardFrameId?: string;
  detection: Detection;
  variants: CardVariant[];
  security: CardSecurity;
  settings: AgentSettings;
  chosen?: CardInterface;
  problem?: string;
  oauth: OAuthClient;
  /** Interfaces (routeKey) whose calls answered as if the route were missing, with the frame that showed it. */
  missingRoutes?: Map<string, { message: string; frameId: string }>;
  /** Where the holds of a saved agent outlive the run (the library); absent for agents opened from text. */
  holdStore?: RouteHoldStore;
}

/** Picks the interface the settings ask for; records why none fits. */
export function selectInterface(record: AgentRecord): void {
  const { url, generation, binding } = record.settings.selection;
  const byUrl = url ? record.detection.interfaces.filter((i) => i.url === url) : undefined;
  const pool = byUrl && byUrl.length > 0 ? { ...record.detection, interfaces: byUrl } : record.detection;
  const chosen = chooseInterface(pool, {
    ...(generation ? { generation } : {}),
    ...(binding ? { binding } : {}),
  });
  delete record.problem;
  if (chosen) {
    record.chosen = chosen;
    return;
  }
  delete record.chosen;
  const wanted = [url, generation && `A2A ${generation}`, binding].filter(Boolean).join(', ');
  const offered = record.detection.interfaces
    .map((i) => `${i.bindingWire} ${i.generation} at ${i.url}`)
    .join('; ');
  record.problem = wanted
    ? `The card offers no interface matching ${wanted}. It offers: ${offered || 'none'}.`
    : `The card offers no interface Switchboard speaks. It offers: ${offered || 'none'}.`;
}

export function summarize(record: AgentRecord): AgentSummary {
  const { detection } = record;
  return {
    id: record.id,
    cardUrl: record.cardUrl,
    origin: record.origin,
    cardText: record.cardText,
    ...(record.cardFrameId ? { cardFrameId: record.cardFrameId } : {}),
    generation: detection.generation,
    detection: {
      confidence: detection.confidence,
      reason: detection.reason,
      superset: detection.superset,
      findings: [...detection.findings, ...record.security.findings],
    },
    interfaces: detection.interfaces,
    ...(record.chosen ? { chosen: record.chosen } : {}),
    ...(record.problem ? { problem: record.problem } : {}),
    variants: record.variants,
    securitySchemes: record.security.schemes,
    securityRequirements: record.security.requirements,
    authOffers: authOffers(record.security.schemes),
    settings: hideSecrets(record.settings),
    ...routeHoldOf(record),
  };
}

/** The hold on the chosen interface, for the composer to show before anything is sent (CARD-3). */
function routeHoldOf(record: AgentRecord): { routeHold?: { message: string; frameId: string } } {
  const held = record.chosen ? record.missingRoutes?.get(routeKey(record.chosen)) : undefined;
  return held ? { routeHold: { message: held.message, frameId: held.frameId } } : {};
}
