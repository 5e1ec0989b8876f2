// Bytes and text for the session modules, which run in Node and in the browser (shared/ has neither Buffer nor
// atob): base64 both ways, UTF-8 with a validity check, BodyBytes from bytes or text, and the "byte string" — one
// UTF-16 unit per byte, 0–255 — that redaction edits when a body is not valid UTF-8, so that the bytes it does not
// touch come back exactly as they were.

import type { BodyBytes } from '../wire/frame';
import { firstInvalidUtf8 } from '../wire/sseUtf8';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const codes = Uint8Array.from(alphabet, (char) => char.charCodeAt(0));
const PAD = 0x3d;
const sextets = new Int8Array(128).fill(-1);
for (let i = 0; i < alphabet.length; i++) sextets[alphabet.charCodeAt(i)] = i;
// base64url's two letters decode too: some HAR writers use them.
sextets['-'.charCodeAt(0)] = 62;
sextets['_'.charCodeAt(0)] = 63;

/** Standard base64 with padding, as Node's Buffer writes it (so a round trip gives the very same string). */
export function bytesToBase64(bytes: Uint8Array): string {
  // The output is built as ASCII bytes and decoded once: far faster than growing a string for bodies of megabytes.
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let o = 0;
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o++] = codes[n >> 18]!;
    out[o++] = codes[(n >> 12) & 63]!;
    out[o++] = codes[(n >> 6) & 63]!;
    out[o++] = codes[n & 63]!;
  }
  if (i < bytes.length) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    out[o] = codes[a >> 2]!;
    out[o + 1] = codes[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out[o + 2] = b === undefined ? PAD : codes[(b & 15) << 2]!;
    out[o + 3] = PAD;
  }
  return decoder.decode(out);
}

/** Decodes base64 (padding optional, whitespace ignored); undefined when a character is not base64. */
export function base64ToBytes(text: string): Uint8Array | undefined {
  const out = new Uint8Array(Math.floor((text.length * 3) / 4) + 3);
  let size = 0;
  let buffer = 0;
  let bits = 0;
  let ended = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x3d) {
      ended = true; // '=': only padding (and whitespace) may follow
      continue;
    }
    if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) continue;
    const value = code < 128 ? sextets[code]! : -1;
    if (value < 0 || ended) return undefined;
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[size++] = (buffer >> bits) & 0xff;
    }
  }
  return out.subarray(0, size);
}

const encoder = new TextEncoder();
// Not fatal and BOM kept: the same reading the host gives a body when it records it (electron/host/bodyBytes.ts).
const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

export function utf8Bytes(text: string): Uint8Array {
  return encoder.encode(text);
}

export function utf8Text(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

export function isUtf8(bytes: Uint8Array): boolean {
  return firstInvalidUtf8(bytes, 0, bytes.length) === -1;
}

/** A body record for these bytes, shaped exactly as the host records one. */
export function bodyFromBytes(bytes: Uint8Array, truncated?: BodyBytes['truncated']): BodyBytes {
  const body: BodyBytes = {
    base64: bytesToBase64(bytes),
    text: utf8Text(bytes),
    size: bytes.length,
    utf8Valid: isUtf8(bytes),
  };
  if (truncated) body.truncated = { ...truncated };
  return body;
}

export function bodyFromText(text: string): BodyBytes {
  return bodyFromBytes(utf8Bytes(text));
}

export const EMPTY_BODY: Readonly<BodyBytes> = Object.freeze({
  base64: '',
  text: '',
  size: 0,
  utf8Valid: true,
});

/** One UTF-16 unit per byte; ASCII stays readable, so secrets (all ASCII-keyed) can be found in it. */
export function bytesToByteString(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 0x2000) {
    parts.push(String.fromCharCode(...bytes.subarray(i, i + 0x2000)));
  }
  return parts.join('');
}

/**
 * The inverse of bytesToByteString, except that characters above U+00FF — only ever the mask text redaction put
 * in — are written as their UTF-8 bytes.
 */
export function byteStringToBytes(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0xff) out.push(code);
    else {
      const point = text.codePointAt(i)!;
      if (point > 0xffff) i++;
      for (const byte of encoder.encode(String.fromCodePoint(point))) out.push(byte);
    }
  }
  return Uint8Array.from(out);
}
