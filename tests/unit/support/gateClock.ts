// A fault clock (PRX-4) for tests: every delay stays open until the test releases it, in order, so a test proves
// what happens before and after a delay without sleeping and without asserting on time.

import type { FaultClock } from '../../../electron/host/proxy/faultClock';

export class GateClock implements FaultClock {
  /** The delays asked for, in order. */
  readonly waits: number[] = [];
  private readonly pending: Array<() => void> = [];
  private arrived: Array<() => void> = [];

  wait(ms: number): Promise<void> {
    this.waits.push(ms);
    const promise = new Promise<void>((resolve) => this.pending.push(resolve));
    for (const resolve of this.arrived.splice(0)) resolve();
    return promise;
  }

  /** Resolves once a delay is open (at once if one is). */
  async waiting(): Promise<void> {
    if (this.pending.length > 0) return;
    await new Promise<void>((resolve) => this.arrived.push(resolve));
  }

  /** Lets the oldest open delay end. */
  release(): void {
    this.pending.shift()?.();
  }
}
