// Which ACTS error type (ACTS §6.2) an agent's error answer is. The A2A specification's own tables decide where ACTS's
// mapping table differs (ACTS says so itself): JSON-RPC codes from the A2A error code table, the ErrorInfo `reason` A2A
// 1.0 puts in `data` / `details`, and, when neither is there, the gRPC or HTTP status, which fits several errors at
// once (A2A 1.0 answers six of them with HTTP 400). The answer is then an `Alternatives` of every error the status
// allows, so `expect_error: {error_type: TaskNotCancelableError}` passes on a bare 400 and the report says it was told
// apart by its status alone. Source: the error tables of the A2A 1.0 specification,
// https://github.com/a2aproject/A2A/blob/v1.0.0/docs/specification.md.

import type { A2AError } from '../a2a/model';
import { Alternatives } from './assertions';

const BY_CODE: Record<number, string> = {
  [-32700]: 'JSONParseError',
  [-32600]: 'InvalidRequestError',
  [-32601]: 'MethodNotFoundError',
  [-32602]: 'InvalidParamsError',
  [-32603]: 'InternalError',
  [-32001]: 'TaskNotFoundError',
  [-32002]: 'TaskNotCancelableError',
  [-32003]: 'PushNotificationNotSupportedError',
  [-32004]: 'UnsupportedOperationError',
  [-32005]: 'ContentTypeNotSupportedError',
  [-32006]: 'InvalidAgentResponseError',
  [-32007]: 'ExtendedCardNotSupportedError',
  [-32008]: 'ExtensionSupportRequiredError',
  [-32009]: 'VersionNotSupportedError',
};

const BY_REASON: Record<string, string> = {
  TASK_NOT_FOUND: 'TaskNotFoundError',
  TASK_NOT_CANCELABLE: 'TaskNotCancelableError',
  PUSH_NOTIFICATION_NOT_SUPPORTED: 'PushNotificationNotSupportedError',
  UNSUPPORTED_OPERATION: 'UnsupportedOperationError',
  CONTENT_TYPE_NOT_SUPPORTED: 'ContentTypeNotSupportedError',
  INVALID_AGENT_RESPONSE: 'InvalidAgentResponseError',
  EXTENDED_AGENT_CARD_NOT_CONFIGURED: 'ExtendedCardNotSupportedError',
  EXTENSION_SUPPORT_REQUIRED: 'ExtensionSupportRequiredError',
  VERSION_NOT_SUPPORTED: 'VersionNotSupportedError',
};

const PRECONDITION = [
  'TaskNotCancelableError',
  'PushNotificationNotSupportedError',
  'UnsupportedOperationError',
  'ExtendedCardNotSupportedError',
  'ExtensionSupportRequiredError',
  'VersionNotSupportedError',
];

/** gRPC status names to the errors A2A 1.0 (and ACTS's table) give them. */
const BY_GRPC: Record<string, string[]> = {
  NOT_FOUND: ['TaskNotFoundError'],
  FAILED_PRECONDITION: PRECONDITION,
  UNIMPLEMENTED: [
    'UnsupportedOperationError',
    'PushNotificationNotSupportedError',
    'StreamingNotSupportedError',
    'MethodNotFoundError',
    'VersionNotSupportedError',
  ],
  INVALID_ARGUMENT: ['InvalidParamsError', 'ContentTypeNotSupportedError', 'JSONParseError'],
  INTERNAL: ['InternalError', 'InvalidAgentResponseError'],
  UNAVAILABLE: ['InternalError'],
};

/** HTTP statuses of the HTTP+JSON binding: A2A 1.0's table, ACTS's table and the 0.3 SDKs' habits together. */
const BY_HTTP: Record<number, string[]> = {
  400: [
    ...PRECONDITION,
    'InvalidParamsError',
    'ContentTypeNotSupportedError',
    'JSONParseError',
    'InvalidRequestError',
  ],
  404: ['TaskNotFoundError', 'MethodNotFoundError'],
  405: ['UnsupportedOperationError', 'MethodNotFoundError'],
  406: ['VersionNotSupportedError'],
  409: ['TaskNotCancelableError'],
  415: ['ContentTypeNotSupportedError'],
  422: ['InvalidParamsError'],
  500: ['InternalError', 'InvalidAgentResponseError'],
  501: [
    'UnsupportedOperationError',
    'PushNotificationNotSupportedError',
    'StreamingNotSupportedError',
    'MethodNotFoundError',
  ],
  502: ['InvalidAgentResponseError'],
  503: ['InternalError'],
};

/** The ACTS error type(s) of an error answer, with a label saying how they were told. */
export function errorTypesOf(error: A2AError): Alternatives {
  const fromReasons = (error.reasons ?? []).flatMap((reason) => BY_REASON[reason] ?? []);
  if (fromReasons.length > 0) {
    return new Alternatives(
      fromReasons,
      `${fromReasons.join(', ')} (ErrorInfo reason ${error.reasons!.join(', ')})`,
    );
  }
  if (error.code !== undefined && BY_CODE[error.code]) {
    const name = BY_CODE[error.code]!;
    return new Alternatives([name], `${name} (code ${error.code})`);
  }
  const grpc = grpcStatusOf(error);
  if (grpc && BY_GRPC[grpc]) {
    const names = BY_GRPC[grpc]!;
    return new Alternatives(names, describe(names, `gRPC ${grpc}`));
  }
  const status = error.httpStatus;
  if (status !== undefined && BY_HTTP[status]) {
    const names = BY_HTTP[status]!;
    return new Alternatives(names, describe(names, `HTTP ${status}`));
  }
  const what = [
    error.code !== undefined ? `code ${error.code}` : '',
    status !== undefined ? `HTTP ${status}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return new Alternatives([], `an error no A2A error type fits (${what || 'no code, no status'})`);
}

function describe(names: readonly string[], by: string): string {
  return names.length === 1
    ? `${names[0]} (${by})`
    : `one of ${names.join(', ')} (${by} without an ErrorInfo reason, which would tell them apart)`;
}

/** The gRPC status name the gRPC binding keeps in a failed call's body (`{"error": {"status": "NOT_FOUND"}}`). */
function grpcStatusOf(error: A2AError): string | undefined {
  const wire = error.wire;
  if (typeof wire !== 'object' || wire === null) return undefined;
  const inner = (wire as { error?: unknown }).error;
  if (typeof inner !== 'object' || inner === null) return undefined;
  const status = (inner as { status?: unknown }).status;
  return typeof status === 'string' ? status : undefined;
}
