// The traces feature (PRX-2): frames grouped by W3C trace id, with the call graph and waterfall of one trace. Other
// features import it only from here.

import { lazyView } from '../../ui/lazyView';

// Not on the first screen: loaded on first render (renderer/ui/lazyView.ts), keeping the start small.
export const TracesView = lazyView('traces view', () => import('./TracesView').then((m) => m.TracesView));
