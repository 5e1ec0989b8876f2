// HAR 1.2 export (SES-5): frames written out as a HAR log that browsers' devtools, proxies and HAR viewers read —
// one entry per exchange (the newest revision of each `http` frame) and per webhook delivery, a streamed answer's
// content rebuilt from its `sse` frames — plus custom `_` fields (allowed by HAR) that let Switchboard open its own
// export again as exactly the same frames. Import lives in harImport.ts; this module re-exports it so the loader
// has one place to go. Frames are expected to be redacted already (redact.ts): this module writes what it is given.

import type {
  BodyBytes,
  Frame,
  FrameError,
  FrameRequest,
  FrameTiming,
  HeaderList,
  HttpFrame,
  SseFrame,
  WebhookFrame,
} from '../wire/frame';
import { base64ToBytes, bytesToBase64, utf8Bytes } from './byteText';
import type {
  HarContent,
  HarCookie,
  HarEntry,
  HarLog,
  HarNameValue,
  HarPostData,
  HarRequest,
  HarResponse,
  HarSseEvent,
  HarTimings,
  HarWireExtras,
} from './harTypes';
import type { SessionAgent } from './types';

export type { HarLog } from './harTypes';
export { harToFrames, looksLikeHar } from './harImport';

/** Version of the `_switchboard` fields; raise it when their meaning changes. */
export const HAR_SWITCHBOARD_FORMAT = 1;

export interface HarExportOptions {
  appVersion: string;
  agents?: readonly SessionAgent[];
}

export function framesToHar(frames: readonly Frame[], options: HarExportOptions): HarLog {
  const finals = finalFrames(frames);
  const events = new Map<string, SseFrame[]>();
  const exchanges = new Set<string>();
  for (const frame of finals) {
    if (frame.kind === 'http') exchanges.add(frame.id);
    else if (frame.kind === 'sse') {
      const list = events.get(frame.exchangeId) ?? [];
      list.push(frame);
      events.set(frame.exchangeId, list);
    }
  }
  const entries: HarEntry[] = [];
  const orphans: Frame[] = [];
  for (const frame of finals) {
    if (frame.kind === 'http') entries.push(httpEntry(frame, sortBySeq(events.get(frame.id))));
    else if (frame.kind === 'webhook') entries.push(webhookEntry(frame));
    else if (!exchanges.has(frame.exchangeId)) orphans.push(frame);
  }
  return {
    log: {
      version: '1.2',
      creator: { name: 'Switchboard', version: options.appVersion },
      entries,
      _switchboardFormat: HAR_SWITCHBOARD_FORMAT,
      ...(options.agents && options.agents.length > 0 ? { _switchboardAgents: [...options.agents] } : {}),
      ...(orphans.length > 0 ? { _switchboardFrames: orphans } : {}),
    },
  };
}

/** A frame without `rev`, or one that is done, is final and outranks every revision (frame.ts). */
function revisionOf(frame: Frame): number {
  return frame.kind === 'http' && frame.rev !== undefined && frame.state !== 'done'
    ? frame.rev
    : Number.POSITIVE_INFINITY;
}

/** The newest revision of each frame id, in the order ids first appeared. */
export function finalFrames(frames: readonly Frame[]): Frame[] {
  const at = new Map<string, number>();
  const out: Frame[] = [];
  for (const frame of frames) {
    const index = at.get(frame.id);
    if (index === undefined) {
      at.set(frame.id, out.length);
      out.push(frame);
    } else if (revisionOf(frame) >= revisionOf(out[index]!)) out[index] = frame;
  }
  return out;
}

function sortBySeq(frames: SseFrame[] | undefined): SseFrame[] {
  return frames ? [...frames].sort((a, b) => a.seq - b.seq) : [];
}

// ---------------------------------------------------------------------------------------------------------------
// Entries

function httpEntry(frame: HttpFrame, events: SseFrame[]): HarEntry {
  const { request, response, kind, ...rest } = frame;
  const wire: HarWireExtras = {};
  const streamed = events.length > 0 || frame.stream !== undefined;
  const version = response ? harHttpVersion(response.httpVersion) : 'HTTP/1.1';
  let harResponse: HarResponse;
  if (response) {
    if (httpVersionFromHar(version) !== response.httpVersion) wire.httpVersion = response.httpVersion;
    const mimeType = headerValue(response.headers, 'content-type') ?? '';
    let content: HarContent;
    if (streamed) {
      content = streamContent(events, mimeType || 'text/event-stream');
      if (response.body.size > 0 || response.body.text !== '') wire.responseBody = response.body;
    } else content = contentOf(response.body, mimeType);
    harResponse = {
      status: response.status,
      statusText: response.statusText,
      httpVersion: version,
      cookies: responseCookies(response.headers),
      headers: nameValues(response.headers),
      content,
      redirectURL: headerValue(response.headers, 'location') ?? '',
      headersSize: -1,
      bodySize: content.size,
    };
  } else {
    wire.noResponse = true;
    harResponse = missingResponse(frame.error);
  }
  const harRequest = requestOf(request, version, wire);
  const entry: HarEntry = {
    startedDateTime: isoTime(frame.timing.start),
    time: totalTime(frame.timing),
    request: harRequest,
    response: harResponse,
    cache: {},
    timings: timingsOf(frame.timing),
    ...serverAddress(frame.remote),
    _switchboard: { kind, ...rest, ...(Object.keys(wire).length > 0 ? { wire } : {}) },
  };
  if (streamed) entry._sseEvents = events.map(sseEvent);
  return entry;
}

function webhookEntry(frame: WebhookFrame): HarEntry {
  const { request, response, kind, ...rest } = frame;
  const wire: HarWireExtras = {};
  const mimeType = headerValue(response.headers, 'content-type') ?? '';
  const content = contentOf(response.body, mimeType);
  return {
    startedDateTime: isoTime(frame.timing.start),
    time: totalTime(frame.timing),
    // The receiver records the request target (a path); HAR wants an absolute URL, so the Host header gives one.
    request: requestOf({ ...request, url: absoluteUrl(request) }, 'HTTP/1.1', wire, request.url),
    response: {
      status: response.status,
      statusText: frame.verdict.reason,
      httpVersion: 'HTTP/1.1',
      cookies: responseCookies(response.headers),
      headers: nameValues(response.headers),
      content,
      redirectURL: '',
      headersSize: -1,
      bodySize: content.size,
    },
    cache: {},
    timings: timingsOf(frame.timing),
    ...serverAddress(frame.remote),
    comment: `Push delivery: ${frame.verdict.reason}`,
    _switchboard: { kind, ...rest, ...(Object.keys(wire).length > 0 ? { wire } : {}) },
  };
}

function absoluteUrl(request: FrameRequest): string {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(request.url)) return request.url;
  const host = headerValue(request.headers, 'host') ?? 'webhook.invalid';
  return `http://${host}${request.url.startsWith('/') ? '' : '/'}${request.url}`;
}

function requestOf(
  request: FrameRequest,
  httpVersion: string,
  wire: HarWireExtras,
  exactUrl = request.url,
): HarRequest {
  const url = uriText(request.url);
  if (url !== exactUrl) wire.url = exactUrl;
  const type = headerValue(request.headers, 'content-type') ?? '';
  return {
    method: request.method,
    url,
    httpVersion,
    cookies: requestCookies(request.headers),
    headers: nameValues(request.headers),
    queryString: queryOf(request.url),
    ...(request.body ? { postData: postDataOf(request.body, type) } : {}),
    headersSize: -1,
    bodySize: request.body?.size ?? 0,
  };
}

/** What an entry without a response says (HAR needs one): status 0 and the error in `_error`, as Chrome writes it. */
function missingResponse(error: FrameError | undefined): HarResponse {
  return {
    status: 0,
    statusText: '',
    httpVersion: '',
    cookies: [],
    headers: [],
    content: { size: 0, mimeType: 'x-unknown' },
    redirectURL: '',
    headersSize: -1,
    bodySize: -1,
    _error: error ? `${error.label}: ${error.message}` : 'No response was recorded.',
  };
}

function sseEvent(frame: SseFrame): HarSseEvent {
  const {
    kind: _kind,
    exchangeId: _exchange,
    seq,
    raw,
    rawBase64,
    dispatched,
    event,
    json,
    jsonFromData,
    ...rest
  } = frame;
  return {
    seq,
    time: frame.timing.start,
    raw,
    ...(rawBase64 !== undefined ? { rawBase64 } : {}),
    dispatched,
    ...(event ? { event } : {}),
    // The parsed JSON is the data parsed again on import; only whether it was parsed needs saying.
    _switchboard: { ...rest, ...(json !== undefined || jsonFromData ? { json: true as const } : {}) },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Bodies

/** The bytes are exactly the UTF-8 of the text, so the text alone carries them. */
function textIsExact(body: BodyBytes): boolean {
  return body.utf8Valid && bytesToBase64(utf8Bytes(body.text)) === body.base64;
}

function contentOf(body: BodyBytes, mimeType: string): HarContent {
  const content: HarContent = textIsExact(body)
    ? { size: body.size, mimeType, text: body.text }
    : { size: body.size, mimeType, text: body.base64, encoding: 'base64' };
  if (body.truncated) content._truncated = { ...body.truncated };
  return content;
}

function postDataOf(body: BodyBytes, mimeType: string): HarPostData {
  const postData: HarPostData = { mimeType, text: body.text };
  if (!textIsExact(body)) postData._base64 = body.base64;
  if (body.truncated) postData._truncated = { ...body.truncated };
  if (mimeType.toLowerCase().includes('application/x-www-form-urlencoded') && textIsExact(body)) {
    postData.params = pairsOf(body.text);
  }
  return postData;
}

/** A stream's body rebuilt from its blocks in order: text when all of it is UTF-8, base64 otherwise. */
function streamContent(events: readonly SseFrame[], mimeType: string): HarContent {
  if (events.every((event) => event.rawBase64 === undefined)) {
    const text = events.map((event) => event.raw).join('');
    return { size: utf8Bytes(text).length, mimeType, text };
  }
  const parts = events.map((event) =>
    event.rawBase64 !== undefined
      ? (base64ToBytes(event.rawBase64) ?? utf8Bytes(event.raw))
      : utf8Bytes(event.raw),
  );
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return { size: bytes.length, mimeType, text: bytesToBase64(bytes), encoding: 'base64' };
}

// ---------------------------------------------------------------------------------------------------------------
// Headers, cookies, query

function nameValues(headers: HeaderList): HarNameValue[] {
  return headers.map(([name, value]) => ({ name, value }));
}

function headerValue(headers: HeaderList, name: string): string | undefined {
  const lower = name.toLowerCase();
  return headers.find(([key]) => key.toLowerCase() === lower)?.[1];
}

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

function pairsOf(text: string): HarNameValue[] {
  if (text === '') return [];
  return text.split('&').map((part) => {
    const equals = part.indexOf('=');
    return equals === -1
      ? { name: decodeComponent(part), value: '' }
      : { name: decodeComponent(part.slice(0, equals)), value: decodeComponent(part.slice(equals + 1)) };
  });
}

function queryOf(url: string): HarNameValue[] {
  const question = url.indexOf('?');
  if (question === -1) return [];
  const hash = url.indexOf('#', question);
  return pairsOf(url.slice(question + 1, hash === -1 ? url.length : hash));
}

function requestCookies(headers: HeaderList): HarCookie[] {
  return headers
    .filter(([name]) => name.toLowerCase() === 'cookie')
    .flatMap(([, value]) =>
      value
        .split(';')
        .map((pair) => pair.trim())
        .filter((pair) => pair !== '')
        .map((pair) => {
          const equals = pair.indexOf('=');
          return equals === -1
            ? { name: pair, value: '' }
            : { name: pair.slice(0, equals), value: pair.slice(equals + 1) };
        }),
    );
}

function responseCookies(headers: HeaderList): HarCookie[] {
  return headers
    .filter(([name]) => name.toLowerCase() === 'set-cookie')
    .map(([, value]) => {
      const [pair = '', ...attributes] = value.split(';');
      const equals = pair.indexOf('=');
      const cookie: HarCookie =
        equals === -1
          ? { name: pair.trim(), value: '' }
          : { name: pair.slice(0, equals).trim(), value: pair.slice(equals + 1).trim() };
      for (const attribute of attributes) {
        const [key = '', ...rest] = attribute.split('=');
        const name = key.trim().toLowerCase();
        const value = rest.join('=').trim();
        if (name === 'path') cookie.path = value;
        else if (name === 'domain') cookie.domain = value;
        else if (name === 'httponly') cookie.httpOnly = true;
        else if (name === 'secure') cookie.secure = true;
        else if (name === 'expires' && Number.isFinite(Date.parse(value)))
          cookie.expires = isoTime(Date.parse(value));
      }
      return cookie;
    });
}

// ---------------------------------------------------------------------------------------------------------------
// URLs, versions, times

const hex = '0123456789ABCDEF';

/** Percent-encodes, as UTF-8, every character of `text` that `allowed` does not match; keeps `%XX` escapes. */
function encodeRun(text: string, allowed: RegExp): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '%' ? /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3)) : allowed.test(char)) {
      out += char;
      continue;
    }
    const point = text.codePointAt(i)!;
    if (point > 0xffff) i++;
    for (const byte of utf8Bytes(String.fromCodePoint(point))) out += `%${hex[byte >> 4]}${hex[byte & 15]}`;
  }
  return out;
}

const authorityChars = /[A-Za-z0-9\-._~!$&'()*+,;=:@[\]]/;
const pathChars = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/;

/**
 * The URL as a valid RFC 3986 URI (HAR's `url` is one): characters a URI may not hold — a redaction mask, spaces,
 * non-ASCII — are percent-encoded as UTF-8, and a `%` that starts no escape becomes `%25`. Everything a URI may
 * hold is left as it was, so an ordinary URL comes back unchanged.
 */
export function uriText(url: string): string {
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:(?:\/\/)?/.exec(url)?.[0] ?? '';
  const authorityEnd = scheme.endsWith('//') ? url.slice(scheme.length).search(/[/?#]/) : 0;
  const authority = url.slice(scheme.length, authorityEnd === -1 ? url.length : scheme.length + authorityEnd);
  const rest = url.slice(scheme.length + authority.length);
  const hash = rest.indexOf('#');
  const beforeHash = hash === -1 ? rest : rest.slice(0, hash);
  return (
    scheme +
    encodeRun(authority, authorityChars) +
    encodeRun(beforeHash, pathChars) +
    (hash === -1 ? '' : `#${encodeRun(rest.slice(hash + 1), pathChars)}`)
  );
}

/** Node reports `1.1`; HAR spells it `HTTP/1.1`. */
function harHttpVersion(version: string): string {
  return /^\d/.test(version) ? `HTTP/${version}` : version;
}

function httpVersionFromHar(version: string): string {
  return version.replace(/^HTTP\//i, '');
}

function isoTime(epochMs: number): string {
  const date = new Date(epochMs);
  return Number.isFinite(date.getTime()) ? date.toISOString() : new Date(0).toISOString();
}

function totalTime(timing: FrameTiming): number {
  return timing.end !== undefined ? Math.max(0, timing.end - timing.start) : 0;
}

/** HAR phases from the frame's instants; -1 where a phase was not measured. */
function timingsOf(timing: FrameTiming): HarTimings {
  const since = (from: number, to: number | undefined) => (to === undefined ? 0 : Math.max(0, to - from));
  const base = timing.connected ?? timing.start;
  return {
    blocked: -1,
    dns: -1,
    connect: timing.connected === undefined ? -1 : Math.max(0, timing.connected - timing.start),
    send: 0,
    wait: since(base, timing.firstByte ?? timing.end),
    receive: timing.firstByte === undefined ? 0 : since(timing.firstByte, timing.end),
  };
}

function serverAddress(remote: HttpFrame['remote']): { serverIPAddress?: string; connection?: string } {
  if (!remote) return {};
  const address = remote.address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const ip = /^\d{1,3}(\.\d{1,3}){3}$/.test(address) || /^[0-9a-f:]+$/i.test(address);
  return { ...(ip ? { serverIPAddress: address } : {}), connection: String(remote.port) };
}
