// The tasks feature: the tasks of the agent in view, and what can be done with each. Other features import it only
// from here.

import { lazyView } from '../../ui/lazyView';

// Not on the first screen: loaded on first render (renderer/ui/lazyView.ts), keeping the start small.
export const TaskPanel = lazyView('tasks view', () => import('./TaskPanel').then((m) => m.TaskPanel));
