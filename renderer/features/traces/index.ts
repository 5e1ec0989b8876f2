// The traces feature (PRX-2): frames grouped by W3C trace id, with the call graph and waterfall of one trace. Other
// features import it only from here.

export { TracesView } from './TracesView';
