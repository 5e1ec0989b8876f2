// The Stream box follows the card of the agent in view (MSG-6): when the agent or its card changes, the store applies
// the card's streaming capability as the default, unless the user chose for that agent. Before paint, so nobody sees
// (or clicks) the previous agent's choice.

import { useLayoutEffect } from 'react';
import { useAppStore } from '../../store/appStore';
import { cardStreams } from './cardDefaults';

export function useStreamingDefault(agentId: string | undefined, cardText: string | undefined): void {
  const applyStreamingDefault = useAppStore((state) => state.applyStreamingDefault);
  useLayoutEffect(() => {
    if (agentId !== undefined && cardText !== undefined)
      applyStreamingDefault(agentId, cardStreams(cardText));
  }, [agentId, cardText, applyStreamingDefault]);
}
