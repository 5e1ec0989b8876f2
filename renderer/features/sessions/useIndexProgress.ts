// How far the host has indexed a session opened in browse mode (issue 27): a large file opens on its first rows
// while the host scans the rest, and its `session-index` events say how many frames are known and how many are
// expected. The list's length follows the estimate, and becomes the exact count once the index is done; the state
// and its sentence are pure (indexProgress.ts), tested with a fake host.

import { useEffect, useState } from 'react';
import type { SessionSummary } from '../../../shared/session/types';
import { useHost } from '../../host/HostContext';
import { followIndex, initialIndexState, settledIndexState, type IndexState } from './indexProgress';

export function useIndexProgress(session: SessionSummary): IndexState {
  const host = useHost();
  const [state, setState] = useState<IndexState>(() => initialIndexState(session));
  useEffect(() => followIndex(host, session, setState), [host, session]);
  // A summary completed after the index was built (session-details) holds the exact count even if its last
  // progress event has not been seen here.
  return settledIndexState(state, session);
}
