// Cancellable host operations (UX-5): a call that may take long (opening, saving or exporting a session, a check run)
// carries an `opId` the renderer chose; `cancelOperation` aborts the signal the host handed that call. Each operation
// checks its signal between steps and undoes what it began, so a cancel leaves no half state behind.

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
