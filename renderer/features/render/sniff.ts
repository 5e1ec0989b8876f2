// What a file's first bytes say it is, whatever its declared media type (SEC-3): an agent can label HTML or SVG as
// image/png. Only bytes that start like a raster image the browser decodes go into an <img>; anything else is named
// for what it looks like and offered to save, so a lying label shows as a lie instead of a broken image.

const ASCII = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((byte, i) => bytes[at + i] === byte);
}

/** The raster format the bytes start with (`image/png`, …), or undefined when they are not one. */
export function sniffRaster(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ASCII('GIF87a')) || startsWith(bytes, ASCII('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ASCII('RIFF')) && startsWith(bytes, ASCII('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ASCII('BM'))) return 'image/bmp';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return 'image/x-icon';
  if (startsWith(bytes, ASCII('ftyp'), 4)) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
  }
  return undefined;
}

/** Whether the bytes open like markup (HTML, SVG, XML): a `<` after any BOM and whitespace. */
export function looksLikeMarkup(bytes: Uint8Array): boolean {
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < bytes.length && i < 1024 && (bytes[i] === 0x20 || (bytes[i]! >= 0x09 && bytes[i]! <= 0x0d))) i++;
  return bytes[i] === 0x3c;
}
