// The spilled body's hash and UTF-8 verdict are made only once a body goes to disk (bench:proxy: a hash per answer
// kept in memory was wasted work). Differential: for any body, threshold and chunking, the stored file, its name and
// the verdict are those of the whole kept body hashed and decoded in one go, and a body kept in memory is unchanged.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toBodyBytes } from '../../../../../electron/host/bodyBytes';
import { SpillingCollector } from '../../../../../electron/host/spill/spillCollector';
import { testTempDir } from '../../../support/tempDir';

function utf8Valid(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

// Text with multi-byte characters (split across chunks and across the spill), sometimes broken by a stray byte.
const bodies = fc
  .tuple(fc.string({ unit: 'binary', maxLength: 400 }), fc.option(fc.nat(400)))
  .map(([text, broken]) => {
    const bytes = Buffer.from(text, 'utf8');
    if (broken !== null && bytes.length > 0) bytes[broken % bytes.length] = 0xff;
    return bytes;
  });

describe('SpillingCollector hashing', () => {
  it('stores what one pass over the whole body would, whatever the threshold and chunks', () => {
    const dir = testTempDir('switchboard-spill-hash-');
    fc.assert(
      fc.property(bodies, fc.nat(500), fc.integer({ min: 1, max: 64 }), (body, above, chunk) => {
        const collector = new SpillingCollector(1 << 20, { dir, aboveBytes: above });
        for (let i = 0; i < body.length; i += chunk) collector.push(body.subarray(i, i + chunk));
        const stored = collector.toBody();
        if (!collector.spilled) {
          expect(stored).toEqual(toBodyBytes(body));
          return;
        }
        const sha256 = createHash('sha256').update(body).digest('hex');
        expect(stored.stored?.sha256).toBe(sha256);
        expect(stored.utf8Valid).toBe(utf8Valid(body));
        expect(readFileSync(path.join(dir, sha256)).equals(body)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
