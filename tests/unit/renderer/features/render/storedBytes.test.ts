// Decoding a stored file part read in slices (SEC-4): any cut of the base64 gives the same bytes as decoding it
// whole, JSON-escaped content is unescaped before decoding, and text that is not base64 fails instead of guessing.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StoredBase64Decoder } from '../../../../../renderer/features/render/storedBytes';
import {
  parseStoredString,
  storedStringJson,
  storedStringPlaceholder,
} from '../../../../../shared/wire/storedString';

function decodeIn(text: string, cuts: number[]): Uint8Array | null {
  const decoder = new StoredBase64Decoder();
  let from = 0;
  for (const cut of [...new Set(cuts)].filter((c) => c > 0 && c < text.length).sort((a, b) => a - b)) {
    decoder.push(text.slice(from, cut));
    from = cut;
  }
  decoder.push(text.slice(from));
  return decoder.end();
}

describe('StoredBase64Decoder', () => {
  it('gives the bytes back however the base64 is cut', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.array(fc.nat({ max: 400 }), { maxLength: 8 }),
        (bytes, cuts) => {
          const base64 = Buffer.from(bytes).toString('base64');
          expect(Buffer.from(decodeIn(base64, cuts)!).equals(Buffer.from(bytes))).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('unescapes JSON-escaped content first', () => {
    const base64 = Buffer.from('hello stored world').toString('base64');
    const escaped = JSON.stringify(base64.slice(0, 8) + '\n' + base64.slice(8))
      .slice(1, -1)
      .replace('/', '\\/');
    expect(Buffer.from(decodeIn(escaped, [3, 9, 10])!).toString()).toBe('hello stored world');
  });

  it('fails on text that is not base64', () => {
    expect(decodeIn('QUJD!!!!', [4])).toBeNull();
    expect(decodeIn('"unterminated\\', [])).toBeNull();
  });
});

describe('stored string placeholders', () => {
  it('round-trip, and nothing else parses as one', () => {
    const stored = { sha256: 'ab'.repeat(32), offset: 12, length: 400 };
    expect(parseStoredString(storedStringPlaceholder(stored))).toEqual(stored);
    expect(parseStoredString(JSON.parse(storedStringJson(stored)))).toEqual(stored);
    for (const other of [
      '',
      'QUJD',
      storedStringPlaceholder(stored).slice(1),
      `${storedStringPlaceholder(stored)}x`,
      42,
    ])
      expect(parseStoredString(other)).toBeUndefined();
  });
});
