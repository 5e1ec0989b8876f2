// Copy as fetch, HTTPie and Python requests (MSG-8): a recorded or drafted request as code in each, with every string
// quoted for its language so that no header or body content can end the string and become code (JSON string literals
// for JavaScript, byte-escaped literals for Python, single-quoted shell words and HTTPie item escapes for HTTPie).
// Secrets are redacted as in Copy as cURL unless the caller passes `redact: false`.

import { base64ToBytes, bytesToBase64 } from '../session/byteText';
import { shellQuote, toCurl, type CurlOptions } from './curl';
import type { FrameRequest, HeaderList } from './frame';
import { maskHeaders, maskRequestBody, maskUrl } from './secretMask';

export type ExportOptions = CurlOptions;

/** Headers each client derives from the body or the connection; copying them would be wrong or refused. */
const derivedHeaders = new Set(['content-length', 'transfer-encoding']);
/** Headers fetch refuses or replaces (https://fetch.spec.whatwg.org/#forbidden-request-header). */
const fetchForbidden = new Set(['host', 'connection', 'keep-alive', 'upgrade', 'expect', 'te', 'trailer']);

interface Prepared {
  method: string;
  url: string;
  headers: HeaderList;
  /** The body's bytes, or undefined when there is none. */
  bytes?: Uint8Array;
}

function prepare(request: FrameRequest, options: ExportOptions): Prepared {
  const marks = options.redact === false ? [] : options.redact;
  const headers = maskHeaders(request.headers, marks).filter(
    ([name]) => !derivedHeaders.has(name.toLowerCase()),
  );
  const prepared: Prepared = {
    method: request.method.toUpperCase(),
    url: maskUrl(request.url, marks),
    headers,
  };
  const body = request.body;
  if (body !== undefined && body.size > 0) {
    const text = maskRequestBody(body.text, request.headers, marks);
    // The exact bytes when nothing was redacted (they may not be UTF-8); the redacted reading otherwise.
    const exact = text === body.text ? base64ToBytes(body.base64) : undefined;
    prepared.bytes = exact ?? new TextEncoder().encode(text);
  }
  return prepared;
}

function utf8OrUndefined(bytes: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.includes('\0') ? undefined : text;
  } catch {
    return undefined;
  }
}

/** A JavaScript string literal: JSON's escaping is valid JavaScript and leaves no way out of the string. */
function jsString(text: string): string {
  return JSON.stringify(text);
}

export function toFetch(request: FrameRequest, options: ExportOptions): string {
  const r = prepare(request, options);
  const lines = [`const response = await fetch(${jsString(r.url)}, {`, `  method: ${jsString(r.method)},`];
  const headers = r.headers.filter(([name]) => !fetchForbidden.has(name.toLowerCase()));
  if (headers.length > 0) {
    // Pairs rather than an object, so a header sent twice stays twice.
    lines.push('  headers: [');
    for (const [name, value] of headers) lines.push(`    [${jsString(name)}, ${jsString(value)}],`);
    lines.push('  ],');
  }
  if (r.bytes !== undefined) {
    const text = utf8OrUndefined(r.bytes);
    if (text !== undefined) lines.push(`  body: ${jsString(text)},`);
    else
      lines.push(
        `  body: Uint8Array.from(atob(${jsString(bytesToBase64(r.bytes))}), (c) => c.charCodeAt(0)),`,
      );
  }
  lines.push('});');
  return lines.join('\n');
}

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0');
}

/** A Python str literal: printable ASCII as is, everything else as an escape, so nothing can close the string. */
export function pyString(text: string): string {
  let out = "'";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0x20 && code < 0x7f && char !== '\\' && char !== "'") out += char;
    else if (code < 0x100) out += `\\x${hex(code, 2)}`;
    else if (code < 0x10000) out += `\\u${hex(code, 4)}`;
    else out += `\\U${hex(code, 8)}`;
  }
  return `${out}'`;
}

/** A Python bytes literal of exactly these bytes. */
export function pyBytes(bytes: Uint8Array): string {
  let out = "b'";
  for (const code of bytes) {
    const char = String.fromCharCode(code);
    out += code >= 0x20 && code < 0x7f && char !== '\\' && char !== "'" ? char : `\\x${hex(code, 2)}`;
  }
  return `${out}'`;
}

export function toPythonRequests(request: FrameRequest, options: ExportOptions): string {
  const r = prepare(request, options);
  // requests takes a dict: a header sent twice becomes one line with both values, as RFC 9110 section 5.3 allows.
  const merged = new Map<string, [string, string]>();
  for (const [name, value] of r.headers) {
    const seen = merged.get(name.toLowerCase());
    if (seen) seen[1] = `${seen[1]}, ${value}`;
    else merged.set(name.toLowerCase(), [name, value]);
  }
  const lines = ['import requests', '', 'response = requests.request(', `    ${pyString(r.method)},`];
  lines.push(`    ${pyString(r.url)},`);
  if (merged.size > 0) {
    lines.push('    headers={');
    for (const [name, value] of merged.values()) lines.push(`        ${pyString(name)}: ${pyString(value)},`);
    lines.push('    },');
  }
  if (r.bytes !== undefined) lines.push(`    data=${pyBytes(r.bytes)},`);
  lines.push(')');
  return lines.join('\n');
}

/** HTTPie reads `\` before any of these as "this character, literally" in a request item. */
const httpieSpecial = /[\\:=@;]/g;

function httpieItem(name: string, value: string): string {
  const escape = (text: string): string => text.replace(httpieSpecial, (c) => `\\${c}`);
  // `Name;` is HTTPie's way to send a header with an empty value (`Name:` would remove it).
  return shellQuote(value === '' ? `${escape(name)};` : `${escape(name)}:${escape(value)}`);
}

export function toHttpie(request: FrameRequest, options: ExportOptions): string {
  const r = prepare(request, options);
  const words = ['http'];
  let pipe = '';
  if (r.bytes !== undefined) {
    const text = utf8OrUndefined(r.bytes);
    // --raw carries text exactly (HTTPie 3.2 and later); bytes that are not text come in on standard input.
    if (text !== undefined) words.push('--ignore-stdin', `--raw ${shellQuote(text)}`);
    else pipe = `printf '%s' ${shellQuote(bytesToBase64(r.bytes))} | base64 -d | `;
  } else words.push('--ignore-stdin');
  words.push(/^[A-Za-z]+$/.test(r.method) ? r.method : shellQuote(r.method), shellQuote(r.url));
  for (const [name, value] of r.headers) words.push(httpieItem(name, value));
  return `${pipe}${words.join(' \\\n  ')}`;
}

/** Every client a request can be copied as, in menu order; the editor and the frames inspector offer the same. */
export const requestCodeFormats = ['curl', 'fetch', 'httpie', 'python'] as const;
export type RequestCodeFormat = (typeof requestCodeFormats)[number];

export const requestCodeLabels: Record<RequestCodeFormat, string> = {
  curl: 'cURL',
  fetch: 'fetch (JavaScript)',
  httpie: 'HTTPie',
  python: 'Python requests',
};

/** The request as code for `format`; secrets redacted per `options` as Copy as cURL does. */
export function requestAsCode(
  request: FrameRequest,
  format: RequestCodeFormat,
  options: ExportOptions,
): string {
  if (format === 'curl') return toCurl(request, options);
  if (format === 'fetch') return toFetch(request, options);
  if (format === 'httpie') return toHttpie(request, options);
  return toPythonRequests(request, options);
}
