// The render feature: what an agent sent, shown safely: names that cannot spoof, parts of every kind, markdown, JSON
// trees, and links checked before they open. Other features import it only from here.

import { lazyView } from '../../ui/lazyView';

// The renderers (Markdown, media, JSON trees) are used only by views that load lazily themselves; loading them with
// those views rather than with the first screen keeps the start small (renderer/ui/lazyView.ts).
export const DataPartView = lazyView('data part', () => import('./DataPartView').then((m) => m.DataPartView));
export const FilePartView = lazyView('file part', () => import('./FilePartView').then((m) => m.FilePartView));
export const TextPartView = lazyView('text part', () => import('./TextPartView').then((m) => m.TextPartView));
export const StoredEvent = lazyView('stored event', () => import('./StoredEvent').then((m) => m.StoredEvent));

export { VisibleName } from './VisibleName';
export { joinTextParts } from './partGroups';
export { checkLinkUrl } from './safeUrl';
