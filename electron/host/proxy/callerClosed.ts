// Says when a proxied call's response has closed (answered, or the caller went away; PRX-1), for the exchange that
// stops with it and for fault delays that give up with it (faultClock.ts). An AbortController per call cost a
// unary call more than its routing (bench:proxy): making one, dispatching its event through EventTarget when every
// response closes, and adding and removing the exchange's listener. This keeps a plain list, and nothing until
// someone listens.

import type { ClosedSignal } from '../../../shared/proxy/proxyTypes';

export class CallerClosed implements ClosedSignal {
  private closed = false;
  private listeners: Array<() => void> | undefined;

  get aborted(): boolean {
    return this.closed;
  }

  /**
   * Calls `listener` once, when the response closes; not at all when it already has (read `aborted` first). A
   * listener added twice is called once, as EventTarget does.
   */
  addEventListener(_type: 'abort', listener: () => void): void {
    if (this.closed || this.listeners?.includes(listener)) return;
    (this.listeners ??= []).push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const at = this.listeners?.indexOf(listener) ?? -1;
    if (at >= 0) this.listeners!.splice(at, 1);
  }

  /**
   * The response closed: every listener is called once, in the order added, and then forgotten. One that throws does
   * not keep the others from being called; the first error is thrown once they all have been.
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const listeners = this.listeners;
    this.listeners = undefined;
    if (!listeners) return;
    let failure: { error: unknown } | undefined;
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  }
}
