// The timeline feature: events as they came, with each task's state strip. Other features import it only from here.

import { lazyView } from '../../ui/lazyView';

// Not on the first screen: loaded on first render (renderer/ui/lazyView.ts), keeping the start small.
export const TimelineView = lazyView('timeline', () => import('./TimelineView').then((m) => m.TimelineView));

export { StateStrip } from './StateStrip';
