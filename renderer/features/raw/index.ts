// The raw request feature: any request to the agent, as written, and one built from a recorded frame. Other features
// import it only from here.

import { lazyView } from '../../ui/lazyView';

// Not on the first screen: loaded on first render (renderer/ui/lazyView.ts), keeping the start small.
export const RawRequestView = lazyView('request editor', () =>
  import('./RawRequestView').then((m) => m.RawRequestView),
);

export { loadCurlDraft } from './loadCurlDraft';
export { draftFromFrame } from './rawDraft';
export { useRawDraftStore } from './rawDraftStore';
