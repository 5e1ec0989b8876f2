// The browse-mode list (SessionBrowser.tsx), loaded on first use (renderer/ui/lazyView.ts) so the start stays small.
// Opening a session preloads it (useSessionActions.ts), so the list renders as soon as the host answers.

import { lazyView } from '../../ui/lazyView';

export const SessionBrowser = lazyView('session browser', () =>
  import('./SessionBrowser').then((m) => m.SessionBrowser),
);
