// What the gRPC binding of 0.3 and 1.0 shares (WIRE-3, docs/protocol.md#grpc): the address forms interface URLs take
// (`host:port`, `grpc://`, `grpcs://`, `http(s)://`), the request the host's gRPC exchange sends (a POST to
// `/<package>.A2AService/<Method>` whose body is the request message as ProtoJSON, metadata as headers), and reading
// the answer: the `grpc-status` trailer says success or failure; a failure's google.rpc.Status is mapped to the HTTP
// error body of the REST binding so both bindings name errors alike.

import type { SpecRef } from '../checks/specRefs';
import type { DecodedResponse, EncodeContext, EncodedRequest, Operation, ResponseInput } from './adapter';
import type { HeaderList } from '../wire/frame';
import { protocolHeaders } from './binding';
import type { DecodeContext } from './decodeContext';
import type { Generation } from './generation';
import type { OperationResult } from './model';
import { decodeRestResponse } from './protoJson/restBinding';
import type { ProtoDialect } from './protoJson/decode';

/** The canonical gRPC code names and the HTTP status Google's API guidelines pair them with. */
const GRPC_CODES: ReadonlyArray<[name: string, http: number]> = [
  ['OK', 200],
  ['CANCELLED', 499],
  ['UNKNOWN', 500],
  ['INVALID_ARGUMENT', 400],
  ['DEADLINE_EXCEEDED', 504],
  ['NOT_FOUND', 404],
  ['ALREADY_EXISTS', 409],
  ['PERMISSION_DENIED', 403],
  ['RESOURCE_EXHAUSTED', 429],
  ['FAILED_PRECONDITION', 400],
  ['ABORTED', 409],
  ['OUT_OF_RANGE', 400],
  ['UNIMPLEMENTED', 501],
  ['INTERNAL', 500],
  ['UNAVAILABLE', 503],
  ['DATA_LOSS', 500],
  ['UNAUTHENTICATED', 401],
];

/** `NOT_FOUND` for 5; the number itself for a code gRPC does not define. */
export function grpcCodeName(code: number): string {
  return GRPC_CODES[code]?.[0] ?? String(code);
}

/** The status a call ended with, from its trailers as the frame keeps them; no `grpc-status` means OK. */
export function grpcTrailers(headers: HeaderList): { code: number; message: string; detailsBase64?: string } {
  const header = (name: string) => headers.find(([key]) => key.toLowerCase() === name)?.[1];
  const details = header('grpc-status-details-bin');
  return {
    code: Number(header('grpc-status') ?? '0'),
    message: header('grpc-message') ?? '',
    ...(details ? { detailsBase64: details } : {}),
  };
}

/**
 * `http(s)://host:port` for an interface URL in any form seen in the wild; undefined when it names no address.
 * `grpc://` and bare `host:port` are plaintext, `grpcs://` is TLS, `http(s)://` say so themselves.
 */
export function grpcOrigin(interfaceUrl: string): string | undefined {
  const trimmed = interfaceUrl.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(trimmed)?.[1]?.toLowerCase();
  let rest = trimmed;
  let protocol = 'http:';
  if (scheme === 'https' || scheme === 'grpcs') protocol = 'https:';
  else if (scheme !== undefined && scheme !== 'http' && scheme !== 'grpc') return undefined;
  if (scheme !== undefined) rest = trimmed.slice(scheme.length + 3);
  try {
    const url = new URL(`${protocol}//${rest}`);
    return url.hostname ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export function grpcRequest(
  generation: Generation,
  operation: Operation,
  context: EncodeContext,
  call: { packageName: string; method: string; message: unknown; streaming?: boolean },
): EncodedRequest | { error: string } {
  const origin = grpcOrigin(context.endpoint);
  if (!origin) return { error: `The gRPC interface address ${context.endpoint} is not host:port or a URL.` };
  return {
    operation,
    method: 'POST',
    url: `${origin}/${call.packageName}.A2AService/${call.method}`,
    // gRPC metadata keys are lower case.
    headers: protocolHeaders(generation, context.extensions).map(([name, value]) => [
      name.toLowerCase(),
      value,
    ]),
    body: JSON.stringify(call.message),
    streaming: call.streaming ?? false,
  };
}

/** The answer of one call: its message on `grpc-status: 0`, else its status as the REST error it corresponds to. */
export function decodeGrpcResponse(
  request: EncodedRequest,
  response: ResponseInput,
  dialect: ProtoDialect,
  spec: SpecRef,
  decodeResult: (body: unknown, ctx: DecodeContext) => OperationResult,
): DecodedResponse {
  const { code, message } = grpcTrailers(response.headers);
  if (code !== 0) {
    const [name, http] = GRPC_CODES[code] ?? ['UNKNOWN', 500];
    let status: Record<string, unknown> = { code, message };
    try {
      status = JSON.parse(response.bodyText) as Record<string, unknown>;
    } catch {
      // The trailers alone say what went wrong.
    }
    const body = JSON.stringify({
      error: { code: http, status: name, message: status.message, details: status.details },
    });
    return decodeRestResponse(
      request,
      { status: http, headers: [], bodyText: body },
      dialect,
      spec,
      decodeResult,
    );
  }
  // An empty message (google.protobuf.Empty) is the answer of a delete.
  const bodyText =
    response.bodyText === '{}' && request.operation === 'pushConfigDelete' ? '' : response.bodyText;
  return decodeRestResponse(
    request,
    { status: 200, headers: [['content-type', 'application/json']], bodyText },
    dialect,
    spec,
    decodeResult,
  );
}
