// The page's favicon is a small PNG, not the SVG it is drawn from: Chromium builds an SVG favicon into a document of
// its own on the page's main thread during the start, while a PNG decodes almost for free (scripts/renderFavicon.ts).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The icon links of the page, as [type, sizes, href]. */
function iconLinks(html: string): Array<[string, string, string]> {
  return [...html.matchAll(/<link\s[^>]*rel="icon"[^>]*>/g)].map((match) => {
    const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(match[0])?.[1] ?? '';
    return [attr('type'), attr('sizes'), attr('href')];
  });
}

describe('the favicon', () => {
  it('is linked once, as a PNG', () => {
    expect(iconLinks(readFileSync('renderer/index.html', 'utf8'))).toEqual([
      ['image/png', '64x64', './favicon.png'],
    ]);
  });

  it('is a 64×64 PNG drawn from the SVG, which is not shipped', () => {
    const png = readFileSync('renderer/public/favicon.png');
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // The IHDR chunk comes first: width and height as 32-bit big-endian numbers after its length and type.
    expect(png.toString('latin1', 12, 16)).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([64, 64]);
    expect(readFileSync('renderer/icon/favicon.svg', 'utf8')).toMatch(/^<svg /);
    expect(() => readFileSync('renderer/public/favicon.svg')).toThrow();
  });
});
