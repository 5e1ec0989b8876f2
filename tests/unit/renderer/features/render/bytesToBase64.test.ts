// bytesToBase64 (TL-4): what a PDF part's bytes become on the way to the host's openExternally, chunked so a large
// file never becomes one huge argument list; it must round-trip through decodeBase64 exactly.

import { describe, expect, it } from 'vitest';
import { bytesToBase64, decodeBase64 } from '../../../../../renderer/features/render/media';

describe('bytesToBase64', () => {
  it('matches Node for small inputs, including the empty one', () => {
    for (const text of ['', 'f', 'fo', 'foo', '%PDF-1.7\n%\u00e2\u00e3']) {
      const bytes = new Uint8Array(Buffer.from(text, 'latin1'));
      expect(bytesToBase64(bytes)).toBe(Buffer.from(text, 'latin1').toString('base64'));
    }
  });

  it('round-trips every byte value across several chunks', () => {
    const bytes = new Uint8Array(100_003).map((_, i) => (i * 7) % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect(decodeBase64(bytesToBase64(bytes))).toEqual(bytes);
  });
});
