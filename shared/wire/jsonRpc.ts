// JSON-RPC 2.0 envelope checks for A2A (docs/protocol.md#operations-and-bindings, docs/protocol.md#errors): classify a
// parsed request or response, name its error for the detected generation, and attach findings instead of rejecting
// anything: the inspector shows what came, and says what is wrong with it. Also recognises the REST error bodies of 1.0
// and of the 0.3 SDKs.

import {
  a2aErrorDomain,
  a2aJs03RestStatus,
  errorForReason,
  jsonRpcCodeRange,
  jsonRpcErrorByName,
  jsonRpcErrorEntries,
  nameJsonRpcError,
  restErrorNamesForStatus,
  restMappingFor,
} from '../a2a/errorCodes';
import type { Generation } from '../a2a/generation';
import { a2aRef, JSON_RPC, RFC_9457, type SpecRef } from '../checks/specRefs';
import type { Finding, Severity } from './finding';
import { appendPointer } from './jsonPointer';
import { ownValue } from '../ownValue';
import { profileOf } from '../a2a/profile';

export type JsonRpcId = string | number | null;

export type JsonRpcKind = 'request' | 'notification' | 'success' | 'error' | 'invalid';

export interface JsonRpcErrorDetails {
  /** The code when it is an integer. */
  code?: number;
  /** The message when it is a string. */
  message?: string;
  /** `data` as sent (absent when the error has none). */
  data?: unknown;
  /** The error's name and meaning in this generation (from the code). */
  name?: string;
  meaning?: string;
  since?: string;
  /** google.rpc.ErrorInfo reasons found in `data` (1.0 style; also read from older agents that send them). */
  reasons: string[];
}

export interface JsonRpcCheck {
  kind: JsonRpcKind;
  /** The id when it has a valid type (string, number or null); absent when missing or of another type. */
  id?: JsonRpcId;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: JsonRpcErrorDetails;
  findings: Finding[];
}

export interface JsonRpcResponseOptions {
  /** The id of the request this answers; when given, a different id is flagged (and kept). */
  expectedId?: JsonRpcId;
  generation: Generation;
}

/** The A2A error codes of the generation's JSON-RPC binding. */
const errorSpec = (generation: Generation) => a2aRef('jsonRpcErrors', generation);

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function has(value: Json, key: string): boolean {
  return Object.hasOwn(value, key);
}

function finding(
  rule: string,
  severity: Severity,
  message: string,
  pointer: string | undefined,
  ref: SpecRef,
): Finding {
  return {
    rule,
    severity,
    message,
    ...(pointer !== undefined ? { pointer } : {}),
    spec: ref.label,
    specUrl: ref.url,
  };
}

/** A short, safe rendering of a JSON value for messages. */
function show(value: unknown): string {
  if (value === undefined) return 'absent';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? text.slice(0, 59) + '…' : text;
}

function typeWord(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}

function notAnObject(value: unknown, what: 'request' | 'response'): JsonRpcCheck {
  if (Array.isArray(value)) {
    return {
      kind: 'invalid',
      findings: [
        finding(
          'jsonrpc.batch',
          'error',
          `The ${what} is a JSON-RPC batch (an array). A2A uses one request per HTTP call and defines no batches.`,
          '',
          JSON_RPC.batch,
        ),
      ],
    };
  }
  return {
    kind: 'invalid',
    findings: [
      finding(
        'jsonrpc.not-object',
        'error',
        `The ${what} is ${typeWord(value)}, not a JSON-RPC object with "jsonrpc": "2.0".`,
        '',
        what === 'request' ? JSON_RPC.request : JSON_RPC.response,
      ),
    ],
  };
}

function checkVersion(envelope: Json, findings: Finding[], lenient: boolean, ref: SpecRef): void {
  if (!has(envelope, 'jsonrpc')) {
    findings.push(
      finding(
        'jsonrpc.version',
        // The 0.1 schema gives "jsonrpc" a default and does not require it; JSON-RPC 2.0 §4 does.
        lenient ? 'warning' : 'error',
        'The "jsonrpc" member is missing; it must be exactly "2.0".' +
          (lenient ? ' (The A2A 0.1 schema defaults it, but JSON-RPC 2.0 requires it.)' : ''),
        '/jsonrpc',
        ref,
      ),
    );
  } else if (envelope.jsonrpc !== '2.0') {
    findings.push(
      finding(
        'jsonrpc.version',
        'error',
        `"jsonrpc" is ${show(envelope.jsonrpc)} but must be exactly the string "2.0".`,
        '/jsonrpc',
        ref,
      ),
    );
  }
}

/** Checks an id's type; returns it when usable as an id. */
function checkIdType(
  value: unknown,
  findings: Finding[],
  where: 'request' | 'response',
): JsonRpcId | undefined {
  if (typeof value === 'string' || value === null) return value;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) {
      findings.push(
        finding(
          'jsonrpc.id-type',
          'warning',
          `The ${where} id ${show(value)} has a fractional part; JSON-RPC says it SHOULD NOT, and the A2A schemas ` +
            'require an integer.',
          '/id',
          where === 'request' ? JSON_RPC.request : JSON_RPC.response,
        ),
      );
    }
    return value;
  }
  findings.push(
    finding(
      'jsonrpc.id-type',
      'error',
      `The ${where} id is ${typeWord(value)} (${show(value)}); it must be a string, a number or null.`,
      '/id',
      where === 'request' ? JSON_RPC.request : JSON_RPC.response,
    ),
  );
  return undefined;
}

/** Checks a request envelope (docs/protocol.md#operations-and-bindings; JSON-RPC 2.0 §4). */
export function checkJsonRpcRequest(value: unknown, generation: Generation): JsonRpcCheck {
  if (!isObject(value)) return notAnObject(value, 'request');
  const findings: Finding[] = [];
  checkVersion(value, findings, profileOf(generation).lenientJsonRpcEnvelope, JSON_RPC.request);

  let kind: JsonRpcKind = 'request';
  const check: JsonRpcCheck = { kind, findings };
  if (typeof value.method === 'string') {
    check.method = value.method;
  } else {
    kind = 'invalid';
    findings.push(
      finding(
        'jsonrpc.method',
        'error',
        has(value, 'method')
          ? `"method" is ${typeWord(value.method)} but must be a string naming the operation.`
          : 'The request has no "method"' +
              (has(value, 'result') || has(value, 'error') ? '; it looks like a response.' : '.'),
        '/method',
        JSON_RPC.request,
      ),
    );
  }

  if (!has(value, 'id')) {
    if (kind === 'request') kind = 'notification';
    // The 0.1 schema makes the id optional; from 0.2.2 it is required (docs/protocol.md#01-and-02-json-rpc-only).
    if (!profileOf(generation).lenientJsonRpcEnvelope) {
      findings.push(
        finding(
          'jsonrpc.id-missing',
          'warning',
          'The request has no "id", so JSON-RPC treats it as a notification and the agent should not answer. ' +
            'A2A requests need an id.',
          '/id',
          a2aRef('jsonRpcRequest', generation),
        ),
      );
    }
  } else {
    const id = checkIdType(value.id, findings, 'request');
    if (id === undefined) kind = 'invalid';
    else {
      check.id = id;
      if (id === null) {
        findings.push(
          finding(
            'jsonrpc.id-type',
            'warning',
            'The request id is null. JSON-RPC discourages this: a response with id null cannot be told apart from ' +
              'an error about a request whose id could not be read. Use a string or an integer.',
            '/id',
            JSON_RPC.request,
          ),
        );
      }
    }
  }

  if (has(value, 'params')) {
    check.params = value.params;
    if (typeof value.params !== 'object' || value.params === null) {
      findings.push(
        finding(
          'jsonrpc.params-type',
          'error',
          `"params" is ${typeWord(value.params)}; JSON-RPC allows only an object or an array, and A2A methods take an object.`,
          '/params',
          JSON_RPC.parameters,
        ),
      );
    } else if (Array.isArray(value.params)) {
      findings.push(
        finding(
          'jsonrpc.params-type',
          'warning',
          '"params" is an array (positional); A2A methods take their parameters as an object.',
          '/params',
          a2aRef('jsonRpcRequest', generation),
        ),
      );
    }
  }
  check.kind = kind;
  return check;
}

/**
 * Checks a response envelope against its request's id and names its error for the generation (docs/protocol.md#errors).
 */
export function checkJsonRpcResponse(value: unknown, options: JsonRpcResponseOptions): JsonRpcCheck {
  if (!isObject(value)) return notAnObject(value, 'response');
  const { generation, expectedId } = options;
  const findings: Finding[] = [];
  checkVersion(value, findings, profileOf(generation).lenientJsonRpcEnvelope, JSON_RPC.response);

  const hasResult = has(value, 'result');
  const hasError = has(value, 'error');
  let kind: JsonRpcKind = hasResult && !hasError ? 'success' : hasError && !hasResult ? 'error' : 'invalid';
  const check: JsonRpcCheck = { kind, findings };
  if (hasResult) check.result = value.result;
  if (hasResult && hasError) {
    findings.push(
      finding(
        'jsonrpc.result-and-error',
        'error',
        'The response has both "result" and "error"; it must have exactly one. Both are shown, but a client ' +
          'cannot tell whether the call succeeded.',
        '',
        JSON_RPC.response,
      ),
    );
  } else if (!hasResult && !hasError) {
    findings.push(
      finding(
        'jsonrpc.neither-result-nor-error',
        'error',
        'The response has neither "result" nor "error"; it must have exactly one.' +
          (has(value, 'method') ? ' It has a "method", so it looks like a request.' : ''),
        '',
        JSON_RPC.response,
      ),
    );
  }

  let error: JsonRpcErrorDetails | undefined;
  if (hasError) {
    error = inspectJsonRpcError(value.error, generation, '/error', findings);
    check.error = error;
  }

  // The id: required in every response; null only when the request's id could not be read (JSON-RPC 2.0 §5).
  if (!has(value, 'id')) {
    findings.push(
      finding(
        'jsonrpc.id-missing',
        'error',
        'The response has no "id"; it must repeat the id of the request it answers (or null if that could not be read).',
        '/id',
        JSON_RPC.response,
      ),
    );
  } else {
    const id = checkIdType(value.id, findings, 'response');
    if (id === undefined) kind = 'invalid';
    else {
      check.id = id;
      checkIdAgainstRequest(id, expectedId, kind, error?.code, findings);
    }
  }
  check.kind = kind;
  return check;
}

function checkIdAgainstRequest(
  id: JsonRpcId,
  expectedId: JsonRpcId | undefined,
  kind: JsonRpcKind,
  code: number | undefined,
  findings: Finding[],
): void {
  if (id === null && expectedId !== null) {
    // id null is right for parse errors and invalid requests: the server could not read the request's id.
    if (kind === 'error' && (code === -32700 || code === -32600)) return;
    const expected = expectedId === undefined ? '' : ` The request id was ${show(expectedId)}.`;
    findings.push(
      finding(
        expectedId === undefined ? 'jsonrpc.id-type' : 'jsonrpc.id-mismatch',
        'warning',
        (kind === 'success'
          ? 'The response id is null, so this result cannot be matched to its request.'
          : `The response id is null, which JSON-RPC reserves for errors about requests whose id could not be read ` +
            `(-32700, -32600)${code !== undefined ? `, not ${code}` : ''}.`) + expected,
        '/id',
        JSON_RPC.response,
      ),
    );
    return;
  }
  if (expectedId === undefined || id === expectedId) return;
  const sameText = String(id) === String(expectedId);
  findings.push(
    finding(
      'jsonrpc.id-mismatch',
      'error',
      `The response id ${show(id)} does not match the request id ${show(expectedId)}` +
        (sameText
          ? ': same digits, but a different type. JSON-RPC requires the same value and type.'
          : '. The response may belong to another request.'),
      '/id',
      JSON_RPC.response,
    ),
  );
}

/**
 * Checks a JSON-RPC error object's shape (integer code, string message, optional data), names it for the generation,
 * reads 1.0 ErrorInfo reasons from `data` and flags a reason that contradicts the code. Findings go to `findings`.
 */
export function inspectJsonRpcError(
  error: unknown,
  generation: Generation,
  pointer: string,
  findings: Finding[],
): JsonRpcErrorDetails {
  const details: JsonRpcErrorDetails = { reasons: [] };
  if (!isObject(error)) {
    findings.push(
      finding(
        'jsonrpc.error-shape',
        'error',
        `"error" is ${typeWord(error)}; it must be an object with an integer "code" and a string "message".`,
        pointer,
        JSON_RPC.error,
      ),
    );
    return details;
  }
  const code = error.code;
  if (typeof code === 'number' && Number.isInteger(code)) details.code = code;
  else {
    findings.push(
      finding(
        'jsonrpc.error-shape',
        'error',
        has(error, 'code')
          ? `The error code is ${typeWord(code)} (${show(code)}); it must be an integer.`
          : 'The error has no "code"; it must have an integer code.',
        appendPointer(pointer, 'code'),
        JSON_RPC.error,
      ),
    );
  }
  if (typeof error.message === 'string') details.message = error.message;
  else {
    findings.push(
      finding(
        'jsonrpc.error-shape',
        'error',
        has(error, 'message')
          ? `The error message is ${typeWord(error.message)}; it must be a string.`
          : 'The error has no "message"; it must have a short description as a string.',
        appendPointer(pointer, 'message'),
        JSON_RPC.error,
      ),
    );
  }
  if (has(error, 'data')) details.data = error.data;

  if (details.code !== undefined) {
    const named = nameJsonRpcError(details.code, generation);
    if (named) {
      details.name = named.name;
      details.meaning = named.meaning;
      details.since = named.since;
    } else {
      findings.push(unknownCode(details.code, generation, appendPointer(pointer, 'code')));
    }
  }

  if (has(error, 'data'))
    checkErrorData(error.data, generation, appendPointer(pointer, 'data'), details, findings);
  return details;
}

function unknownCode(code: number, generation: Generation, pointer: string): Finding {
  const elsewhere = jsonRpcErrorEntries(code)
    .filter((e) => !e.generations.includes(generation))
    .map((e) => `${e.name} in ${e.generations.join('/')}`);
  const hint = elsewhere.length
    ? ` Other A2A generations use it: ${elsewhere.join(', ')}; the agent may speak another version.`
    : '';
  switch (jsonRpcCodeRange(code)) {
    case 'server':
      return finding(
        'jsonrpc.unknown-code',
        'warning',
        `Error code ${code} is in the range A2A uses for its own errors, but A2A ${generation} does not define it.` +
          hint,
        pointer,
        errorSpec(generation),
      );
    case 'reserved':
      return finding(
        'jsonrpc.unknown-code',
        'warning',
        `Error code ${code} is in the range JSON-RPC reserves for its predefined errors, but it is none of them.` +
          hint,
        pointer,
        JSON_RPC.error,
      );
    default:
      return finding(
        'jsonrpc.unknown-code',
        'info',
        `Error code ${code} is application-defined: it is not an A2A ${generation} or JSON-RPC error code.` +
          hint,
        pointer,
        errorSpec(generation),
      );
  }
}

/** Reads google.rpc.ErrorInfo objects from error data (an array of ProtoJSON Any, or one such object). */
export function errorInfoReasonsIn(data: unknown): { reason: string; domain?: string; index: number }[] {
  const items = Array.isArray(data) ? data : [data];
  const out: { reason: string; domain?: string; index: number }[] = [];
  items.forEach((item: unknown, index) => {
    if (!isObject(item) || typeof item.reason !== 'string') return;
    const type = item['@type'];
    if (typeof type === 'string' && !type.endsWith('google.rpc.ErrorInfo')) return;
    out.push({
      reason: item.reason,
      index,
      ...(typeof item.domain === 'string' ? { domain: item.domain } : {}),
    });
  });
  return out;
}

function checkErrorData(
  data: unknown,
  generation: Generation,
  pointer: string,
  details: JsonRpcErrorDetails,
  findings: Finding[],
): void {
  // ≤0.3: data is free-form. 1.0: it SHOULD be an array of ProtoJSON Any objects, each with "@type"
  // (docs/protocol.md#json-rpc-error-codes).
  if (profileOf(generation).errorDetails === 'google-rpc') {
    if (!Array.isArray(data)) {
      findings.push(
        finding(
          'jsonrpc.error-data',
          'warning',
          `The error data is ${typeWord(data)}; in A2A 1.0 it should be an array of objects with "@type", such as ` +
            'google.rpc.ErrorInfo with a "reason".',
          pointer,
          errorSpec(generation),
        ),
      );
    } else {
      data.forEach((item: unknown, index) => {
        if (isObject(item) && typeof item['@type'] === 'string') return;
        findings.push(
          finding(
            'jsonrpc.error-data',
            'warning',
            `Error data item ${index} has no "@type"; A2A 1.0 error details are ProtoJSON Any objects that name their type.`,
            appendPointer(pointer, index),
            errorSpec(generation),
          ),
        );
      });
    }
  }
  const isArray = Array.isArray(data);
  for (const { reason, domain, index } of errorInfoReasonsIn(data)) {
    details.reasons.push(reason);
    if (domain !== undefined && domain !== a2aErrorDomain) continue;
    const meant = errorForReason(reason);
    if (!meant || details.code === undefined || meant.code === details.code) continue;
    const codeName = details.name ? `${details.name}` : 'an error A2A does not name';
    findings.push(
      finding(
        'jsonrpc.reason-mismatch',
        'warning',
        `Error code ${details.code} means ${codeName}, but the ErrorInfo reason ${reason} means ${meant.name} ` +
          `(code ${meant.code}). Clients reading the code and clients reading the reason will disagree.`,
        isArray ? appendPointer(appendPointer(pointer, index), 'reason') : appendPointer(pointer, 'reason'),
        errorSpec(generation),
      ),
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// REST error bodies

export type RestErrorFormat =
  'google.rpc.Status' | 'problem+json' | 'a2a-js-0.3' | 'a2a-python-0.3' | 'unrecognised';

export interface RestErrorDescription {
  status: number;
  format: RestErrorFormat;
  /** The A2A error, when the body or the status pins it down. */
  name?: string;
  meaning?: string;
  /** What the name was read from. */
  nameFrom?: 'reason' | 'type' | 'code' | 'status';
  /** When the status alone is ambiguous: the errors it can stand for. */
  candidates: string[];
  message?: string;
  /** The JSON-RPC code in an @a2a-js/sdk 0.3 body. */
  code?: number;
  /** The gRPC status name in a google.rpc.Status body. */
  grpcStatus?: string;
  reasons: string[];
  findings: Finding[];
}

/** Error bodies of the generation's HTTP+JSON binding. */
const restSpec = (generation: Generation) => a2aRef('restErrors', generation);

const restOnlyMeanings: Record<string, string> = {
  Unauthenticated:
    'The agent wants credentials it did not get (or they are invalid); see its securitySchemes.',
  PermissionDenied: 'The credentials were accepted but do not allow this operation.',
};

function named(name: string, generation: Generation): { name: string; meaning?: string } {
  const meaning = jsonRpcErrorByName(name, generation)?.meaning ?? ownValue(restOnlyMeanings, name);
  return meaning === undefined ? { name } : { name, meaning };
}

function nameFromCode(code: number, generation: Generation): { name: string; meaning: string } | undefined {
  const entry = nameJsonRpcError(code, generation);
  return entry ? { name: entry.name, meaning: entry.meaning } : undefined;
}

/**
 * Recognises a REST (HTTP+JSON) error body, given its HTTP status and the parsed body (undefined when it was not
 * JSON): 1.0 google.rpc.Status, RFC 9457 problem+json (used by the 1.0 spec's own examples;
 * docs/protocol.md#http-and-grpc-statuses), the @a2a-js/sdk 0.3 {"code","message","data"?} and the a2a-python 0.3
 * {"message"}. Names the A2A error from an
 * ErrorInfo reason, the problem type, the JSON-RPC code or, failing those, the HTTP status when that is unambiguous.
 */
export function describeRestError(
  status: number,
  body: unknown,
  generation: Generation,
): RestErrorDescription {
  const out: RestErrorDescription = {
    status,
    format: 'unrecognised',
    candidates: [],
    reasons: [],
    findings: [],
  };
  const { findings } = out;
  const setName = (name: string, from: RestErrorDescription['nameFrom']) => {
    const n = named(name, generation);
    out.name = n.name;
    if (n.meaning !== undefined) out.meaning = n.meaning;
    out.nameFrom = from;
  };

  if (isObject(body) && isObject(body.error)) {
    out.format = 'google.rpc.Status';
    const inner = body.error;
    if (typeof inner.message === 'string') out.message = inner.message;
    if (typeof inner.status === 'string') out.grpcStatus = inner.status;
    if (has(inner, 'code') && inner.code !== status) {
      findings.push(
        finding(
          'rest.status-mismatch',
          'warning',
          `The body says code ${show(inner.code)} but the HTTP status is ${status}; in A2A 1.0 "error.code" repeats the HTTP status.`,
          '/error/code',
          restSpec(generation),
        ),
      );
    }
    const details = inner.details;
    if (has(inner, 'details') && !Array.isArray(details)) {
      findings.push(
        finding(
          'rest.error-shape',
          'warning',
          `"error.details" is ${typeWord(details)}; it should be an array of objects with "@type".`,
          '/error/details',
          restSpec(generation),
        ),
      );
    }
    const infos = Array.isArray(details) ? errorInfoReasonsIn(details) : [];
    for (const info of infos) out.reasons.push(info.reason);
    const known = infos.map((i) => errorForReason(i.reason)).find((r) => r !== undefined);
    if (known) setName(known.name, 'reason');
  } else if (isObject(body) && (typeof body.type === 'string' || typeof body.title === 'string')) {
    out.format = 'problem+json';
    if (typeof body.detail === 'string') out.message = body.detail;
    else if (typeof body.title === 'string') out.message = body.title;
    if (typeof body.status === 'number' && body.status !== status) {
      findings.push(
        finding(
          'rest.status-mismatch',
          'warning',
          `The problem body says status ${body.status} but the HTTP status is ${status}; they should agree (RFC 9457 §3.1.2).`,
          '/status',
          RFC_9457.status,
        ),
      );
    }
    // The 1.0 examples use type URIs like https://a2a-protocol.org/errors/task-not-found.
    const slug =
      typeof body.type === 'string' ? /\/errors\/([a-z0-9-]+)\/?$/i.exec(body.type)?.[1] : undefined;
    const fromType = slug ? errorForReason(slug.toUpperCase().replaceAll('-', '_')) : undefined;
    if (fromType) {
      out.reasons.push(fromType.reason);
      setName(fromType.name, 'type');
    }
  } else if (isObject(body) && typeof body.code === 'number' && typeof body.message === 'string') {
    const code = body.code;
    out.format = 'a2a-js-0.3';
    out.message = body.message;
    out.code = code;
    const byCode = Number.isInteger(code) ? nameFromCode(code, generation) : undefined;
    if (byCode) {
      out.name = byCode.name;
      out.meaning = byCode.meaning;
      out.nameFrom = 'code';
    } else {
      findings.push(unknownCode(code, generation, '/code'));
    }
    const expected = a2aJs03RestStatus.find((s) => s.codes.includes(code))?.status ?? 500;
    if (profileOf(generation).restErrorStatus === 'sdk-convention' && expected !== status) {
      findings.push(
        finding(
          'rest.status-mismatch',
          'info',
          `@a2a-js/sdk 0.3 sends code ${code} with HTTP ${expected}, this agent used ${status}.`,
          '/code',
          restSpec(generation),
        ),
      );
    }
  } else if (isObject(body) && typeof body.message === 'string' && !has(body, 'code')) {
    out.format = 'a2a-python-0.3';
    out.message = body.message;
  }

  if (out.name === undefined) {
    out.candidates = [...restErrorNamesForStatus(status, generation)];
    const [only] = out.candidates;
    if (out.candidates.length === 1 && only !== undefined) setName(only, 'status');
  }
  if (out.name !== undefined && out.nameFrom !== 'status') {
    checkStatusForName(out.name, status, out.grpcStatus, generation, findings);
    out.candidates = [];
  }

  if (out.format === 'unrecognised') {
    findings.push(
      finding(
        'rest.error-unrecognised',
        status >= 400 ? 'warning' : 'info',
        `The HTTP ${status} body is not a known A2A error shape (google.rpc.Status {"error":{…}}, problem+json, ` +
          'or the 0.3 SDKs\' {"code","message"} / {"message"}).' +
          (out.name ? ` The status suggests ${out.name}.` : ''),
        '',
        restSpec(generation),
      ),
    );
  } else if (out.name === undefined) {
    findings.push(
      finding(
        'rest.error-unnamed',
        'info',
        out.candidates.length
          ? `The error cannot be named exactly: the body has no A2A reason, and HTTP ${status} is used for ` +
              `${out.candidates.join(', ')}.`
          : `The error cannot be named: the body has no A2A reason and HTTP ${status} is not in the A2A table.`,
        '',
        restSpec(generation),
      ),
    );
  }
  return out;
}

/**
 * In 1.0 the HTTP and gRPC status of a named error are fixed by A2A 1.0 §5.4 (docs/protocol.md#http-and-grpc-statuses).
 */
function checkStatusForName(
  name: string,
  status: number,
  grpcStatus: string | undefined,
  generation: Generation,
  findings: Finding[],
): void {
  if (profileOf(generation).restErrorStatus !== 'specified') return;
  const row = restMappingFor(name);
  if (!row) return;
  if (!row.http.includes(status)) {
    findings.push(
      finding(
        'rest.status-mismatch',
        'warning',
        `${name} should come with HTTP ${row.http.join(' or ')}, not ${status}.`,
        '',
        a2aRef('errorMapping', generation),
      ),
    );
  }
  if (grpcStatus !== undefined && !row.grpc.includes(grpcStatus)) {
    findings.push(
      finding(
        'rest.status-mismatch',
        'warning',
        `${name} should have status "${row.grpc.join('" or "')}", not "${grpcStatus}".`,
        '/error/status',
        a2aRef('errorMapping', generation),
      ),
    );
  }
}
