// The real fault clock (PRX-4) on Vitest's fake timers: a delay ends when its time is up or when the client goes
// away, whichever comes first, and a long stream's many delays share one abort listener per client.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realFaultClock, untilClosed } from '../../../../../electron/host/proxy/faultClock';
import type { ClosedSignal } from '../../../../../shared/proxy/proxyTypes';

/** A client signal that counts its listeners. */
function signal(): ClosedSignal & { listeners: number; abort(): void } {
  const listeners: Array<() => void> = [];
  return {
    aborted: false,
    get listeners() {
      return listeners.length;
    },
    addEventListener(_type, listener) {
      listeners.push(listener);
    },
    abort() {
      (this as { aborted: boolean }).aborted = true;
      for (const listener of listeners) listener();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the real fault clock', () => {
  it('ends a delay when its time is up', async () => {
    const closed = signal();
    let done = false;
    const waiting = realFaultClock.wait(1000, closed).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
  });

  it('ends every open delay and a stall at once when the client goes away, with one listener for all', async () => {
    const closed = signal();
    const waits = Array.from({ length: 50 }, () => realFaultClock.wait(600_000, closed));
    const stalled = untilClosed(closed);
    expect(closed.listeners).toBe(1);
    closed.abort();
    await Promise.all([...waits, stalled]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not wait at all for 0 ms or for a client already gone', async () => {
    const closed = signal();
    await realFaultClock.wait(0, closed);
    closed.abort();
    await realFaultClock.wait(5000, closed);
    await untilClosed(closed);
    expect(vi.getTimerCount()).toBe(0);
  });
});
