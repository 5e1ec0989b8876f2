// The proxy's caller-closed signal stands in for an AbortController per call (bench:proxy). Differential: the same
// random sequence of listeners added, removed and the close, applied to a CallerClosed and to an AbortSignal, calls
// the same listeners in the same order and reads `aborted` the same at every step.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CallerClosed } from '../../../../../electron/host/proxy/callerClosed';

type Step = { op: 'add' | 'remove'; listener: number } | { op: 'close' } | { op: 'read' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constantFrom('add' as const, 'remove' as const),
    listener: fc.integer({ min: 0, max: 4 }),
  }),
  fc.constant({ op: 'close' as const }),
  fc.constant({ op: 'read' as const }),
);

interface Target {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** What one run of the steps observed: each listener call and each read of `aborted`, in order. */
function run(steps: readonly Step[], target: Target, close: () => void): string[] {
  const seen: string[] = [];
  const listeners = Array.from({ length: 5 }, (_, n) => () => seen.push(`called ${n}`));
  for (const s of steps) {
    if (s.op === 'add') target.addEventListener('abort', listeners[s.listener]!);
    else if (s.op === 'remove') target.removeEventListener('abort', listeners[s.listener]!);
    else if (s.op === 'close') close();
    else seen.push(`aborted ${target.aborted}`);
  }
  seen.push(`aborted ${target.aborted}`);
  return seen;
}

describe('CallerClosed', () => {
  it('calls and forgets listeners as an AbortSignal does', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const controller = new AbortController();
        const reference = run(steps, controller.signal, () => controller.abort());
        const closed = new CallerClosed();
        expect(run(steps, closed, () => closed.close())).toEqual(reference);
      }),
      { numRuns: 300 },
    );
  });

  it('still calls the other listeners when one throws, and throws its error afterwards', () => {
    const closed = new CallerClosed();
    const calls: string[] = [];
    closed.addEventListener('abort', () => calls.push('first'));
    closed.addEventListener('abort', () => {
      throw new Error('listener broke');
    });
    closed.addEventListener('abort', () => calls.push('third'));
    expect(() => closed.close()).toThrow('listener broke');
    expect(calls).toEqual(['first', 'third']);
    expect(closed.aborted).toBe(true);
  });
});
