// The raw request feature: any request to the agent, as written, and one built from a recorded frame. Other features
// import it only from here.

export { RawRequestView } from './RawRequestView';
export { draftFromCurl } from './editorRequest';
export { draftFromFrame } from './rawDraft';
export { useRawDraftStore } from './rawDraftStore';
