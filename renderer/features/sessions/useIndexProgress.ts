// How far the host has indexed a session opened in browse mode (issue 27): a large file opens on its first rows
// while the host scans the rest, and its `session-index` events say how many frames are known and how many are
// expected. The list's length follows the estimate, and becomes the exact count once the index is done.

import { useEffect, useState } from 'react';
import type { SessionIndexProgress, SessionSummary } from '../../../shared/session/types';
import { useHost } from '../../host/HostContext';

export interface IndexState {
  /** Rows in the list: the estimate while indexing, the exact count once done. */
  count: number;
  indexing: boolean;
  /** Share of the file's bytes indexed so far, 0 to 1. */
  share: number;
  error?: string;
}

export function useIndexProgress(session: SessionSummary): IndexState {
  const host = useHost();
  const [state, setState] = useState<IndexState>(() => ({
    count: session.frameCount,
    indexing: session.indexing !== undefined,
    share: session.indexing ? session.indexing.bytesRead / Math.max(1, session.indexing.bytes) : 1,
  }));
  useEffect(() => {
    if (!session.indexing) return undefined;
    return host.onEvent((event) => {
      if (event.type !== 'session-index' || event.progress.sessionId !== session.sessionId) return;
      setState(stateOf(event.progress));
    });
  }, [host, session.sessionId, session.indexing]);
  return state;
}

function stateOf(progress: SessionIndexProgress): IndexState {
  return {
    count: progress.done ? progress.indexed : progress.estimated,
    indexing: !progress.done,
    share: progress.bytesRead / Math.max(1, progress.bytes),
    ...(progress.error ? { error: progress.error } : {}),
  };
}
