// The render feature: what an agent sent, shown safely: names that cannot spoof, parts of every kind, markdown, JSON
// trees, and links checked before they open. Other features import it only from here.

export { DataPartView } from './DataPartView';
export { FilePartView } from './FilePartView';
export { TextPartView } from './TextPartView';
export { StoredEvent } from './StoredEvent';
export { VisibleName } from './VisibleName';
export { joinTextParts } from './partGroups';
export { checkLinkUrl } from './safeUrl';
