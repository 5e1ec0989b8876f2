// JSON-RPC 2.0 envelope checks for A2A (docs/protocol.md#operations-and-bindings, docs/protocol.md#errors): classify a
// parsed request or response, name its error for the detected generation, and attach findings instead of rejecting
// anything: the inspector shows what came, and says what is wrong with it. REST error bodies are restErrors.ts's.

import { a2aErrorDomain, errorForReason, nameJsonRpcError } from '../a2a/errorCodes';
import type { Generation } from '../a2a/generation';
import { a2aRef, JSON_RPC, type SpecRef } from '../checks/specRefs';
import type { Finding } from './finding';
import {
  errorInfoReasonsIn,
  errorSpec,
  finding,
  has,
  isObject,
  show,
  typeWord,
  unknownCode,
  type Json,
} from './errorFindings';
import { appendPointer } from './jsonPointer';
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
