// The answer an error fault (PRX-4) gives instead of the agent's, shaped as the request's binding and the upstream's
// generation shape their errors (docs/protocol.md#errors): a JSON-RPC error envelope carrying the request's id, an
// HTTP+JSON error body (google.rpc.Status with an ErrorInfo in 1.0, `{code, message}` as the 0.3 SDKs send), or a
// gRPC trailers-only response whose headers carry grpc-status and grpc-message. A client should not be able to tell
// it from the agent's own error, which is the point of injecting it.

import {
  a2aErrorDomain,
  a2aJs03RestStatus,
  nameJsonRpcError,
  restGrpcMapping,
} from '../../../shared/a2a/errorCodes';
import { grpcCodeName } from '../../../shared/a2a/grpcBinding';
import { profileNamed, type GenerationProfile } from '../../../shared/a2a/profile';
import type { FaultAction } from '../../../shared/proxy/faultRules';
import type { ProxiedRequest, ProxyAnswer } from '../../../shared/proxy/proxyTypes';
import type { HeaderList } from '../../../shared/wire/frame';

type ErrorAction = Extract<FaultAction, { kind: 'error' }>;

const INTERNAL = -32603;
const GRPC_INTERNAL = 13;
const errorInfoType = 'type.googleapis.com/google.rpc.ErrorInfo';

async function* bytesOf(text: string): AsyncIterable<Uint8Array> {
  if (text.length > 0) yield new TextEncoder().encode(text);
}

function answer(status: number, headers: HeaderList, text: string): ProxyAnswer {
  return { status, statusText: '', headers, body: bytesOf(text) };
}

function requestId(body: Uint8Array): unknown {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(body));
    if (typeof parsed === 'object' && parsed !== null && 'id' in parsed) {
      const id = parsed.id;
      if (typeof id === 'string' || typeof id === 'number') return id;
    }
  } catch {
    return null;
  }
  return null;
}

function mappingOf(code: number) {
  return restGrpcMapping.find((row) => row.code === code);
}

function grpcCodeNumber(name: string | undefined): number | undefined {
  for (let code = 1; code <= 16; code += 1) if (grpcCodeName(code) === name) return code;
  return undefined;
}

function messageFor(action: ErrorAction, code: number, profile: GenerationProfile | undefined): string {
  const named = profile ? nameJsonRpcError(code, profile.generation) : undefined;
  return (
    action.message ?? named?.defaultMessage ?? named?.name ?? 'Error injected by a Switchboard fault rule'
  );
}

function errorInfo(code: number, profile: GenerationProfile | undefined): unknown[] | undefined {
  if (profile?.errorDetails !== 'google-rpc') return undefined;
  const reason = nameJsonRpcError(code, profile.generation)?.reason;
  return reason ? [{ '@type': errorInfoType, reason, domain: a2aErrorDomain }] : undefined;
}

function jsonRpcAnswer(
  request: ProxiedRequest,
  action: ErrorAction,
  profile?: GenerationProfile,
): ProxyAnswer {
  const code = action.jsonRpcCode ?? INTERNAL;
  const data = errorInfo(code, profile);
  const error = { code, message: messageFor(action, code, profile), ...(data ? { data } : {}) };
  const body = JSON.stringify({ jsonrpc: '2.0', id: requestId(request.body), error });
  return answer(action.httpStatus ?? 200, [['content-type', 'application/json']], body);
}

function restAnswer(action: ErrorAction, profile?: GenerationProfile): ProxyAnswer {
  const code = action.jsonRpcCode ?? INTERNAL;
  const message = messageFor(action, code, profile);
  if (profile?.restErrorStatus === 'sdk-convention') {
    const status =
      action.httpStatus ?? a2aJs03RestStatus.find((row) => row.codes.includes(code))?.status ?? 500;
    return answer(status, [['content-type', 'application/json']], JSON.stringify({ code, message }));
  }
  const row = mappingOf(code);
  const status = action.httpStatus ?? row?.http[0] ?? 500;
  const details = errorInfo(code, profile);
  const grpcStatus = row?.grpc[0] ?? 'INTERNAL';
  const body = { error: { code: status, status: grpcStatus, message, ...(details ? { details } : {}) } };
  const type = profile?.a2aMediaType ?? 'application/json';
  return answer(status, [['content-type', type]], JSON.stringify(body));
}

/** grpc-message is percent-encoded (docs/proxy.md#error-answers): anything outside printable ASCII, and `%` itself. */
function grpcMessage(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text))
    out +=
      byte >= 0x20 && byte <= 0x7e && byte !== 0x25
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

function grpcAnswer(action: ErrorAction, profile?: GenerationProfile): ProxyAnswer {
  const fromCode =
    action.jsonRpcCode === undefined ? undefined : grpcCodeNumber(mappingOf(action.jsonRpcCode)?.grpc[0]);
  const code = action.grpcCode ?? fromCode ?? GRPC_INTERNAL;
  const message = action.message ?? messageFor(action, action.jsonRpcCode ?? INTERNAL, profile);
  const headers: HeaderList = [
    ['content-type', 'application/grpc'],
    ['grpc-status', String(code)],
    ['grpc-message', grpcMessage(message)],
  ];
  return answer(200, headers, '');
}

/** The error answer one request gets from an error rule, in its binding's and generation's shape. */
export function errorAnswer(request: ProxiedRequest, action: ErrorAction): ProxyAnswer {
  const profile = profileNamed(request.generation);
  if (request.binding === 'GRPC') return grpcAnswer(action, profile);
  if (request.binding === 'JSONRPC') return jsonRpcAnswer(request, action, profile);
  return restAnswer(action, profile);
}
