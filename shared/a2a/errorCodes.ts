// A2A error tables per generation (docs/protocol.md#errors): JSON-RPC codes and their names, the 1.0
// google.rpc.ErrorInfo reasons, the 1.0 REST/gRPC mapping, and the status codes the 0.3 SDKs use for REST errors. Codes
// are labelled by the detected generation because 0.1 gave several of them other meanings
// (docs/protocol.md#json-rpc-error-codes).

import type { Generation } from './generation';

export interface JsonRpcErrorEntry {
  code: number;
  name: string;
  /** Plain words for what the error means. */
  meaning: string;
  /** Where this name for this code first appears: '0.1', '0.2.0', '0.3.0', '1.0', '1.1 draft', '0.1 (prose)'. */
  since: string;
  generations: readonly Generation[];
  /**
   * The 1.0 google.rpc.ErrorInfo reason, the name in UPPER_SNAKE without "Error"
   * (docs/protocol.md#json-rpc-error-codes).
   */
  reason?: string;
  /** The `message` default in the generation's JSON Schema. */
  defaultMessage?: string;
  /** Other names the same generation's sources use for it. */
  alsoKnownAs?: readonly string[];
}

export interface JsonRpcErrorName {
  name: string;
  meaning: string;
  since: string;
  reason?: string;
  defaultMessage?: string;
  alsoKnownAs?: readonly string[];
}

const all: readonly Generation[] = ['0.1', '0.2', '0.3', '1.0'];
const from02: readonly Generation[] = ['0.2', '0.3', '1.0'];

/** Every named JSON-RPC error code, per generation (docs/protocol.md#json-rpc-error-codes). */
export const jsonRpcErrorTable: readonly JsonRpcErrorEntry[] = [
  // Standard JSON-RPC 2.0 codes, under the names the A2A schemas give them.
  {
    code: -32700,
    name: 'JSONParseError',
    meaning: 'The agent could not parse the request body as JSON.',
    since: '0.1',
    generations: all,
    defaultMessage: 'Invalid JSON payload',
  },
  {
    code: -32600,
    name: 'InvalidRequestError',
    meaning: 'The body is JSON but not a valid JSON-RPC request (or it failed the request schema).',
    since: '0.1',
    generations: all,
    defaultMessage: 'Request payload validation error',
  },
  {
    code: -32601,
    name: 'MethodNotFoundError',
    meaning:
      'The agent does not know this method; often a sign that it speaks another A2A generation (e.g. tasks/send vs ' +
      'message/send vs SendMessage).',
    since: '0.1',
    generations: all,
    defaultMessage: 'Method not found',
  },
  {
    code: -32602,
    name: 'InvalidParamsError',
    meaning: 'The method exists but its params are missing or invalid.',
    since: '0.1',
    generations: all,
    defaultMessage: 'Invalid parameters',
  },
  {
    code: -32603,
    name: 'InternalError',
    meaning: 'The agent failed internally while handling the request.',
    since: '0.1',
    generations: all,
    defaultMessage: 'Internal error',
  },
  // A2A codes common to all generations.
  {
    code: -32001,
    name: 'TaskNotFoundError',
    meaning: 'No task with this id exists, or the caller may not see it (it may also have expired).',
    since: '0.1',
    generations: all,
    reason: 'TASK_NOT_FOUND',
    defaultMessage: 'Task not found',
  },
  {
    code: -32002,
    name: 'TaskNotCancelableError',
    meaning: 'The task cannot be canceled in its current state (typically it has already ended).',
    since: '0.1',
    generations: all,
    reason: 'TASK_NOT_CANCELABLE',
    defaultMessage: 'Task cannot be canceled',
  },
  {
    code: -32003,
    name: 'PushNotificationNotSupportedError',
    meaning:
      'The agent does not support push notifications (check capabilities.pushNotifications in its card).',
    since: '0.1',
    generations: all,
    reason: 'PUSH_NOTIFICATION_NOT_SUPPORTED',
    defaultMessage: 'Push Notification is not supported',
  },
  {
    code: -32004,
    name: 'OperationNotSupportedError',
    meaning: 'The agent does not support this operation.',
    since: '0.1 (prose)',
    generations: ['0.1'],
    defaultMessage: 'This operation is not supported',
    // The 0.1 prose says OperationNotSupportedError, its schema UnsupportedOperationError
    // (docs/protocol.md#json-rpc-error-codes).
    alsoKnownAs: ['UnsupportedOperationError'],
  },
  {
    code: -32004,
    name: 'UnsupportedOperationError',
    meaning:
      'The agent does not support this operation (in 1.0 also: streaming or subscribing when the card does not ' +
      'declare it, or subscribing to a task that has ended).',
    since: '0.2.0',
    generations: from02,
    reason: 'UNSUPPORTED_OPERATION',
    defaultMessage: 'This operation is not supported',
  },
  {
    code: -32005,
    name: 'ContentTypeNotSupportedError',
    meaning:
      'A media type in the request parts is not supported by the agent (see defaultInputModes in its card).',
    since: '0.1 (prose)',
    generations: ['0.1'],
  },
  {
    code: -32005,
    name: 'ContentTypeNotSupportedError',
    meaning:
      'A media type in the request parts is not supported by the agent (see defaultInputModes in its card).',
    since: '0.2.0',
    generations: from02,
    reason: 'CONTENT_TYPE_NOT_SUPPORTED',
    defaultMessage: 'Incompatible content types',
  },
  // 0.1 prose gave -32006…-32009 meanings that later generations reassigned (never in the 0.1 schema).
  {
    code: -32006,
    name: 'StreamingNotSupportedError',
    meaning:
      'The agent does not support streaming (0.1 meaning; later generations use -32006 for something else).',
    since: '0.1 (prose)',
    generations: ['0.1'],
  },
  {
    code: -32006,
    name: 'InvalidAgentResponseError',
    meaning: 'The agent produced a response that does not conform to the specification.',
    since: '0.2.0',
    generations: from02,
    reason: 'INVALID_AGENT_RESPONSE',
    defaultMessage: 'Invalid agent response',
  },
  {
    code: -32007,
    name: 'AuthenticationRequiredError',
    meaning:
      'The request needs authentication (0.1 meaning; from 0.3 -32007 means the extended card is missing).',
    since: '0.1 (prose)',
    generations: ['0.1'],
  },
  {
    code: -32007,
    name: 'AuthenticatedExtendedCardNotConfiguredError',
    meaning: 'The agent has no authenticated extended card configured.',
    since: '0.3.0',
    generations: ['0.3'],
    defaultMessage: 'Authenticated Extended Card is not configured',
  },
  {
    code: -32007,
    name: 'ExtendedAgentCardNotConfiguredError',
    meaning: 'The agent has no extended agent card configured.',
    since: '0.3.0',
    generations: ['1.0'],
    reason: 'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
  },
  {
    code: -32008,
    name: 'AuthorizationFailedError',
    meaning: 'The caller is not allowed to do this (0.1 meaning; 1.0 uses -32008 for extension support).',
    since: '0.1 (prose)',
    generations: ['0.1'],
  },
  {
    code: -32008,
    name: 'ExtensionSupportRequiredError',
    meaning: 'The agent requires an extension (required: true in its card) that the client did not request.',
    since: '1.0',
    generations: ['1.0'],
    reason: 'EXTENSION_SUPPORT_REQUIRED',
  },
  {
    code: -32009,
    name: 'InvalidTaskStateError',
    meaning:
      'The task is in a state that does not allow this request (0.1 meaning; 1.0 uses -32009 for versions).',
    since: '0.1 (prose)',
    generations: ['0.1'],
  },
  {
    code: -32009,
    name: 'VersionNotSupportedError',
    meaning:
      'The agent does not support the requested A2A protocol version. Without an A2A-Version header a 1.0 server ' +
      'assumes 0.3 (A2A 1.0 §3.6 Versioning): send "A2A-Version: 1.0".',
    since: '1.0',
    generations: ['1.0'],
    reason: 'VERSION_NOT_SUPPORTED',
  },
  {
    // Unreleased (branch dev-1.1); 1.0-family agents that implement the draft send it (docs/protocol.md#the-11-draft).
    code: -32010,
    name: 'TaskGenerationMismatchError',
    meaning:
      "The task changed since the client read it: ifGenerationMatch did not match the task's generation.",
    since: '1.1 draft',
    generations: ['1.0'],
    reason: 'TASK_GENERATION_MISMATCH',
  },
];

/** The name, meaning and origin of a JSON-RPC error code as `generation` uses it, or undefined if it has none. */
export function nameJsonRpcError(code: number, generation: Generation): JsonRpcErrorName | undefined {
  const entry = jsonRpcErrorTable.find((e) => e.code === code && e.generations.includes(generation));
  if (!entry) return undefined;
  const { name, meaning, since, reason, defaultMessage, alsoKnownAs } = entry;
  return {
    name,
    meaning,
    since,
    ...(reason ? { reason } : {}),
    ...(defaultMessage ? { defaultMessage } : {}),
    ...(alsoKnownAs ? { alsoKnownAs } : {}),
  };
}

/** Every generation's name for a code, e.g. to say "-32009 means VersionNotSupportedError in 1.0". */
export function jsonRpcErrorEntries(code: number): readonly JsonRpcErrorEntry[] {
  return jsonRpcErrorTable.filter((e) => e.code === code);
}

/** The table entry for an error name, preferring the one `generation` uses. */
export function jsonRpcErrorByName(name: string, generation?: Generation): JsonRpcErrorEntry | undefined {
  const matches = jsonRpcErrorTable.filter((e) => e.name === name || e.alsoKnownAs?.includes(name));
  return (generation ? matches.find((e) => e.generations.includes(generation)) : undefined) ?? matches.at(-1);
}

/** JSON-RPC 2.0 §5.1: -32768…-32000 is reserved; -32099…-32000 is for server-defined errors, which A2A uses. */
export const jsonRpcReservedRange = { min: -32768, max: -32000 } as const;
export const jsonRpcServerErrorRange = { min: -32099, max: -32000 } as const;
export const standardJsonRpcCodes: readonly number[] = [-32700, -32600, -32601, -32602, -32603];

export type JsonRpcCodeRange = 'standard' | 'server' | 'reserved' | 'application';

/** Which part of the JSON-RPC code space a code is in. */
export function jsonRpcCodeRange(code: number): JsonRpcCodeRange {
  if (standardJsonRpcCodes.includes(code)) return 'standard';
  if (code >= jsonRpcServerErrorRange.min && code <= jsonRpcServerErrorRange.max) return 'server';
  if (code >= jsonRpcReservedRange.min && code <= jsonRpcReservedRange.max) return 'reserved';
  return 'application';
}

// ---------------------------------------------------------------------------------------------------------------
// 1.0 ErrorInfo reasons

export interface ReasonEntry {
  reason: string;
  name: string;
  code: number;
  since: string;
}

/**
 * google.rpc.ErrorInfo reasons (domain "a2a-protocol.org") and the code each stands for. The spec lists the A2A ones
 * (docs/protocol.md#json-rpc-error-codes); INVALID_PARAMS is what @a2a-js/sdk 1.x sends with -32602 (its
 * RequestMalformedError).
 */
export const errorInfoReasons: readonly ReasonEntry[] = [
  ...jsonRpcErrorTable
    .filter((e) => e.reason !== undefined && e.generations.includes('1.0'))
    .map((e) => ({ reason: e.reason ?? '', name: e.name, code: e.code, since: e.since })),
  { reason: 'INVALID_PARAMS', name: 'InvalidParamsError', code: -32602, since: '@a2a-js/sdk 1.x' },
];

export const a2aErrorDomain = 'a2a-protocol.org';

export function errorForReason(reason: string): ReasonEntry | undefined {
  return errorInfoReasons.find((r) => r.reason === reason);
}

// ---------------------------------------------------------------------------------------------------------------
// REST and gRPC

export interface RestGrpcMapping {
  /** The error as A2A 1.0 §5.4 names it. */
  error: string;
  /** The JSON-RPC style name, where the error has one. */
  name?: string;
  code?: number;
  reason?: string;
  http: readonly number[];
  grpc: readonly string[];
  since: string;
}

/** A2A 1.0 §5.4 (normative): error → HTTP status and gRPC status (docs/protocol.md#http-and-grpc-statuses). */
export const restGrpcMapping: readonly RestGrpcMapping[] = [
  mapping('TaskNotFound', -32001, [404], ['NOT_FOUND']),
  mapping('TaskNotCancelable', -32002, [400], ['FAILED_PRECONDITION']),
  mapping('PushNotificationNotSupported', -32003, [400], ['FAILED_PRECONDITION']),
  mapping('UnsupportedOperation', -32004, [400], ['FAILED_PRECONDITION']),
  mapping('ContentTypeNotSupported', -32005, [400], ['INVALID_ARGUMENT']),
  mapping('InvalidAgentResponse', -32006, [500], ['INTERNAL']),
  mapping('ExtendedAgentCardNotConfigured', -32007, [400], ['FAILED_PRECONDITION']),
  mapping('ExtensionSupportRequired', -32008, [400], ['FAILED_PRECONDITION']),
  mapping('VersionNotSupported', -32009, [400], ['FAILED_PRECONDITION']),
  mapping('TaskGenerationMismatch', -32010, [409], ['ABORTED']),
  mapping('InvalidParams', -32602, [400], ['INVALID_ARGUMENT']),
  mapping('Internal', -32603, [500, 503], ['INTERNAL', 'UNAVAILABLE']),
  { error: 'Unauthenticated', http: [401], grpc: ['UNAUTHENTICATED'], since: '1.0' },
  { error: 'PermissionDenied', http: [403], grpc: ['PERMISSION_DENIED'], since: '1.0' },
];

function mapping(error: string, code: number, http: number[], grpc: string[]): RestGrpcMapping {
  const entry = jsonRpcErrorTable.find((e) => e.code === code && e.generations.includes('1.0'));
  return {
    error,
    code,
    http,
    grpc,
    since: entry?.since === '1.1 draft' ? '1.1 draft' : '1.0',
    ...(entry ? { name: entry.name } : {}),
    ...(entry?.reason ? { reason: entry.reason } : {}),
  };
}

/** The 1.0 REST/gRPC row for a JSON-RPC style name or an A2A 1.0 §5.4 error name. */
export function restMappingFor(name: string): RestGrpcMapping | undefined {
  return restGrpcMapping.find((m) => m.name === name || m.error === name);
}

/**
 * 0.3 REST had no normative table; these are the SDKs' choices (docs/protocol.md#http-and-grpc-statuses). a2a-python
 * 0.3 sends only {"message"}, so the status is all there is to go on.
 */
export const a2aPython03RestStatus: readonly { status: number; names: readonly string[] }[] = [
  { status: 400, names: ['JSONParseError', 'InvalidRequestError'] },
  {
    status: 404,
    names: ['MethodNotFoundError', 'TaskNotFoundError', 'AuthenticatedExtendedCardNotConfiguredError'],
  },
  { status: 409, names: ['TaskNotCancelableError'] },
  { status: 415, names: ['ContentTypeNotSupportedError'] },
  { status: 422, names: ['InvalidParamsError'] },
  { status: 500, names: ['InternalError'] },
  { status: 501, names: ['PushNotificationNotSupportedError', 'UnsupportedOperationError'] },
  { status: 502, names: ['InvalidAgentResponseError'] },
];

/** @a2a-js/sdk 0.3 REST: body {"code":<JSON-RPC code>,"message","data"?}; any other code is sent with 500. */
export const a2aJs03RestStatus: readonly { status: number; codes: readonly number[] }[] = [
  { status: 400, codes: [-32700, -32600, -32602, -32003, -32004] },
  { status: 404, codes: [-32601, -32001] },
  { status: 409, codes: [-32002] },
];

/**
 * The A2A error names an HTTP status can stand for in a generation's REST binding: the 1.0 table for 1.0, the
 * a2a-python 0.3 table for 0.3 (0.1 and 0.2 had no REST binding, so none).
 */
export function restErrorNamesForStatus(status: number, generation: Generation): readonly string[] {
  if (generation === '1.0') {
    return restGrpcMapping.filter((m) => m.http.includes(status)).map((m) => m.name ?? m.error);
  }
  if (generation === '0.3') return a2aPython03RestStatus.find((s) => s.status === status)?.names ?? [];
  return [];
}
