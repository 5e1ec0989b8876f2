// Header lines flattened for node:http by a loop (exchange.ts `flatLines`, bench:proxy). Differential: for any list of
// lines, the same array Array.prototype.flat gives, and back again through `pairs`.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flatLines, pairs } from '../../../../electron/host/exchange';

describe('flatLines', () => {
  it('flattens header lines as Array.prototype.flat does', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 30 }), (lines) => {
        expect(flatLines(lines)).toEqual(lines.flat());
        expect(pairs(flatLines(lines))).toEqual(lines);
      }),
    );
  });
});
