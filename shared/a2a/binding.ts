// What every adapter of one binding does alike: build JSON-RPC envelopes or REST requests with the generation's
// headers, tell a stream from a JSON answer by its content type, and unwrap JSON-RPC results and errors. The
// generation-specific parts (method names, paths, shapes) are passed in by each adapter.

import { a2aRef, type SpecRef } from '../checks/specRefs';
import type { HeaderList } from '../wire/frame';
import type { Finding } from '../wire/finding';
import type {
  DecodedResponse,
  DecodedStreamEvent,
  EncodeContext,
  EncodedRequest,
  Operation,
  ResponseInput,
} from './adapter';
import { checkJsonRpcResponse } from '../wire/jsonRpc';
import { parsePlainJson } from '../wire/plainJson';
import { parseJsonText } from '../wire/jsonText';
import { DecodeContext, isObject } from './decodeContext';
import type { Generation } from './generation';
import type { A2AError, Message, OperationResult, StreamItem } from './model';
import { profileOf } from './profile';

/** Request headers a generation needs on every call (docs/protocol.md#versions-headers-and-content-types). */
export function protocolHeaders(
  generation: Generation,
  extensions: readonly string[] | undefined,
): HeaderList {
  const headers: HeaderList = [];
  const { versionHeader, extensionsHeader } = profileOf(generation);
  if (versionHeader) headers.push(['A2A-Version', versionHeader]);
  // 0.2.4+ and 0.3 name the header X-A2A-Extensions; 1.0 dropped the X- prefix. 0.1 has no extensions.
  if (extensions && extensions.length > 0 && extensionsHeader)
    headers.push([extensionsHeader, extensions.join(',')]);
  return headers;
}

export function jsonRpcRequest(
  generation: Generation,
  operation: Operation,
  context: EncodeContext,
  method: string,
  params: unknown,
  streaming: boolean,
): EncodedRequest {
  const envelope: Record<string, unknown> = { jsonrpc: '2.0', id: context.requestId, method };
  if (params !== undefined) envelope.params = params;
  return {
    operation,
    method: 'POST',
    url: context.endpoint,
    headers: [
      ['Content-Type', 'application/json'],
      ['Accept', streaming ? 'text/event-stream' : 'application/json'],
      ...protocolHeaders(generation, context.extensions),
    ],
    body: JSON.stringify(envelope),
    streaming,
    rpc: { method, id: context.requestId },
  };
}

export interface RestCall {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path below the interface URL, starting with '/'. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  streaming?: boolean;
}

export function restRequest(
  generation: Generation,
  operation: Operation,
  context: EncodeContext,
  call: RestCall,
  contentType: string,
): EncodedRequest {
  const base = context.endpoint.replace(/\/+$/, '');
  const tenant = context.tenant ? `/${encodeURIComponent(context.tenant)}` : '';
  const query = Object.entries(call.query ?? {})
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  const headers: HeaderList = [['Accept', call.streaming ? 'text/event-stream' : contentType]];
  if (call.body !== undefined) headers.unshift(['Content-Type', contentType]);
  headers.push(...protocolHeaders(generation, context.extensions));
  const request: EncodedRequest = {
    operation,
    method: call.method,
    url: `${base}${tenant}${call.path}${query ? `?${query}` : ''}`,
    headers,
    streaming: call.streaming ?? false,
  };
  if (call.body !== undefined) request.body = JSON.stringify(call.body);
  return request;
}

export function segment(id: string): string {
  return encodeURIComponent(id);
}

export function contentType(headers: HeaderList): string {
  const value = headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  return value.split(';', 1)[0]!.trim().toLowerCase();
}

export function isEventStream(response: ResponseInput): boolean {
  return contentType(response.headers) === 'text/event-stream';
}

/**
 * Parses a body as JSON: plain JSON by JSON.parse (plainJson.ts), anything with something to say by our own parser,
 * so a failure is a finding with line and column, never an exception.
 */
export function parseBody(
  text: string,
  what: string,
): { ok: true; value: unknown; findings: Finding[] } | { ok: false; finding: Finding } {
  const plain = parsePlainJson(text);
  if (plain) return { ok: true, value: plain.value, findings: [] };
  const parsed = parseJsonText(text, { positions: 'lazy' });
  if (parsed.ok) return { ok: true, value: parsed.value, findings: parsed.findings };
  const preview = text.length > 120 ? `${text.slice(0, 120)}…` : text;
  return {
    ok: false,
    finding: {
      ...parsed.finding,
      message: `${what} is not valid JSON. ${parsed.finding.message} — starts: ${JSON.stringify(preview)}`,
    },
  };
}

export type ResultDecoder = (result: unknown, ctx: DecodeContext) => OperationResult;

/** A JSON-RPC answer to a non-streaming call (or a streaming call refused before the stream began). */
export function decodeJsonRpcResponse(
  request: EncodedRequest,
  response: ResponseInput,
  spec: SpecRef,
  decodeResult: ResultDecoder,
  generation: Generation,
): DecodedResponse {
  const ctx = new DecodeContext(spec);
  if (request.streaming && isEventStream(response)) return { kind: 'stream', findings: ctx.findings };
  if (request.streaming) {
    // The streaming call's own section says what its answer is (errors before the stream come as plain JSON).
    const streaming = a2aRef('streaming', generation);
    ctx.findings.push({
      rule: 'sse.not-a-stream',
      severity: 'info',
      message: `A streaming call was answered with ${contentType(response.headers) || 'no content type'} instead of text/event-stream.`,
      pointer: '',
      spec: streaming.label,
      specUrl: streaming.url,
    });
  }
  const parsed = parseBody(response.bodyText, `The HTTP ${response.status} answer`);
  if (!parsed.ok) return { kind: 'invalid', findings: [...ctx.findings, parsed.finding] };
  ctx.findings.push(...parsed.findings);
  const outcome = unwrapJsonRpc(parsed.value, request, ctx, generation);
  if (outcome.kind === 'error') {
    outcome.error.httpStatus = response.status;
    return { kind: 'error', error: outcome.error, findings: ctx.findings };
  }
  if (outcome.kind === 'invalid') return { kind: 'invalid', findings: ctx.findings };
  return { kind: 'result', result: decodeResult(outcome.result, ctx), findings: ctx.findings };
}

/** One SSE event of a JSON-RPC stream: an envelope whose result is a stream item, or an error. */
export function decodeJsonRpcStreamEvent(
  request: EncodedRequest,
  data: string,
  spec: SpecRef,
  decodeItem: (result: unknown, ctx: DecodeContext) => StreamItem,
  generation: Generation,
): DecodedStreamEvent {
  const ctx = new DecodeContext(spec);
  const parsed = parseBody(data, 'The event data');
  if (!parsed.ok) return { kind: 'invalid', findings: [parsed.finding] };
  ctx.findings.push(...parsed.findings);
  const json = parsed.value;
  const outcome = unwrapJsonRpc(json, request, ctx, generation);
  if (outcome.kind === 'error') return { kind: 'error', error: outcome.error, findings: ctx.findings, json };
  if (outcome.kind === 'invalid') return { kind: 'invalid', findings: ctx.findings, json };
  return { kind: 'item', item: decodeItem(outcome.result, ctx), findings: ctx.findings, json };
}

type Unwrapped =
  { kind: 'result'; result: unknown } | { kind: 'error'; error: A2AError } | { kind: 'invalid' };

/** The JSON-RPC envelope checks of shared/wire/jsonRpc, turned into a result, an A2A error, or nothing usable. */
function unwrapJsonRpc(
  value: unknown,
  request: EncodedRequest,
  ctx: DecodeContext,
  generation: Generation,
): Unwrapped {
  const check = checkJsonRpcResponse(
    value,
    request.rpc ? { expectedId: request.rpc.id, generation } : { generation },
  );
  ctx.findings.push(...check.findings);
  if (check.kind === 'error' || (check.kind === 'invalid' && check.error)) {
    const details = check.error ?? { reasons: [] };
    const error: A2AError = { message: details.message ?? '', wire: isObject(value) ? value.error : value };
    if (details.code !== undefined) error.code = details.code;
    if (details.name !== undefined) error.name = details.name;
    if (details.data !== undefined) error.data = details.data;
    if (details.reasons.length) error.reasons = details.reasons;
    return { kind: 'error', error };
  }
  if (check.kind === 'success') return { kind: 'result', result: check.result };
  return { kind: 'invalid' };
}

/**
 * Reads the message out of a request body: the first of `paths` (member names from the body's root) that holds an
 * object is decoded. Findings are dropped: the request was ours or the user's, and the frame keeps its bytes.
 */
export function sentMessage(
  bodyText: string,
  paths: ReadonlyArray<readonly string[]>,
  decode: (value: unknown, ctx: DecodeContext, pointer: string) => Message,
): Message | undefined {
  const parsed = parseJsonText(bodyText, { positions: 'lazy' });
  if (!parsed.ok) return undefined;
  for (const path of paths) {
    let value: unknown = parsed.value;
    for (const key of path) value = isObject(value) ? value[key] : undefined;
    // What a sent message's decoding notices is not shown (the request is Switchboard's own), so any section does.
    if (isObject(value)) return decode(value, new DecodeContext(a2aRef('dataModel')), `/${path.join('/')}`);
  }
  return undefined;
}
