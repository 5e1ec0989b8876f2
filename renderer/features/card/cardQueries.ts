// Query options for the card view's host calls (docs/architecture.md#state-in-the-renderer: card fetches are
// server-like state). They live with the card feature rather than in renderer/queries because nothing else reads them;
// keyed by the card's text, so a card that changes is checked again and a result survives switching tabs.

import { queryOptions } from '@tanstack/react-query';
import type { HostApi } from '../../../shared/host/hostApi';

/** Schema, detection and lint findings for a card's text, placed at lines of that text (CARD-4). */
export function cardCheckQuery(host: HostApi, text: string, cardUrl: string | undefined) {
  return queryOptions({
    queryKey: ['card', 'check', cardUrl ?? null, text],
    queryFn: () => host.checkCard({ text, ...(cardUrl ? { cardUrl } : {}) }),
    staleTime: Infinity,
  });
}

/**
 * The agent's extended card (CARD-6). Run only when the user asks (`enabled: false`, then `refetch`): it sends the
 * agent's credentials. The outcome never rejects for agent trouble, so it is shown whatever it says.
 */
export function extendedCardQuery(host: HostApi, agentId: string, publicCardText: string) {
  return queryOptions({
    queryKey: ['card', 'extended', agentId, publicCardText],
    queryFn: () => host.runOperation({ agentId, operation: 'extendedCard', input: {} }),
    enabled: false,
    staleTime: Infinity,
    retry: false,
  });
}
