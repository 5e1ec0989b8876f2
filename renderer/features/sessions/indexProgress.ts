// The browse list's view of the host's index of a session (issue 27, useIndexProgress.ts): the row count, estimated
// while the host scans the file and exact once it is done, how far the scan got, and the sentence saying so.

import type { HostConnection } from '../../../shared/host/hostApi';
import type { SessionIndexProgress, SessionSummary } from '../../../shared/session/types';

export interface IndexState {
  /** Rows in the list: the estimate while indexing, the exact count once done. */
  count: number;
  indexing: boolean;
  /** Share of the file's bytes indexed so far, 0 to 1. */
  share: number;
  error?: string;
}

/** What the open's answer says: the exact count, or the estimate and how far the index got. */
export function initialIndexState(session: SessionSummary): IndexState {
  return {
    count: session.frameCount,
    indexing: session.indexing !== undefined,
    share: session.indexing ? session.indexing.bytesRead / Math.max(1, session.indexing.bytes) : 1,
  };
}

/**
 * The state to show: as followed, unless the summary says the index is done (no `indexing`, as after the
 * `session-details` event) while the events followed have not said so yet; then the summary's exact count.
 */
export function settledIndexState(
  state: IndexState,
  session: Pick<SessionSummary, 'indexing' | 'frameCount'>,
) {
  if (!state.indexing || session.indexing) return state;
  return { ...state, count: session.frameCount, indexing: false, share: 1 };
}

/** Calls `onState` for each `session-index` event of this session while it is indexed; answers the unsubscribe. */
export function followIndex(
  host: Pick<HostConnection, 'onEvent'>,
  session: Pick<SessionSummary, 'sessionId' | 'indexing'>,
  onState: (state: IndexState) => void,
): (() => void) | undefined {
  if (!session.indexing) return undefined;
  return host.onEvent((event) => {
    if (event.type !== 'session-index' || event.progress.sessionId !== session.sessionId) return;
    onState(indexStateOf(event.progress));
  });
}

export function indexStateOf(progress: SessionIndexProgress): IndexState {
  return {
    count: progress.done ? progress.indexed : progress.estimated,
    indexing: !progress.done,
    share: progress.bytesRead / Math.max(1, progress.bytes),
    ...(progress.error ? { error: progress.error } : {}),
  };
}

/** The sentence above the list: the estimate and "indexing n%" while the host scans, then the exact count. */
export function indexNote(index: IndexState): string {
  return index.indexing
    ? `About ${index.count.toLocaleString()} frames, read from disk as you scroll; indexing ${Math.floor(index.share * 100)}% (rows further on show when it gets there).`
    : `${index.count.toLocaleString()} frames, read from disk as you scroll.`;
}
