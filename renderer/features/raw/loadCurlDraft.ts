// The address bar's curl import, loaded on first use: the curl parser and the request export behind it are not
// needed on the first screen, so editorRequest.ts comes in only when someone pastes a curl command.

import type { DraftImport } from './editorRequest';

/** What draftFromCurl makes of `text`; rejects with its error when the command cannot be read. */
export async function loadCurlDraft(text: string): Promise<DraftImport> {
  const { draftFromCurl } = await import('./editorRequest');
  return draftFromCurl(text);
}
