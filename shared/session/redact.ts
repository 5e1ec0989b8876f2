// Redaction (SES-6, AUTH-4): what a session file, a HAR export or the recording journal holds instead of the
// secrets that crossed the wire. A frame's SecretMarks say where Switchboard put credentials; the rules in
// secretPatterns.ts find the ones it did not put there (an agent's Set-Cookie, a token in an answer, a JWT in an
// event). Every value removed is listed as a RedactionItem — name, kind and length, never the value.
//
// The redacted copy is not byte-exact: a mask is not as long as what it replaced, so a body's `size` changes and a
// recorded Content-Length header, an SSE frame's `offset` span and a stream's byte total still describe the bytes
// as they were on the wire. Which frames changed is in the items (`frameId`), not in the frames. Frames nothing was
// found in are returned as they are (the same objects); a changed frame is a new object whose unchanged parts are
// shared with the input, which is never mutated.

import { SECRET_MASK } from '../wire/secretMask';
import type { AgentAuth, AgentSettingsChange, CustomHeader } from '../host/agent';
import type {
  BodyBytes,
  Frame,
  FrameRequest,
  HeaderList,
  HttpFrame,
  SecretMark,
  SseFrame,
  WebhookFrame,
} from '../wire/frame';
import {
  base64ToBytes,
  bodyFromBytes,
  byteStringToBytes,
  bytesToBase64,
  bytesToByteString,
  isUtf8,
  utf8Bytes,
  utf8Text,
} from './byteText';
import { looksLikeJson, redactJsonText, type JsonSecretRules } from './jsonSecrets';
import {
  redactBodyText,
  redactCookieHeader,
  redactJwts,
  redactSetCookie,
  redactUrl,
  redactWholeHeader,
  type Report,
  redactFreeText,
} from './redactText';
import {
  secretHeaderKind,
  secretHint,
  secretHintLatin1,
  secretKeyKind,
  urlHeaders,
  type SecretKind,
} from './secretPatterns';
import type { RedactionItem, SessionAgent } from './types';

type Where = RedactionItem['where'];
type Add = (where: Where, name: string, kind: SecretKind, length: number) => void;

/** Redacts frames for a file or an export; `items` lists every value removed, in frame order. */
export function redactFrames(frames: readonly Frame[]): { frames: Frame[]; items: RedactionItem[] } {
  const items: RedactionItem[] = [];
  return { frames: frames.map((frame) => redactOne(frame, items)), items };
}

/** One frame, for the journal, which redacts each frame as it is written. */
export function redactFrame(frame: Frame): { frame: Frame; items: RedactionItem[] } {
  const items: RedactionItem[] = [];
  return { frame: redactOne(frame, items), items };
}

/**
 * True when redaction is sure to return this event as it is, without running it: nothing in its raw text looks like
 * a secret (the raw text holds its data, id and comments), it has no findings to reword, and its type is the
 * default. The journal writes such events without a redaction pass (bench:ingest).
 */
export function redactionLeaves(frame: SseFrame): boolean {
  return (
    frame.event?.type === 'message' &&
    (frame.findings === undefined || frame.findings.length === 0) &&
    !secretHint.test(frame.raw)
  );
}

/**
 * True when, as far as their text goes, redaction is sure to leave alone every stream event whose bytes lie within
 * `latin1` (bytes read as Latin-1): the journal asks once of a chunk what `redactionLeaves` would ask of each event.
 */
export function bytesLeave(latin1: string): boolean {
  return !secretHintLatin1.test(latin1);
}

function redactOne(frame: Frame, items: RedactionItem[]): Frame {
  const add: Add = (where, name, kind, length) =>
    items.push({ frameId: frame.id, where, name, kind, length });
  let out: Frame;
  switch (frame.kind) {
    case 'http':
      out = redactHttp(frame, add);
      break;
    case 'sse':
      out = redactSse(frame, add);
      break;
    case 'webhook':
      out = redactWebhook(frame, add);
      break;
    default:
      return frame;
  }
  return redactMessages(out, add);
}

/**
 * The words around the bytes: an error message or a finding can quote the URL (credentials and all) or a token it
 * was about, and an SSE event type is text the agent chose. Same rules as free text anywhere.
 */
function redactMessages(frame: Frame, add: Add): Frame {
  let out = frame;
  const clean = (text: string, where: Where) =>
    redactFreeText(text, (name, kind, length) => add(where, name, kind, length));
  if (out.kind === 'http' && out.error) {
    const message = clean(out.error.message, 'url');
    if (message !== out.error.message) out = { ...out, error: { ...out.error, message } };
  }
  if (out.findings && out.findings.length > 0) {
    let changed = false;
    const findings = out.findings.map((finding) => {
      const message = clean(finding.message, out.kind === 'sse' ? 'sse' : 'response-body');
      if (message === finding.message) return finding;
      changed = true;
      return { ...finding, message };
    });
    if (changed) out = { ...out, findings };
  }
  if (out.kind === 'sse' && out.event) {
    const type = clean(out.event.type, 'sse');
    if (type !== out.event.type) out = { ...out, event: { ...out.event, type } };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP exchanges and webhook deliveries

interface Context {
  marks: readonly SecretMark[];
  /** A push config travels in this exchange (set, get, list) or this is a push delivery: tokens are push secrets. */
  push: boolean;
  webhook: boolean;
}

function redactHttp(frame: HttpFrame, add: Add): HttpFrame {
  const marks = frame.secrets ?? [];
  const context: Context = {
    marks,
    push:
      frame.a2a?.operation.startsWith('pushConfig') === true ||
      marks.some((mark) => mark.in === 'request-json' && mark.key === 'credentials'),
    webhook: false,
  };
  const request = redactRequest(frame.request, context, add);
  const response = frame.response && redactResponse(frame.response, context, add);
  if (request === frame.request && response === frame.response) return frame;
  return { ...frame, request, ...(response ? { response } : {}) };
}

function redactWebhook(frame: WebhookFrame, add: Add): WebhookFrame {
  const context: Context = { marks: [], push: true, webhook: true };
  const request = redactRequest(frame.request, context, add);
  const response = redactResponse(frame.response, context, add);
  if (request === frame.request && response === frame.response) return frame;
  return { ...frame, request, response };
}

function redactRequest(request: FrameRequest, context: Context, add: Add): FrameRequest {
  const queryMarks = context.marks.flatMap((mark) => (mark.in === 'query' ? [mark.name] : []));
  const url = redactUrl(request.url, queryMarks, (where, name, kind, length) =>
    add(where, name, kind, length),
  );
  const headers = redactHeaders(request.headers, 'request-header', context, add);
  const body =
    request.body &&
    redactBody(request.body, contentType(request.headers), 'request-body', requestRules(context), add);
  if (url === request.url && headers === request.headers && body === request.body) return request;
  return { ...request, url, headers, ...(body ? { body } : {}) };
}

function redactResponse<R extends { headers: HeaderList; body: BodyBytes }>(
  response: R,
  context: Context,
  add: Add,
): R {
  const headers = redactHeaders(response.headers, 'response-header', context, add);
  const body = redactBody(
    response.body,
    contentType(response.headers),
    'response-body',
    responseRules(context),
    add,
  );
  if (headers === response.headers && body === response.body) return response;
  return { ...response, headers, body };
}

function contentType(headers: HeaderList): string {
  return headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
}

function redactHeaders(headers: HeaderList, where: Where, context: Context, add: Add): HeaderList {
  let changed = false;
  const out = headers.map((pair): [string, string] => {
    const value = redactHeader(pair[0], pair[1], where, context, add);
    if (value === pair[1]) return pair;
    changed = true;
    return [pair[0], value];
  });
  return changed ? out : headers;
}

function redactHeader(name: string, value: string, where: Where, context: Context, add: Add): string {
  const lower = name.toLowerCase();
  const marked =
    where === 'request-header' &&
    context.marks.some((mark) => mark.in === 'request-header' && mark.name.toLowerCase() === lower);
  if (lower === 'cookie' && !marked) {
    const apiKeyCookies = context.marks.flatMap((mark) => (mark.in === 'cookie' ? [mark.name] : []));
    return redactCookieHeader(value, (cookie, length) =>
      add('cookie', cookie, apiKeyCookies.includes(cookie) ? 'api-key' : 'cookie', length),
    );
  }
  if (lower === 'set-cookie')
    return redactSetCookie(value, (_cookie, length) => add(where, name, 'cookie', length));
  let kind = secretHeaderKind(name) ?? (marked ? 'api-key' : undefined);
  // A push delivery proves itself with these; they are the secret the client gave the agent (PUSH-4).
  if (context.webhook && (lower === 'authorization' || lower === 'x-a2a-notification-token'))
    kind = 'push-secret';
  if (kind) {
    const masked = redactWholeHeader(name, value);
    if (!masked) return value;
    add(where, name, kind, masked.removed);
    return masked.value;
  }
  if (urlHeaders.has(lower))
    return redactUrl(value, [], (_where, _part, found, length) => add(where, name, found, length));
  return redactJwts(value, (length) => add(where, name, 'jwt', length));
}

function requestRules(context: Context): { rules: JsonSecretRules; formNames: string[]; marked: boolean } {
  const keys = context.marks.flatMap((mark) => (mark.in === 'request-json' ? [mark.key] : []));
  const formNames = context.marks.flatMap((mark) => (mark.in === 'form' ? [mark.name] : []));
  return { rules: jsonRules(keys, [], context.push), formNames, marked: keys.length + formNames.length > 0 };
}

function responseRules(context: Context): { rules: JsonSecretRules; formNames: string[]; marked: boolean } {
  const pointers = context.marks.flatMap((mark) => (mark.in === 'response-json' ? [mark.pointer] : []));
  return { rules: jsonRules([], pointers, context.push), formNames: [], marked: pointers.length > 0 };
}

/** Marked keys and pointers go whatever their value; known secret keys only when their value is a string or number. */
function jsonRules(keys: readonly string[], pointers: readonly string[], push: boolean): JsonSecretRules {
  const pushKind = (key: string | undefined, kind: SecretKind, pointer: () => string): SecretKind =>
    kind === 'token' && key !== undefined && (push || /push/i.test(pointer())) ? 'push-secret' : kind;
  return {
    secretAt(key, pointer, primitive) {
      if (key !== undefined && keys.includes(key))
        return pushKind(key, secretKeyKind(key) ?? 'token', pointer);
      if (pointers.length > 0 && pointers.includes(pointer())) return secretKeyKind(key ?? '') ?? 'token';
      if (!primitive || key === undefined) return undefined;
      const kind = secretKeyKind(key);
      return kind && pushKind(key, kind, pointer);
    },
  };
}

/**
 * A body with its secrets removed and its BodyBytes rebuilt (base64, text, size; `utf8Valid` as the new bytes are;
 * `truncated` kept). A body that is not valid UTF-8 is edited as a byte string, so its other bytes stay exact.
 */
function redactBody(
  body: BodyBytes,
  type: string,
  where: 'request-body' | 'response-body',
  rules: { rules: JsonSecretRules; formNames: string[]; marked: boolean },
  add: Add,
): BodyBytes {
  if (body.size === 0 && body.text === '') return body;
  const binary = !body.utf8Valid;
  let text = body.text;
  if (binary) {
    const bytes = base64ToBytes(body.base64);
    if (!bytes) return body;
    text = bytesToByteString(bytes);
  }
  const itemWhere: Where = type.toLowerCase().includes('application/x-www-form-urlencoded') ? 'form' : where;
  const report: Report = (name, kind, length) => add(itemWhere, name, kind, length);
  const cleaned = redactBodyText(
    text,
    { contentType: type, formNames: rules.formNames, json: rules.rules, binary, marked: rules.marked },
    report,
  );
  if (cleaned === text) return body;
  // A body kept on disk (SEC-4): only its decodable text is here to clean; the bytes, size and reference stay.
  if (body.stored) return { ...body, text: cleaned };
  return bodyFromBytes(binary ? byteStringToBytes(cleaned) : utf8Bytes(cleaned), body.truncated);
}

// ---------------------------------------------------------------------------------------------------------------
// SSE events

const sseRules = jsonRules([], [], false);

/** An event's data: JSON members and JWTs when it is JSON, JWTs otherwise. */
function cleanData(data: string, report: Report): string {
  if (looksLikeJson(data)) {
    if (!secretHint.test(data)) return data;
    const result = redactJsonText(data, sseRules);
    for (const hit of result.hits) report(hit.pointer, hit.kind, hit.length);
    return redactJwts(result.text, (length) => report('data', 'jwt', length));
  }
  return redactJwts(data, (length) => report('data', 'jwt', length));
}

const ignore: Report = () => undefined;

/**
 * Keeps the block's raw text, data, id, comments and parsed JSON saying the same thing: the data is cleaned once for
 * the items, the raw block's data lines are rewritten from the same cleaning, and JWTs in its other lines (an id, a
 * comment) are masked where they stand.
 */
function redactSse(frame: SseFrame, add: Add): SseFrame {
  // The raw text holds everything the frame says (data, id, comments), so one test rules most events out.
  if (!secretHint.test(frame.raw)) return frame;
  const report: Report = (name, kind, length) => add('sse', name, kind, length);

  let event = frame.event;
  if (event) {
    const data = cleanData(event.data, report);
    const id = event.id === undefined ? undefined : redactJwts(event.id, () => undefined);
    if (data !== event.data || id !== event.id)
      event = { ...event, data, ...(id !== undefined ? { id } : {}) };
  }

  const bytes = frame.rawBase64 === undefined ? undefined : base64ToBytes(frame.rawBase64);
  const source = bytes ? bytesToByteString(bytes) : frame.raw;
  const cleanedSource = rewriteBlock(
    source,
    (data) => cleanData(data, ignore),
    (line, field) => redactJwts(line, (length) => report(field, 'jwt', length)),
  );
  let raw = frame.raw;
  let rawBase64 = frame.rawBase64;
  if (cleanedSource !== source) {
    if (bytes) {
      const cleanedBytes = byteStringToBytes(cleanedSource);
      raw = utf8Text(cleanedBytes);
      rawBase64 = isUtf8(cleanedBytes) ? undefined : bytesToBase64(cleanedBytes);
    } else raw = cleanedSource;
  }
  if (event === frame.event && raw === frame.raw) return frame;

  const next: SseFrame = { ...frame, raw };
  if (rawBase64 === undefined) delete next.rawBase64;
  else next.rawBase64 = rawBase64;
  if (event) next.event = event;
  if (frame.comments) next.comments = frame.comments.map((comment) => redactJwts(comment, () => undefined));
  if ((frame.json !== undefined || frame.jsonFromData) && event) {
    try {
      const value = JSON.parse(event.data) as unknown;
      // A frame marked `jsonFromData` keeps the mark: JSON.parse of the cleaned data is its value now.
      if (frame.json !== undefined) next.json = value;
    } catch {
      delete next.json;
      delete next.jsonFromData;
    }
  }
  return next;
}

interface Line {
  text: string;
  eol: string;
}

/** A block's lines with their own terminators (CRLF, LF or a lone CR, WHATWG §9.2.6). */
function splitLines(raw: string): Line[] {
  const lines: Line[] = [];
  const terminator = /\r\n|\r|\n/g;
  let at = 0;
  for (let match = terminator.exec(raw); match; match = terminator.exec(raw)) {
    lines.push({ text: raw.slice(at, match.index), eol: match[0] });
    at = match.index + match[0].length;
  }
  if (at < raw.length) lines.push({ text: raw.slice(at), eol: '' });
  return lines;
}

/**
 * The block with its data lines replaced by the cleaned data (WHATWG: the data is the data lines' values joined with
 * LF, one space after the colon dropped) and `cleanLine` applied to every other line. Masking a multi-line value
 * can leave fewer data lines; the ones left over are dropped, so the data still joins to the cleaned text.
 */
function rewriteBlock(
  raw: string,
  cleanData: (data: string) => string,
  cleanLine: (line: string, field: string) => string,
): string {
  const lines = splitLines(raw);
  const dataLines: Array<{ index: number; prefix: string; value: string }> = [];
  lines.forEach((line, index) => {
    if (line.text === '') return;
    const colon = line.text.indexOf(':');
    const field = colon === -1 ? line.text : line.text.slice(0, colon);
    if (field === 'data') {
      const valueStart =
        colon === -1 ? line.text.length : line.text[colon + 1] === ' ' ? colon + 2 : colon + 1;
      dataLines.push({
        index,
        prefix: colon === -1 ? 'data:' : line.text.slice(0, valueStart),
        value: line.text.slice(valueStart),
      });
    } else {
      line.text = cleanLine(line.text, colon === 0 ? 'comment' : field);
    }
  });
  if (dataLines.length > 0) {
    const data = dataLines.map((line) => line.value).join('\n');
    const cleaned = cleanData(data);
    if (cleaned !== data) {
      const values = cleaned.split('\n');
      dataLines.forEach((dataLine, k) => {
        const line = lines[dataLine.index]!;
        const last = k === dataLines.length - 1;
        if (k >= values.length) {
          line.text = '';
          line.eol = '';
        } else if (last && values.length > dataLines.length) {
          // More lines than before: the extra ones follow the last data line, with its terminator.
          line.text = values
            .slice(k)
            .map((value, j) => (j === 0 ? dataLine.prefix : 'data: ') + value)
            .join(line.eol || '\n');
        } else line.text = dataLine.prefix + values[k]!;
      });
    }
  }
  return lines.map((line) => line.text + line.eol).join('');
}

// ---------------------------------------------------------------------------------------------------------------
// Agents

/** Blanks every secret in agents' settings (AUTH-4): the auth's secret field, secret custom headers, URL credentials. */
export function redactAgents(agents: readonly SessionAgent[]): {
  agents: SessionAgent[];
  items: RedactionItem[];
} {
  const items: RedactionItem[] = [];
  return { agents: agents.map((agent) => redactAgent(agent, items)), items };
}

function redactAgent(agent: SessionAgent, items: RedactionItem[]): SessionAgent {
  const label = agent.name || agent.id;
  const add = (name: string, kind: SecretKind, length: number, where: Where = 'agent-settings') =>
    items.push({ where, name: `${label}: ${name}`, kind, length });
  const cardUrl = redactUrl(agent.cardUrl, [], (where, name, kind, length) =>
    add(`cardUrl ${name}`, kind, length, where),
  );
  const settings = agent.settings && redactSettings(agent.settings, add);
  if (cardUrl === agent.cardUrl && settings === agent.settings) return agent;
  return { ...agent, cardUrl, ...(settings ? { settings } : {}) };
}

/** A secret worth listing: not empty, and not the placeholder the host already put in place of one. */
function isSecretValue(value: string): boolean {
  return value !== '' && value !== SECRET_MASK;
}

function redactSettings(
  settings: AgentSettingsChange,
  add: (name: string, kind: SecretKind, length: number, where?: Where) => void,
): AgentSettingsChange {
  let changed = false;
  let auth: AgentAuth | undefined = settings.auth;
  const blank = <T extends AgentAuth>(from: T, field: keyof T & string, kind: SecretKind): T => {
    const value = from[field];
    if (typeof value !== 'string' || value === '') return from;
    if (isSecretValue(value)) add(`auth.${field}`, kind, value.length);
    changed = true;
    return { ...from, [field]: '' };
  };
  switch (auth?.type) {
    case 'apiKey':
      auth = blank(auth, 'value', 'api-key');
      break;
    case 'bearer':
      auth = blank(auth, 'token', 'token');
      break;
    case 'basic':
      auth = blank(auth, 'password', 'password');
      break;
    case 'oauth2-client-credentials':
    case 'oauth2-authorization-code':
      auth = blank(auth, 'clientSecret', 'client-secret');
      break;
    default:
      break;
  }
  const headers = settings.headers?.map((header): CustomHeader => {
    const kind = secretHeaderKind(header.name) ?? (header.secret ? 'api-key' : undefined);
    if (!kind || header.value === '') return header;
    if (isSecretValue(header.value)) add(`header ${header.name}`, kind, header.value.length);
    changed = true;
    return { ...header, value: '' };
  });
  const selectionUrl = settings.selection?.url;
  const cleanUrl =
    selectionUrl === undefined
      ? undefined
      : redactUrl(selectionUrl, [], (where, name, kind, length) =>
          add(`selection.url ${name}`, kind, length, where),
        );
  if (cleanUrl !== selectionUrl) changed = true;
  if (!changed) return settings;
  return {
    ...settings,
    ...(auth ? { auth } : {}),
    ...(headers ? { headers } : {}),
    ...(settings.selection && cleanUrl !== undefined
      ? { selection: { ...settings.selection, url: cleanUrl } }
      : {}),
  };
}
