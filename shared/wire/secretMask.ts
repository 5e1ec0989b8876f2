// Masks the secrets of a frame (AUTH-1, FRM-1, FRM-5): a frame's SecretMarks say where credentials sit — a request
// header, a query parameter, a cookie, a form field, a JSON key of the request, a JSON pointer of the response — and
// these functions replace exactly those values with a mask, leaving every other byte as it was. The frames view
// shows the masked text until the user asks to reveal it; the cURL rendering and exports use the same functions.

import { SECRET_PLACEHOLDER } from '../host/agent';
import type { HeaderList, HttpFrame, SecretMark } from './frame';
import { appendPointer } from './jsonPointer';
import { parseJsonText } from './jsonText';

export const SECRET_MASK = SECRET_PLACEHOLDER;

/** Authorization schemes worth keeping visible: the scheme says which credential it is, the rest is the secret. */
const visibleScheme = /^(Bearer|Basic|Digest|Token|ApiKey)\s+/i;

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function namesIn(marks: readonly SecretMark[], where: 'query' | 'cookie' | 'form'): string[] {
  return marks.flatMap((mark) => (mark.in === where ? [mark.name] : []));
}

/** Decodes a form or query component the way servers read it ('+' is a space); undecodable text stays as is. */
function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** Masks the values of `name=value` pairs split by `separator` whose name is in `names` (exact, after decoding). */
function maskPairs(text: string, separator: RegExp, names: readonly string[], trim: boolean): string {
  if (names.length === 0) return text;
  const parts = text.split(separator);
  const separators = text.match(separator) ?? [];
  let out = '';
  parts.forEach((part, index) => {
    const equals = part.indexOf('=');
    let piece = part;
    if (equals !== -1) {
      const rawName = part.slice(0, equals);
      const name = trim ? rawName.trim() : decodeComponent(rawName);
      if (names.includes(name)) piece = `${rawName}=${SECRET_MASK}`;
    }
    out += piece + (separators[index] ?? '');
  });
  return out;
}

/**
 * A request header's value with its secret parts masked, or undefined when nothing in it is secret. A marked header
 * is masked whole (an Authorization header keeps its scheme word); a Cookie header masks only the marked cookies.
 */
export function maskedHeaderValue(
  name: string,
  value: string,
  marks: readonly SecretMark[],
): string | undefined {
  if (marks.some((mark) => mark.in === 'request-header' && sameName(mark.name, name))) {
    const scheme = /authorization$/i.test(name) ? visibleScheme.exec(value)?.[0] : undefined;
    return `${scheme ?? ''}${SECRET_MASK}`;
  }
  if (sameName(name, 'cookie')) {
    const masked = maskPairs(value, /;/g, namesIn(marks, 'cookie'), true);
    return masked === value ? undefined : masked;
  }
  return undefined;
}

/** Request headers in wire order with secret values masked. */
export function maskHeaders(headers: HeaderList, marks: readonly SecretMark[]): HeaderList {
  return headers.map(([name, value]) => [name, maskedHeaderValue(name, value, marks) ?? value]);
}

/** The URL with the values of secret query parameters masked; the rest of the text unchanged. */
export function maskUrl(url: string, marks: readonly SecretMark[]): string {
  const names = namesIn(marks, 'query');
  const question = url.indexOf('?');
  if (names.length === 0 || question === -1) return url;
  const hash = url.indexOf('#', question);
  const end = hash === -1 ? url.length : hash;
  const query = url.slice(question + 1, end);
  return url.slice(0, question + 1) + maskPairs(query, /&/g, names, false) + url.slice(end);
}

/** The fields of an `application/x-www-form-urlencoded` body named by `form` marks, masked. */
export function maskFormText(text: string, marks: readonly SecretMark[]): string {
  return maskPairs(text, /&/g, namesIn(marks, 'form'), false);
}

/** Every JSON pointer in `value` whose last token is one of `keys` (object members only, at any depth). */
function pointersOfKeys(value: unknown, keys: ReadonlySet<string>): string[] {
  const found: string[] = [];
  // Iterative, so a deeply nested hostile body cannot overflow the stack.
  const stack: Array<{ value: unknown; pointer: string }> = [{ value, pointer: '' }];
  while (stack.length > 0) {
    const { value: current, pointer } = stack.pop()!;
    if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, pointer: appendPointer(pointer, index) }));
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        const child = appendPointer(pointer, key);
        if (keys.has(key)) found.push(child);
        else stack.push({ value: item, pointer: child });
      }
    }
  }
  return found;
}

/** Replaces the values at `pointers` in JSON text with a JSON string mask; text that is not JSON is returned as is. */
export function maskJsonPointers(text: string, pointers: readonly string[]): string {
  if (pointers.length === 0) return text;
  const parsed = parseJsonText(text);
  if (!parsed.ok) return text;
  return replaceJsonValues(text, pointers, parsed.locate);
}

/** Replaces the value of every member named by one of `keys`, at any depth, with a JSON string mask. */
export function maskJsonKeys(text: string, keys: readonly string[]): string {
  if (keys.length === 0) return text;
  const parsed = parseJsonText(text);
  if (!parsed.ok) return text;
  return replaceJsonValues(text, pointersOfKeys(parsed.value, new Set(keys)), parsed.locate);
}

function replaceJsonValues(
  text: string,
  pointers: readonly string[],
  locate: (pointer: string) => {
    exact: boolean;
    value: { start: { offset: number }; end: { offset: number } };
  },
): string {
  const spans = pointers
    .map((pointer) => locate(pointer))
    // A pointer that is not in this body must not mask its nearest ancestor instead.
    .filter((location) => location.exact)
    .map((location) => ({ start: location.value.start.offset, end: location.value.end.offset }))
    .sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const span of spans) {
    if (span.start < at) continue; // inside a value already masked
    out += text.slice(at, span.start) + JSON.stringify(SECRET_MASK);
    at = span.end;
  }
  return out + text.slice(at);
}

function isForm(headers: HeaderList): boolean {
  const type = headers.find(([name]) => sameName(name, 'content-type'))?.[1] ?? '';
  return type.toLowerCase().includes('application/x-www-form-urlencoded');
}

/** A request body's text with its form fields and JSON keys masked, as the content type says it is. */
export function maskRequestBody(text: string, headers: HeaderList, marks: readonly SecretMark[]): string {
  if (isForm(headers)) return maskFormText(text, marks);
  return maskJsonKeys(
    text,
    marks.flatMap((mark) => (mark.in === 'request-json' ? [mark.key] : [])),
  );
}

/** A response body's text with the values at `response-json` pointers masked. */
export function maskResponseBody(text: string, marks: readonly SecretMark[]): string {
  return maskJsonPointers(
    text,
    marks.flatMap((mark) => (mark.in === 'response-json' ? [mark.pointer] : [])),
  );
}

/** The readable parts of an exchange with its secrets masked: what a view or a diff shows before "reveal". */
export interface MaskedExchange {
  url: string;
  requestHeaders: HeaderList;
  requestBody?: string;
  responseHeaders?: HeaderList;
  responseBody?: string;
}

export function maskExchange(frame: HttpFrame): MaskedExchange {
  const marks = frame.secrets ?? [];
  const { request, response } = frame;
  return {
    url: maskUrl(request.url, marks),
    requestHeaders: maskHeaders(request.headers, marks),
    ...(request.body ? { requestBody: maskRequestBody(request.body.text, request.headers, marks) } : {}),
    // No mark points at a response header; the response's secrets are in its JSON body (an OAuth token).
    ...(response
      ? { responseHeaders: response.headers, responseBody: maskResponseBody(response.body.text, marks) }
      : {}),
  };
}
