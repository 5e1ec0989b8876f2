// The timeline feature: events as they came, with each task's state strip. Other features import it only from here.

export { StateStrip } from './StateStrip';
export { TimelineView } from './TimelineView';
