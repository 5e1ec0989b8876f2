// Renders a recorded request as a curl command (FRM-5) that a POSIX shell runs exactly as sent: every argument is
// single-quoted, so `$()`, backticks, quotes and newlines in agent-influenced text stay text. Secrets are redacted
// unless the caller passes `redact: false`.

import type { FrameRequest, SecretMark } from './frame';
import { maskHeaders, maskRequestBody, maskUrl } from './secretMask';

export interface CurlOptions {
  /** The frame's secret marks to redact, or false to include the secrets as sent. */
  redact: readonly SecretMark[] | false;
}

/** Headers curl derives from the body itself; copying them would be wrong once a redacted body changes length. */
const derivedHeaders = new Set(['content-length', 'transfer-encoding']);

/** One shell word: single quotes keep everything literal; a quote inside is closed, escaped and reopened. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** Letters, digits and `._-` need no quotes in any shell (an HTTP method is usually just that). */
function plainWord(text: string): boolean {
  return /^[A-Za-z0-9._-]+$/.test(text);
}

/** `-H` argument: curl drops a header given as `Name:` with nothing after it, but sends `Name;` as an empty one. */
function headerArgument(name: string, value: string): string {
  return value === '' ? `${name};` : `${name}: ${value}`;
}

export function toCurl(request: FrameRequest, options: CurlOptions): string {
  const marks = options.redact === false ? [] : options.redact;
  const method = request.method.toUpperCase();
  const words: string[] = [];
  const accept = request.headers.find(([name]) => name.toLowerCase() === 'accept')?.[1] ?? '';
  // An event stream should print events as they come, not when curl's buffer fills.
  if (accept.toLowerCase().includes('text/event-stream')) words.push('--no-buffer');

  const body = request.body;
  const hasBody = body !== undefined && body.size > 0;
  if (method === 'HEAD') words.push('--head');
  // With a body curl would switch to POST, so the method is spelled out whenever there is one.
  else if (method !== 'GET' || hasBody) words.push(`-X ${plainWord(method) ? method : shellQuote(method)}`);
  // --url, so a URL that starts with '-' can never be read as an option.
  words.push(`--url ${shellQuote(maskUrl(request.url, marks))}`);

  // With a body and no Content-Type, curl would add a form one: `Content-Type:` keeps it off, as it was sent.
  const typed = request.headers.some(([name]) => name.toLowerCase() === 'content-type');
  if (hasBody && !typed) words.push(`-H 'Content-Type:'`);
  for (const [name, value] of maskHeaders(request.headers, marks)) {
    if (derivedHeaders.has(name.toLowerCase())) continue;
    words.push(`-H ${shellQuote(headerArgument(name, value))}`);
  }

  let pipe = '';
  if (hasBody) {
    const text = maskRequestBody(body.text, request.headers, marks);
    if (!body.utf8Valid || text.includes('\0')) {
      // Bytes a shell word cannot hold: carried as base64 and decoded into curl's standard input. When redaction
      // changed the text, the redacted reading is sent rather than the original bytes with the secret in them.
      const base64 = text === body.text ? body.base64 : base64OfText(text);
      pipe = `printf '%s' ${shellQuote(base64)} | base64 -d | `;
      words.push('--data-binary @-');
    } else if (text.startsWith('@')) {
      // --data-binary '@…' would make curl read a file of that name: the text goes through standard input instead.
      pipe = `printf '%s' ${shellQuote(text)} | `;
      words.push('--data-binary @-');
    } else {
      words.push(`--data-binary ${shellQuote(text)}`);
    }
  }
  // The first option stays on curl's line; each further one gets its own continued line.
  return `${pipe}curl ${words.join(' \\\n  ')}`;
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of the UTF-8 bytes of a text (shared/ has neither Buffer nor btoa). */
function base64OfText(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    out += alphabet[a >> 2]! + alphabet[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out += b === undefined ? '=' : alphabet[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    out += c === undefined ? '=' : alphabet[c & 63]!;
  }
  return out;
}
