// The bytes the host keeps of a stream while the worker reads it (heldBytes.ts): whatever the order of pushes and
// releases, a view gives back exactly the stream's bytes that are still held, and none that were let go of.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HeldBytes } from '../../../../../electron/host/agent/heldBytes';

describe('HeldBytes', () => {
  it('gives back the stream’s bytes still held, through growth, moves and shrinking', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ push: fc.integer({ min: 0, max: 300_000 }) }),
            fc.record({ release: fc.double({ min: 0, max: 1, noNaN: true }) }),
          ),
          { maxLength: 40 },
        ),
        (steps) => {
          const held = new HeldBytes();
          let stream = Buffer.alloc(0);
          let first = 0;
          for (const step of steps) {
            if ('push' in step) {
              const chunk = Buffer.from(
                Uint8Array.from({ length: step.push }, (_, k) => (stream.length + k) % 251),
              );
              held.push(chunk);
              stream = Buffer.concat([stream, chunk]);
            } else {
              first = Math.max(first, Math.floor(first + (stream.length - first) * step.release));
              held.release(first);
            }
            expect(held.offset).toBe(stream.length);
            expect(held.first).toBe(first);
            const all = held.view(first, stream.length);
            expect(all?.equals(stream.subarray(first))).toBe(true);
            if (first > 0) expect(held.view(first - 1, stream.length)).toBeUndefined();
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
