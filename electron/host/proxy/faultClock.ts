// The clock fault delays wait on (PRX-4). Injectable so tests hold a delay open with a gate and release it when they
// have seen what they wanted, instead of sleeping; the real one is a timer that lets go early when the client leaves,
// so a gone client never keeps a proxy's timers alive.

import type { ClosedSignal } from '../../../shared/proxy/proxyTypes';

export interface FaultClock {
  /** Resolves after `ms`, or at once when `closed` fires (the caller checks `closed.aborted` afterwards). */
  wait(ms: number, closed: ClosedSignal): Promise<void>;
}

export const realFaultClock: FaultClock = {
  wait(ms, closed) {
    if (closed.aborted || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      closed.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  },
};

/** Resolves when the client goes away; never, while it stays. */
export function untilClosed(closed: ClosedSignal): Promise<void> {
  if (closed.aborted) return Promise.resolve();
  return new Promise((resolve) => closed.addEventListener('abort', () => resolve()));
}
