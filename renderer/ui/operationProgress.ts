// The host's `progress` events for one cancellable call (UX-5): bytes read while a session opens, requests sent by a
// re-send. The call's opId (cancellableOp.ts) picks its own events out of the stream every call shares.

import type { HostConnection, OperationProgress } from '../../shared/host/hostApi';

/** Calls `listener` with each progress report of `opId`; returns what stops listening. */
export function onOperationProgress(
  host: Pick<HostConnection, 'onEvent'>,
  opId: string,
  listener: (progress: OperationProgress) => void,
): () => void {
  return host.onEvent((event) => {
    if (event.type === 'progress' && event.progress.opId === opId) listener(event.progress);
  });
}
