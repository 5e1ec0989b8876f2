// The frames feature: the table of every exchange, the inspector of one, and the spec links other views share.
// Other features import it only from here.

export { FrameInspector } from './FrameInspector';
export { FramesTable, INSPECTOR_PANE_ID } from './FramesTable';
export { SpecLink } from './SpecLink';
export { ViaProxyTag } from './ViaProxyTag';
export { highlightSearch } from './searchStore';
export { FilterBar } from './FilterBar';
export { useFilterStore } from './filterStore';
