// HAR import (SES-5): a HAR file opened as a session. Switchboard's own exports carry `_switchboard` fields and come
// back as exactly the frames that were exported; any other HAR (Chrome or Firefox devtools, a proxy) becomes plain
// `http` frames, with an event-stream answer split into `sse` frames by the project's WHATWG parser. The file is
// untrusted: every field is checked before use, an entry that cannot be read is skipped with a notice rather than
// failing the file, and a value that is not a HAR at all is refused with one plain sentence.

import { isGeneration } from '../a2a/generation';
import type { Finding } from '../wire/finding';
import type {
  BodyBytes,
  Frame,
  FrameRequest,
  FrameTiming,
  HeaderList,
  HttpFrame,
  SseFrame,
} from '../wire/frame';
import { parseSseBytes, type SseEmptyBlock, type SseEvent } from '../wire/sse';
import { base64ToBytes, bodyFromBytes, bytesToBase64, EMPTY_BODY, isUtf8, utf8Bytes } from './byteText';
import type { SessionAgent } from './types';
import { nestedDeeperThan } from '../wire/jsonDepth';
import { JSON_MAX_DEPTH } from '../wire/jsonText';

export interface HarImport {
  frames: Frame[];
  agents: SessionAgent[];
  notices: string[];
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Enough of a HAR's shape for the loader to choose HAR import over the session format. */
export function looksLikeHar(value: unknown): boolean {
  if (!isRecord(value) || !isRecord(value.log)) return false;
  const log = value.log;
  return 'entries' in log || 'creator' in log || 'version' in log;
}

/** Text from the file quoted in a message: short, one line. */
function quote(value: string): string {
  const line = value.replace(/\s+/g, ' ');
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}

/** Notices are capped: a hostile file with a million bad entries must not make a million sentences. */
class Notices {
  readonly list: string[] = [];
  private dropped = 0;
  add(message: string): void {
    if (this.list.length < 50) this.list.push(message);
    else this.dropped++;
  }
  done(): string[] {
    return this.dropped > 0 ? [...this.list, `… and ${this.dropped} more notices like these.`] : this.list;
  }
}

/** A problem that makes one entry unusable; its message finishes "Entry N was skipped: …". */
class EntryProblem extends Error {}

export function harToFrames(value: unknown): HarImport {
  if (!isRecord(value)) throw new Error('This is not a HAR file: it is not a JSON object.');
  const log = value.log;
  if (!isRecord(log)) throw new Error('This is not a HAR file: log is missing.');
  const notices = new Notices();
  const version = log.version;
  if (version === undefined) notices.add('The HAR file does not say its version; it was read as HAR 1.2.');
  else if (typeof version !== 'string')
    throw new Error('This is not a HAR file: log.version is not a string.');
  else if (!/^1\.\d+$/.test(version.trim()))
    throw new Error(`HAR version ${quote(version)} is not supported.`);
  const entries = log.entries;
  if (entries === undefined) throw new Error('This is not a HAR file: log.entries is missing.');
  if (!Array.isArray(entries)) throw new Error('This is not a HAR file: log.entries is not a list.');

  const format = log._switchboardFormat;
  if (typeof format === 'number' && format > 1) {
    notices.add(
      `This HAR was written by a newer Switchboard (format ${format}); what this version understands was read.`,
    );
  }
  const ids = new Set<string>();
  const frames: Frame[] = [];
  let foreign = 0;
  entries.forEach((entry: unknown, index) => {
    try {
      const read = readEntry(entry, index, ids, notices);
      if (read.foreign) foreign++;
      // One by one: a long stream's events would overflow the stack as spread arguments.
      for (const frame of read.frames) frames.push(frame);
    } catch (error) {
      if (!(error instanceof EntryProblem)) throw error;
      notices.add(`Entry ${index + 1} was skipped: ${error.message}`);
    }
  });
  if (foreign > 0) {
    notices.add(
      `${foreign} of ${entries.length} entries were not written by Switchboard: they were read as plain HTTP ` +
        'exchanges, without agent, task or check information.',
    );
  }
  frames.push(...extraFrames(log._switchboardFrames, ids, notices));
  return { frames, agents: readAgents(log._switchboardAgents, notices), notices: notices.done() };
}

// ---------------------------------------------------------------------------------------------------------------
// Entries

function readEntry(
  entry: unknown,
  index: number,
  ids: Set<string>,
  notices: Notices,
): { frames: Frame[]; foreign: boolean } {
  if (!isRecord(entry)) throw new EntryProblem('it is not an object.');
  const extras = entry._switchboard;
  if (
    isRecord(extras) &&
    (extras.kind === 'http' || extras.kind === 'webhook') &&
    typeof extras.id === 'string' &&
    extras.id !== '' &&
    isRecord(extras.timing) &&
    typeof extras.timing.start === 'number'
  ) {
    if (ids.has(extras.id))
      throw new EntryProblem(`its frame id ${quote(extras.id)} is used by an earlier entry.`);
    const frames = ownEntry(entry, extras, index, notices);
    ids.add(extras.id);
    return { frames, foreign: false };
  }
  return { frames: foreignEntry(entry, index, ids, notices), foreign: true };
}

/** An entry Switchboard wrote: the frame comes back from `_switchboard` plus the standard fields. */
function ownEntry(entry: Json, extras: Json, index: number, notices: Notices): Frame[] {
  // A request or response inside `_switchboard` is not how this format stores them: the standard fields are read.
  const { kind, wire: wireValue, request: _request, response: _response, ...rest } = extras;
  const wire = isRecord(wireValue) ? wireValue : {};
  const request = readRequest(
    entry.request,
    index,
    notices,
    typeof wire.url === 'string' ? wire.url : undefined,
  );
  const harResponse = isRecord(entry.response) ? entry.response : undefined;
  if (kind === 'webhook') {
    if (!harResponse) throw new EntryProblem('its response is missing.');
    const frame = {
      ...rest,
      kind: 'webhook',
      request,
      response: {
        status: integer(harResponse.status),
        headers: readHeaders(harResponse.headers, index, notices),
        body: readContent(harResponse.content, index, notices),
      },
    } as Frame;
    return [frame];
  }
  const events = entry._sseEvents;
  const streamed = Array.isArray(events);
  const frame = { ...rest, kind: 'http', request } as HttpFrame;
  if (wire.noResponse !== true) {
    if (!harResponse) throw new EntryProblem('its response is missing.');
    const recordedBody = readBodyValue(wire.responseBody);
    frame.response = {
      status: integer(harResponse.status),
      statusText: text(harResponse.statusText),
      httpVersion:
        typeof wire.httpVersion === 'string' ? wire.httpVersion : httpVersion(harResponse.httpVersion),
      headers: readHeaders(harResponse.headers, index, notices),
      body: streamed ? (recordedBody ?? { ...EMPTY_BODY }) : readContent(harResponse.content, index, notices),
    };
  }
  if (!streamed) return [frame];
  const sse: SseFrame[] = [];
  let offset = 0;
  events.forEach((event: unknown, position) => {
    const read = ownEvent(event, frame, position, offset);
    if (!read) {
      notices.add(`Entry ${index + 1}: stream block ${position + 1} is not readable and was skipped.`);
      return;
    }
    offset = read.offset.end;
    sse.push(read);
  });
  return [frame, ...sse];
}

function ownEvent(
  value: unknown,
  exchange: HttpFrame,
  position: number,
  offset: number,
): SseFrame | undefined {
  if (!isRecord(value) || typeof value.raw !== 'string') return undefined;
  const extras = isRecord(value._switchboard) ? value._switchboard : {};
  const { json: parsed, ...rest } = extras;
  const seq =
    typeof value.seq === 'number' && Number.isInteger(value.seq) && value.seq >= 0 ? value.seq : position;
  const rawBase64 = typeof value.rawBase64 === 'string' ? value.rawBase64 : undefined;
  const size =
    rawBase64 !== undefined ? (base64ToBytes(rawBase64)?.length ?? 0) : utf8Bytes(value.raw).length;
  const event = readEventFields(value.event);
  // The recorded span when the extras carry a readable one; otherwise where this block falls after the last.
  const span = isRecord(rest.offset) ? rest.offset : undefined;
  const recorded =
    span && typeof span.start === 'number' && typeof span.end === 'number' && span.end >= span.start
      ? { start: span.start, end: span.end }
      : { start: offset, end: offset + size };
  const frame = {
    id: `${exchange.id}-sse-${seq}`,
    source: exchange.source,
    timing: { start: typeof value.time === 'number' ? value.time : exchange.timing.start },
    ...rest,
    offset: recorded,
    kind: 'sse',
    exchangeId: exchange.id,
    seq,
    raw: value.raw,
    ...(rawBase64 !== undefined ? { rawBase64 } : {}),
    dispatched: value.dispatched === true,
    ...(event ? { event } : {}),
  } as SseFrame;
  if (parsed === true && event) {
    try {
      const json = JSON.parse(event.data) as unknown;
      // Deeper than the careful parser reads: the recording had no parsed copy either.
      if (!nestedDeeperThan(json, JSON_MAX_DEPTH)) frame.json = json;
    } catch {
      // The data was edited into something that is not JSON: the frame says so by having no `json`.
    }
  }
  return frame;
}

function readEventFields(value: unknown): SseFrame['event'] | undefined {
  if (!isRecord(value) || typeof value.data !== 'string') return undefined;
  return {
    index: typeof value.index === 'number' ? value.index : 0,
    type: typeof value.type === 'string' ? value.type : 'message',
    data: value.data,
    ...(typeof value.id === 'string' ? { id: value.id } : {}),
    ...(typeof value.retry === 'number' ? { retry: value.retry } : {}),
  };
}

/** An entry from another tool: a plain exchange, its event stream (if any) split into blocks. */
function foreignEntry(entry: Json, index: number, ids: Set<string>, notices: Notices): Frame[] {
  const id = uniqueId(`har-${index + 1}`, ids);
  const request = readRequest(entry.request, index, notices);
  const frame: HttpFrame = {
    kind: 'http',
    id,
    source: 'har',
    timing: readTiming(entry, index, notices),
    request,
  };
  const harResponse = isRecord(entry.response) ? entry.response : undefined;
  const status = harResponse ? integer(harResponse.status) : 0;
  if (!harResponse || status === 0) {
    // Browsers write status 0 for a request that got no answer, with the reason in `_error`.
    const reason = harResponse && typeof harResponse._error === 'string' ? harResponse._error : undefined;
    frame.error = {
      kind: 'network',
      label: 'No response',
      message: reason ?? 'The HAR entry has no response.',
    };
    return [frame];
  }
  const headers = readHeaders(harResponse.headers, index, notices);
  const body = readContent(harResponse.content, index, notices, true);
  frame.response = {
    status,
    statusText: text(harResponse.statusText),
    httpVersion: httpVersion(harResponse.httpVersion),
    headers,
    body,
  };
  const content = isRecord(harResponse.content) ? harResponse.content : {};
  const type = `${text(content.mimeType)} ${headerValue(headers, 'content-type') ?? ''}`.toLowerCase();
  if (!type.includes('text/event-stream')) return [frame];
  frame.response.body = { ...EMPTY_BODY };
  return [frame, ...streamFrames(frame, body)];
}

/** A stream's bytes as `sse` frames, the way the host records them (streamRecorder.ts), minus the A2A decoding. */
function streamFrames(exchange: HttpFrame, body: BodyBytes): SseFrame[] {
  const bytes = base64ToBytes(body.base64) ?? new Uint8Array(0);
  const parsed = parseSseBytes(bytes);
  const blocks: Array<{ block: SseEvent | SseEmptyBlock; event: boolean }> = [
    ...parsed.events.map((block) => ({ block, event: true })),
    ...parsed.emptyBlocks.map((block) => ({ block, event: false })),
  ].sort((a, b) => a.block.start - b.block.start);
  const time = exchange.timing.firstByte ?? exchange.timing.start;
  const frames = blocks.map(({ block, event }, seq): SseFrame => {
    const frame: SseFrame = {
      kind: 'sse',
      id: `${exchange.id}-sse-${seq}`,
      exchangeId: exchange.id,
      source: exchange.source,
      timing: { start: time },
      seq,
      offset: { start: block.start, end: block.end },
      raw: block.raw,
      dispatched: event,
    };
    const blockBytes = bytes.subarray(block.start, block.end);
    if (!isUtf8(blockBytes)) frame.rawBase64 = bytesToBase64(blockBytes);
    if (block.comments.length > 0) frame.comments = [...block.comments];
    if ('data' in block) {
      frame.event = {
        index: block.index,
        type: block.type,
        data: block.data,
        ...(block.id !== undefined ? { id: block.id } : {}),
        ...(block.retry !== undefined ? { retry: block.retry } : {}),
      };
      try {
        frame.json = JSON.parse(block.data) as unknown;
      } catch {
        // Not JSON: kept as text, like a live stream's event.
      }
    }
    return frame;
  });
  exchange.stream = {
    bytes: bytes.length,
    events: parsed.events.length,
    emptyBlocks: parsed.emptyBlocks.length,
    ended: 'complete',
  };
  if (parsed.findings.length > 0) {
    exchange.findings = [
      ...(exchange.findings ?? []),
      ...parsed.findings.map((finding): Finding => ({ ...finding })),
    ];
  }
  return frames;
}

function uniqueId(wanted: string, ids: Set<string>): string {
  let id = wanted;
  for (let n = 2; ids.has(id); n++) id = `${wanted}~${n}`;
  ids.add(id);
  return id;
}

/** Instants from HAR's start time and phase durations (-1 means not measured). */
function readTiming(entry: Json, index: number, notices: Notices): FrameTiming {
  const started = typeof entry.startedDateTime === 'string' ? Date.parse(entry.startedDateTime) : Number.NaN;
  if (!Number.isFinite(started)) {
    notices.add(`Entry ${index + 1} has no readable start time; it is shown at the epoch.`);
  }
  const start = Number.isFinite(started) ? started : 0;
  const timing: FrameTiming = { start };
  const phases = isRecord(entry.timings) ? entry.timings : {};
  const phase = (name: string) => {
    const value = phases[name];
    return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
  };
  const measured = (name: string) => typeof phases[name] === 'number' && (phases[name] as number) >= 0;
  let at = start + phase('blocked') + phase('dns');
  if (measured('connect')) {
    at += phase('connect');
    timing.connected = at;
  }
  at += phase('send') + phase('wait');
  if (measured('wait')) timing.firstByte = at;
  const total = entry.time;
  if (typeof total === 'number' && Number.isFinite(total) && total >= 0) timing.end = start + total;
  return timing;
}

// ---------------------------------------------------------------------------------------------------------------
// Requests, headers, bodies

function readRequest(value: unknown, index: number, notices: Notices, exactUrl?: string): FrameRequest {
  if (!isRecord(value)) throw new EntryProblem('its request is missing.');
  if (typeof value.method !== 'string' || value.method === '')
    throw new EntryProblem('its request has no method.');
  const url = exactUrl ?? value.url;
  if (typeof url !== 'string' || url === '') throw new EntryProblem('its request has no URL.');
  const request: FrameRequest = {
    method: value.method,
    url,
    headers: readHeaders(value.headers, index, notices),
  };
  const postData = value.postData;
  if (isRecord(postData)) {
    const body = readPostData(postData, index, notices);
    if (body) request.body = body;
  }
  return request;
}

function readHeaders(value: unknown, index: number, notices: Notices): HeaderList {
  if (!Array.isArray(value)) return [];
  const headers: HeaderList = [];
  let bad = 0;
  for (const item of value) {
    if (isRecord(item) && typeof item.name === 'string' && typeof item.value === 'string') {
      headers.push([item.name, item.value]);
    } else bad++;
  }
  if (bad > 0) notices.add(`Entry ${index + 1}: ${bad} headers without a name and value were left out.`);
  return headers;
}

function headerValue(headers: HeaderList, name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1];
}

function readTruncated(value: unknown): BodyBytes['truncated'] | undefined {
  return isRecord(value) && typeof value.limit === 'number' && typeof value.seen === 'number'
    ? { limit: value.limit, seen: value.seen }
    : undefined;
}

function readPostData(postData: Json, index: number, notices: Notices): BodyBytes | undefined {
  const truncated = readTruncated(postData._truncated);
  if (typeof postData._base64 === 'string') {
    const bytes = base64ToBytes(postData._base64);
    if (bytes) return bodyFromBytes(bytes, truncated);
    notices.add(`Entry ${index + 1}: the request body's bytes are not valid base64; its text was used.`);
  }
  if (typeof postData.text === 'string') return bodyFromBytes(utf8Bytes(postData.text), truncated);
  if (Array.isArray(postData.params)) {
    // Some tools give a form's fields but not its text: it is written out again as a urlencoded form.
    const pairs = postData.params.flatMap((param: unknown) =>
      isRecord(param) && typeof param.name === 'string'
        ? [`${encodeURIComponent(param.name)}=${encodeURIComponent(text(param.value))}`]
        : [],
    );
    notices.add(`Entry ${index + 1}: the request body was rebuilt from its form fields.`);
    return bodyFromBytes(utf8Bytes(pairs.join('&')));
  }
  notices.add(`Entry ${index + 1}: the request body is not in the HAR file.`);
  return undefined;
}

/** A response body from HAR `content`: text, or bytes when `encoding` is base64. */
function readContent(value: unknown, index: number, notices: Notices, foreign = false): BodyBytes {
  if (!isRecord(value) || typeof value.text !== 'string') {
    const size = isRecord(value) && typeof value.size === 'number' ? value.size : 0;
    if (foreign && size > 0) notices.add(`Entry ${index + 1}: the response body is not in the HAR file.`);
    return { ...EMPTY_BODY };
  }
  const truncated = readTruncated(value._truncated);
  if (value.encoding === 'base64') {
    const bytes = base64ToBytes(value.text);
    if (bytes) return bodyFromBytes(bytes, truncated);
    notices.add(`Entry ${index + 1}: the response body is marked base64 but is not; it was read as text.`);
  } else if (value.encoding !== undefined) {
    notices.add(
      `Entry ${index + 1}: the response body's encoding ${quote(text(value.encoding))} is unknown; it was read as text.`,
    );
  }
  return bodyFromBytes(utf8Bytes(value.text), truncated);
}

/** A BodyBytes kept whole in `_switchboard` (a streamed answer's own body), checked field by field. */
function readBodyValue(value: unknown): BodyBytes | undefined {
  if (
    !isRecord(value) ||
    typeof value.base64 !== 'string' ||
    typeof value.text !== 'string' ||
    typeof value.size !== 'number' ||
    typeof value.utf8Valid !== 'boolean'
  ) {
    return undefined;
  }
  const truncated = readTruncated(value.truncated);
  return {
    base64: value.base64,
    text: value.text,
    size: value.size,
    utf8Valid: value.utf8Valid,
    ...(truncated ? { truncated } : {}),
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function integer(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) ? value : 0;
}

/** HAR spells `HTTP/1.1`; frames keep what Node reports, `1.1`. */
function httpVersion(value: unknown): string {
  return text(value).replace(/^HTTP\//i, '');
}

// ---------------------------------------------------------------------------------------------------------------
// Log-level extras

function extraFrames(value: unknown, ids: Set<string>, notices: Notices): Frame[] {
  if (!Array.isArray(value)) return [];
  const frames: Frame[] = [];
  let bad = 0;
  for (const item of value) {
    if (
      isRecord(item) &&
      item.kind === 'sse' &&
      typeof item.id === 'string' &&
      typeof item.exchangeId === 'string' &&
      !ids.has(item.id)
    ) {
      ids.add(item.id);
      frames.push(item as unknown as SseFrame);
    } else bad++;
  }
  if (bad > 0) notices.add(`${bad} extra frames in the file were not readable and were skipped.`);
  return frames;
}

function readAgents(value: unknown, notices: Notices): SessionAgent[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    notices.add('The agents stored in the file are not a list and were ignored.');
    return [];
  }
  const agents: SessionAgent[] = [];
  for (const item of value) {
    if (
      isRecord(item) &&
      typeof item.id === 'string' &&
      typeof item.name === 'string' &&
      typeof item.cardUrl === 'string' &&
      typeof item.origin === 'string' &&
      typeof item.cardText === 'string' &&
      isGeneration(item.generation) &&
      (item.settings === undefined || isRecord(item.settings))
    ) {
      agents.push(item as unknown as SessionAgent);
    } else {
      notices.add(
        `An agent stored in the file${isRecord(item) && typeof item.name === 'string' ? ` (${quote(item.name)})` : ''} is not readable and was skipped.`,
      );
    }
  }
  return agents;
}
