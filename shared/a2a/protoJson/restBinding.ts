// Decoding REST (HTTP+JSON) answers of 0.3 and 1.0: the status code says success or failure, the body is bare ProtoJSON
// (no JSON-RPC envelope), errors come in several body shapes (docs/protocol.md#http-and-grpc-statuses), and streams
// carry bare StreamResponse objects.

import type { SpecRef } from '../../checks/specRefs';
import type { DecodedResponse, DecodedStreamEvent, EncodedRequest, ResponseInput } from '../adapter';
import { describeRestError } from '../../wire/restErrors';
import type { Finding } from '../../wire/finding';
import { contentType, isEventStream, parseBody } from '../binding';
import { DecodeContext, isObject } from '../decodeContext';
import type { A2AError, OperationResult } from '../model';
import { decodeWrapped, type ProtoDialect } from './decode';

/**
 * A REST error answer, recognised by describeRestError in shared/wire/restErrors.ts (docs/protocol.md#http-and-grpc-statuses).
 */
export function decodeRestError(
  status: number,
  bodyText: string,
  dialect: ProtoDialect,
): { error: A2AError; findings: Finding[] } {
  const parsed = bodyText.trim() ? parseBody(bodyText, 'The error body') : undefined;
  const body = parsed?.ok ? parsed.value : undefined;
  const description = describeRestError(status, body, dialect);
  const error: A2AError = {
    message: description.message ?? (bodyText.trim() ? bodyText.slice(0, 200) : `HTTP ${status}`),
    wire: body ?? bodyText,
  };
  if (status > 0) error.httpStatus = status;
  if (description.code !== undefined) error.code = description.code;
  if (description.name !== undefined) error.name = description.name;
  if (description.reasons.length) error.reasons = description.reasons;
  if (isObject(body) && body.data !== undefined) error.data = body.data;
  return { error, findings: description.findings };
}

export function decodeRestResponse(
  request: EncodedRequest,
  response: ResponseInput,
  dialect: ProtoDialect,
  spec: SpecRef,
  decodeResult: (body: unknown, ctx: DecodeContext) => OperationResult,
): DecodedResponse {
  const ctx = new DecodeContext(spec);
  if (response.status >= 400) {
    const { error, findings } = decodeRestError(response.status, response.bodyText, dialect);
    return { kind: 'error', error, findings: [...ctx.findings, ...findings] };
  }
  if (request.streaming && isEventStream(response)) return { kind: 'stream', findings: ctx.findings };
  if (response.status < 200 || response.status >= 300) {
    ctx.report('http.unexpected-status', `Unexpected HTTP status ${response.status}.`, '', 'error');
    return { kind: 'invalid', findings: ctx.findings };
  }
  // Delete answers 204 with no body (docs/protocol.md#10-one-operation-set-three-bindings).
  if (response.bodyText.trim() === '')
    return { kind: 'result', result: { type: 'empty' }, findings: ctx.findings };
  const type = contentType(response.headers);
  if (type && type !== 'application/json' && type !== 'application/a2a+json') {
    ctx.report(
      'http.content-type',
      `Expected application/json or application/a2a+json, found ${type}.`,
      '',
      'warning',
    );
  }
  const parsed = parseBody(response.bodyText, `The HTTP ${response.status} answer`);
  if (!parsed.ok) return { kind: 'invalid', findings: [...ctx.findings, parsed.finding] };
  ctx.findings.push(...parsed.findings);
  return { kind: 'result', result: decodeResult(parsed.value, ctx), findings: ctx.findings };
}

export function decodeRestStreamEvent(
  data: string,
  isError: boolean,
  dialect: ProtoDialect,
  spec: SpecRef,
): DecodedStreamEvent {
  const ctx = new DecodeContext(spec);
  if (isError) {
    // An `event: error` mid-stream carries the REST error payload without an HTTP status of its own.
    const { error, findings } = decodeRestError(0, data, dialect);
    return { kind: 'error', error, findings };
  }
  const parsed = parseBody(data, 'The event data');
  if (!parsed.ok) return { kind: 'invalid', findings: [parsed.finding] };
  ctx.findings.push(...parsed.findings);
  const item = decodeWrapped(parsed.value, dialect, ctx, '');
  return { kind: 'item', item, findings: ctx.findings, json: parsed.value };
}

/** A send result: `{"task":…}` or `{"message":…}`. */
export function decodeSendResult(dialect: ProtoDialect, pointer: string) {
  return (body: unknown, ctx: DecodeContext): OperationResult => {
    const item = decodeWrapped(body, dialect, ctx, pointer);
    if (item.kind === 'task') return { type: 'task', task: item.task };
    if (item.kind === 'message') return { type: 'message', message: item.message };
    if (item.kind !== 'unknown')
      ctx.report(
        'a2a.unexpected-result',
        `Expected a task or a message, found ${item.kind}.`,
        pointer,
        'error',
      );
    return { type: 'empty' };
  };
}
