// The clock fault delays wait on (PRX-4). Injectable so tests hold a delay open with a gate and release it when they
// have seen what they wanted, instead of sleeping; the real one is a timer that lets go early when the client leaves,
// so a gone client never keeps a proxy's timers alive. A stream may wait once per event, so each client signal gets a
// single abort listener that wakes whatever waits at that moment (a listener per wait would pile up on long streams).

import type { ClosedSignal } from '../../../shared/proxy/proxyTypes';

export interface FaultClock {
  /** Resolves after `ms`, or at once when `closed` fires (the caller checks `closed.aborted` afterwards). */
  wait(ms: number, closed: ClosedSignal): Promise<void>;
}

const sleepers = new WeakMap<ClosedSignal, Set<() => void>>();

/** Runs `wake` when the client goes away, until the returned function says it is no longer needed. */
function onClose(closed: ClosedSignal, wake: () => void): () => void {
  let set = sleepers.get(closed);
  if (!set) {
    const created = new Set<() => void>();
    closed.addEventListener('abort', () => {
      for (const sleeper of [...created]) sleeper();
      created.clear();
    });
    sleepers.set(closed, created);
    set = created;
  }
  set.add(wake);
  return () => set.delete(wake);
}

export const realFaultClock: FaultClock = {
  wait(ms, closed) {
    if (closed.aborted || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const forget = onClose(closed, () => {
        clearTimeout(timer);
        resolve();
      });
      const timer = setTimeout(() => {
        forget();
        resolve();
      }, ms);
    });
  },
};

/** Resolves when the client goes away; never, while it stays. */
export function untilClosed(closed: ClosedSignal): Promise<void> {
  if (closed.aborted) return Promise.resolve();
  return new Promise((resolve) => onClose(closed, resolve));
}
