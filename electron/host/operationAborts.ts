// Cancellable host operations (UX-5): a call that may take long (opening, saving or exporting a session, a check run)
// carries an `opId` the renderer chose; `cancelOperation` aborts the signal the host handed that call. Each operation
// checks its signal between steps and undoes what it began, so a cancel leaves no half state behind.

import type { OperationProgress } from '../../shared/host/hostApi';

/** The error a cancelled operation rejects with; its name crosses IPC and HTTP so the renderer can tell it apart. */
export class OperationCancelled extends Error {
  constructor(what: string) {
    super(`Cancelled: ${what}.`);
    this.name = 'AbortError';
  }
}

/** Throws `OperationCancelled` once `signal` is aborted; a no-op without a signal. */
export function throwIfCancelled(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw new OperationCancelled(what);
}

export interface OperationAborts {
  /** Runs `work` with a signal that `cancel(opId)` aborts; without an id the work cannot be cancelled. */
  run<T>(opId: string | undefined, work: (signal: AbortSignal | undefined) => Promise<T>): Promise<T>;
  /** False when no operation with that id is under way (it ended already, or never began). */
  cancel(opId: string): boolean;
}

export function createOperationAborts(): OperationAborts {
  const running = new Map<string, AbortController>();
  return {
    async run(opId, work) {
      if (opId === undefined) return work(undefined);
      if (running.has(opId))
        throw new Error(`An operation with the id ${JSON.stringify(opId)} is already running.`);
      const controller = new AbortController();
      running.set(opId, controller);
      try {
        return await work(controller.signal);
      } finally {
        running.delete(opId);
      }
    },
    cancel(opId) {
      const controller = running.get(opId);
      if (!controller) return false;
      controller.abort();
      return true;
    },
  };
}

/** Tells how far an operation has got: `done` of `total` (bytes, requests). */
export type ReportProgress = (done: number, total?: number) => void;

/**
 * The reporter for a call that carried `opId`, publishing `progress` events the renderer's notice follows; none
 * without an id, since nothing could tell the events apart. Reports closer together than `everyMs` are dropped, the
 * last one (done = total) never, so a fast read does not flood the bridge.
 */
export function progressReporter(
  publish: (event: { type: 'progress'; progress: OperationProgress }) => void,
  opId: string | undefined,
  unit: OperationProgress['unit'],
  everyMs = 100,
): ReportProgress | undefined {
  if (opId === undefined) return undefined;
  let last = Number.NEGATIVE_INFINITY;
  return (done, total) => {
    const now = Date.now();
    if (now - last < everyMs && done !== total) return;
    last = now;
    publish({ type: 'progress', progress: { opId, done, unit, ...(total !== undefined ? { total } : {}) } });
  };
}
