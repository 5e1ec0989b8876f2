// The checks feature: the Checks tab (checks, probes, the conformance suite) and its palette commands. Other
// features import it only from here.

import { lazyView } from '../../ui/lazyView';

// Not on the first screen: loaded on first render (renderer/ui/lazyView.ts), keeping the start small.
export const ChecksPanel = lazyView('checks panel', () => import('./ChecksPanel').then((m) => m.ChecksPanel));

export { checkCommands } from './checkCommands';
export { useActs } from './useActs';
export { useChecks } from './useChecks';
