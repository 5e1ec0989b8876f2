// Holds one host method's calls until the test says so, for journeys that need an operation to stay under way (the
// progress notice and its Cancel, UX-5) without a sleep. Both e2e projects call the host in the test process by
// method name at call time (shared/host/dispatch.ts), so replacing the method on the host object gates both.

import type { HostService } from '../../../shared/host/hostApi';

type AsyncMethod = (...args: never[]) => Promise<unknown>;
type GateableMethod = {
  [K in keyof HostService]: HostService[K] extends AsyncMethod ? K : never;
}[keyof HostService];

export interface HostCallGate {
  /** Calls that have arrived so far, let through or waiting. */
  calls(): number;
  /** Resolves once `count` calls have arrived. */
  waitForCalls(count: number): Promise<void>;
  /** Lets the waiting calls through, and every later one. */
  open(): void;
  /** Puts the host's own method back. */
  restore(): void;
}

export function gateHostCalls(host: HostService, method: GateableMethod): HostCallGate {
  const target = host as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const original = target[method]!;
  let opened = false;
  let calls = 0;
  const waiting: Array<() => void> = [];
  const watchers: Array<{ count: number; resolve: () => void }> = [];
  target[method] = async (...args: unknown[]) => {
    calls += 1;
    for (const watcher of watchers.filter((w) => calls >= w.count)) {
      watchers.splice(watchers.indexOf(watcher), 1);
      watcher.resolve();
    }
    if (!opened) await new Promise<void>((resolve) => waiting.push(resolve));
    return original.apply(host, args);
  };
  return {
    calls: () => calls,
    waitForCalls: (count) =>
      calls >= count ? Promise.resolve() : new Promise((resolve) => watchers.push({ count, resolve })),
    open() {
      opened = true;
      for (const release of waiting.splice(0)) release();
    },
    restore() {
      this.open();
      target[method] = original;
    },
  };
}
