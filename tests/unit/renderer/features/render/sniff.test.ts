// Sniffing a file's first bytes (SEC-3): real image signatures are recognised, and HTML or SVG labelled as an image
// is told apart, so it never reaches an <img>.

import { describe, expect, it } from 'vitest';
import { looksLikeMarkup, sniffRaster } from '../../../../../renderer/features/render/sniff';

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? Array.from(Buffer.from(v, 'latin1')) : [v])));

describe('sniffRaster', () => {
  it('recognises the raster formats the browser decodes', () => {
    expect(sniffRaster(bytes(0x89, 'PNG\r\n\x1a\n', 0))).toBe('image/png');
    expect(sniffRaster(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffRaster(bytes('GIF89a'))).toBe('image/gif');
    expect(sniffRaster(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffRaster(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffRaster(bytes('BM', 0, 0))).toBe('image/bmp');
    expect(sniffRaster(bytes(0, 0, 1, 0, 1))).toBe('image/x-icon');
    expect(sniffRaster(bytes(0, 0, 0, 0x1c, 'ftypavif'))).toBe('image/avif');
  });

  it('says no to markup, text, truncated signatures and nothing at all', () => {
    expect(sniffRaster(bytes('<!doctype html><script>x</script>'))).toBeUndefined();
    expect(sniffRaster(bytes('<svg onload="x"/>'))).toBeUndefined();
    expect(sniffRaster(bytes(0x89, 'PN'))).toBeUndefined();
    expect(sniffRaster(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeUndefined();
    expect(sniffRaster(bytes(0, 0, 0, 0x1c, 'ftypisom'))).toBeUndefined();
    expect(sniffRaster(new Uint8Array())).toBeUndefined();
  });
});

describe('looksLikeMarkup', () => {
  it('finds a tag after a BOM and whitespace', () => {
    expect(looksLikeMarkup(bytes('<html>'))).toBe(true);
    expect(looksLikeMarkup(bytes(0xef, 0xbb, 0xbf, ' \r\n\t<svg/>'))).toBe(true);
    expect(looksLikeMarkup(bytes('just text <b>'))).toBe(false);
    expect(looksLikeMarkup(bytes(0x89, 'PNG'))).toBe(false);
    expect(looksLikeMarkup(new Uint8Array())).toBe(false);
  });
});
