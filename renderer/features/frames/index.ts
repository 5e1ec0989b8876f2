// The frames feature: the table of every exchange, the inspector of one, and the spec links other views share.
// Other features import it only from here.

import { lazyView } from '../../ui/lazyView';

// Not on the first screen: loaded on first render (renderer/ui/lazyView.ts), keeping the start small.
export const FrameInspector = lazyView('frame inspector', () =>
  import('./FrameInspector').then((m) => m.FrameInspector),
);

export { FramesTable, INSPECTOR_PANE_ID } from './FramesTable';
export { SpecLink } from './SpecLink';
export { ViaProxyTag } from './ViaProxyTag';
export { highlightSearch } from './searchStore';
export { FilterBar } from './FilterBar';
export { useFilterStore } from './filterStore';
