// The state behind the extended card section (CARD-6): the host's answer to the extended-card request, a bearer
// token typed for it, and the actions that set the token, run the request again, or allow credentials to the origin
// the host asked about (AUTH-5). ExtendedCard.tsx lays it out.

import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { AgentSummary } from '../../../shared/host/agent';
import { useHost } from '../../host/HostContext';
import { useConfigureAgent, useTrustOrigin } from '../agents';
import { diffJson } from './cardDiff';
import { extendedCardQuery } from './cardQueries';

export function useExtendedCard(agent: AgentSummary, publicCard: unknown) {
  const host = useHost();
  const configure = useConfigureAgent();
  const trust = useTrustOrigin();
  const extended = useQuery(extendedCardQuery(host, agent.id, agent.cardText));
  const [token, setToken] = useState('');
  const outcome = extended.data;
  const card = outcome?.result?.type === 'card' ? outcome.result.card : undefined;
  const entries = useMemo(() => (card === undefined ? [] : diffJson(publicCard, card)), [publicCard, card]);
  const busy = extended.isFetching || configure.isPending || trust.isPending;

  const fetchExtended = async () => {
    const typed = token.trim();
    if (typed) {
      await configure.mutateAsync({
        agentId: agent.id,
        settings: { auth: { type: 'bearer', token: typed } },
      });
      setToken('');
    }
    await extended.refetch();
  };
  const trustOrigin = () => {
    const origin = outcome?.confirm?.origin;
    if (!origin) return;
    trust.mutate({ agentId: agent.id, origin }, { onSuccess: () => void extended.refetch() });
  };

  return { configure, extended, token, setToken, outcome, card, entries, busy, fetchExtended, trustOrigin };
}
