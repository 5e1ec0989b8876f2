// One cancellable long operation in the renderer (UX-5): an id the host call carries (`opId`) and a signal for the
// steps the window does itself (reading pages). Cancel asks the host to stop and aborts the signal at once, so the
// window stops waiting whether the host was still working or had already answered.

import type { HostApi } from '../../shared/host/hostApi';
import { HostCallError } from '../../shared/host/proxy';

export interface CancellableOp {
  opId: string;
  signal: AbortSignal;
  startedAt: number;
  cancel(): void;
  /** Throws the same AbortError the host would, once cancelled: for the steps after the host has answered. */
  throwIfCancelled(what: string): void;
}

let counter = 0;

export function startCancellable(host: Pick<HostApi, 'cancelOperation'>): CancellableOp {
  counter += 1;
  const opId = `op-${Date.now().toString(36)}-${counter}`;
  const controller = new AbortController();
  return {
    opId,
    signal: controller.signal,
    startedAt: Date.now(),
    cancel() {
      if (controller.signal.aborted) return;
      controller.abort();
      // The host may have finished already (cancelled: false); the aborted signal still stops the window's steps.
      void host.cancelOperation({ opId }).catch(() => undefined);
    },
    throwIfCancelled(what) {
      if (controller.signal.aborted) throw cancelledError(what);
    },
  };
}

export function cancelledError(what: string): Error {
  const error = new Error(`Cancelled: ${what}.`);
  error.name = 'AbortError';
  return error;
}

/**
 * A host or window step that stopped because the user cancelled it, not because it failed. Across IPC and HTTP the
 * host's error arrives as a HostCallError that keeps the remote name. The desktop preload is bundled apart from the
 * window, so its HostCallError is another class: the remote name is read by shape, not by `instanceof`.
 */
export function isCancelled(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'AbortError') return true;
  const remote =
    error instanceof HostCallError ? error.remoteName : (error as { remoteName?: unknown }).remoteName;
  return remote === 'AbortError';
}
