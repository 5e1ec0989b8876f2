// Random requests for the round-trip property tests of Import cURL and the Copy as … exporters (MSG-8): header names
// are HTTP tokens, values and bodies carry quotes, `$()`, backticks, backslashes, unicode and (for bodies) any bytes,
// so that a quoting mistake in an exporter shows up as a request that comes back different.

import fc from 'fast-check';
import type { ImportedRequest } from '../../../shared/wire/curlImport';
import type { BodyBytes, FrameRequest } from '../../../shared/wire/frame';

export function bodyOfBytes(bytes: Uint8Array): BodyBytes {
  const buffer = Buffer.from(bytes);
  let utf8Valid = true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    utf8Valid = false;
  }
  return { base64: buffer.toString('base64'), text: buffer.toString('utf8'), size: bytes.length, utf8Valid };
}

export function bodyOfText(text: string): BodyBytes {
  return bodyOfBytes(new TextEncoder().encode(text));
}

/** The frame request an imported request stands for. */
export function frameOf(request: ImportedRequest): FrameRequest {
  const frame: FrameRequest = { method: request.method, url: request.url, headers: request.headers };
  if (request.body !== undefined) {
    frame.body =
      'text' in request.body
        ? bodyOfText(request.body.text)
        : bodyOfBytes(new Uint8Array(Buffer.from(request.body.base64, 'base64')));
  }
  return frame;
}

/** What two requests must share to be the same request: headers a client derives from the body are left out. */
export function essence(request: FrameRequest | ImportedRequest): {
  method: string;
  url: string;
  headers: string[][];
  body: string;
} {
  let body = '';
  if (request.body !== undefined) {
    if ('size' in request.body) body = request.body.base64;
    else if ('text' in request.body) body = Buffer.from(request.body.text, 'utf8').toString('base64');
    else body = request.body.base64;
  }
  const headers = request.headers
    .filter(([name]) => !['content-length', 'transfer-encoding'].includes(name.toLowerCase()))
    .map(([name, value]) => [name, value]);
  return { method: request.method, url: request.url, headers, body };
}

const tricky = fc.constantFrom(
  "'",
  '"',
  '$(id)',
  '`id`',
  '\\',
  '$HOME',
  ' ',
  ';',
  '|',
  '&',
  '@',
  '=',
  ':',
  'é',
  '🙂',
);
const textUnit = fc.oneof(
  { weight: 5, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: tricky },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
);

const headerName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]{0,15}$/);
/** A value as a header line can carry it: no line breaks or NUL, no leading blank (curl trims it). */
const headerValue = fc
  .string({ unit: textUnit, maxLength: 20 })
  .map((text) => text.replace(/[\r\n\0]/g, '').replace(/^[ \t]+/, ''));

const urlPath = fc.string({ unit: textUnit, maxLength: 20 }).map((text) => text.replace(/[\s\0]/g, ''));

const bodyArb: fc.Arbitrary<BodyBytes | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.string({ unit: textUnit, minLength: 1, maxLength: 40 }).map(bodyOfText),
  fc.uint8Array({ minLength: 1, maxLength: 20 }).map(bodyOfBytes),
);

export interface RequestShape {
  /** Header names unique regardless of case (Python requests takes a dict). */
  uniqueNames?: boolean;
}

export function requestArb(shape: RequestShape = {}): fc.Arbitrary<FrameRequest> {
  return fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND'),
      path: urlPath,
      headers: fc.array(fc.tuple(headerName, headerValue), { maxLength: 5 }),
      body: bodyArb,
    })
    .map(({ method, path, headers, body }) => {
      const kept = headers.filter(
        ([name]) => !['content-length', 'transfer-encoding'].includes(name.toLowerCase()),
      );
      const seen = new Set<string>();
      const unique = kept.filter(([name]) => {
        const fresh = !seen.has(name.toLowerCase());
        seen.add(name.toLowerCase());
        return fresh;
      });
      const request: FrameRequest = {
        method,
        url: `http://a.test/${path}`,
        headers: shape.uniqueNames ? unique : kept,
      };
      if (body !== undefined) request.body = body;
      return request;
    });
}
