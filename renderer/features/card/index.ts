// The card feature: the agent's card, readable and raw, with its findings, signatures and extended card. Other
// features import it only from here.

import { lazyView } from '../../ui/lazyView';

// Not on the first screen: loaded on first render (renderer/ui/lazyView.ts), keeping the start small.
export const CardView = lazyView('card view', () => import('./CardView').then((m) => m.CardView));
