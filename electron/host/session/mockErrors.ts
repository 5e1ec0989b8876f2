// The answers a mock agent gives when the session cannot answer (SES-7), in the shape a client of that binding
// expects (docs/protocol.md#errors): a JSON-RPC error object, a 1.0 REST `google.rpc.Status`, or the 0.3 SDK's
// `{code, message}`. The message always says that this is a replay and what was asked, so a client author sees at
// once that the session, not their client, is missing something.

import type { RequestFacts, RpcId } from './mockMatching';
import { profileNamed } from '../../../shared/a2a/profile';

export interface MockErrorAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** 1.0 REST errors are google.rpc.Status; earlier REST servers (the 0.3 SDK) answered `{code, message}`. */
export type RestDialect = '1.0' | 'legacy';

const REPLAY = 'This mock agent replays a recorded session';

/** `"GetTask" (task "t-1") at POST /a2a/jsonrpc`, or `GET /a2a/rest/tasks/t-1` for REST. */
export function describeRequest(facts: RequestFacts): string {
  const where = `${facts.method} ${facts.path}${facts.query}`;
  if (!facts.rpc) return where;
  const task = facts.addressedTask !== undefined ? ` (task ${JSON.stringify(facts.addressedTask)})` : '';
  return `${JSON.stringify(facts.rpc.method)}${task} at ${facts.method} ${facts.path}`;
}

/** Nothing was recorded for this request: -32601 when the method never occurs in the session, else -32603. */
export function notRecorded(
  facts: RequestFacts,
  methodKnown: boolean,
  dialect: RestDialect,
): MockErrorAnswer {
  const message = `${REPLAY}, and the session has no recorded answer for ${describeRequest(facts)}.`;
  if (facts.rpc) {
    return jsonRpcError(
      facts.rpc.id,
      methodKnown ? -32603 : -32601,
      methodKnown
        ? `${message} It has answers for ${JSON.stringify(facts.rpc.method)}, but none for this request.`
        : message,
    );
  }
  return restError(dialect, 404, message);
}

/** The request was recorded, but no answer came back then (refused, timed out …): `why` says what happened. */
export function recordedWithoutAnswer(
  facts: RequestFacts,
  why: string,
  dialect: RestDialect,
): MockErrorAnswer {
  const message = `${REPLAY}; when ${describeRequest(facts)} was recorded, no answer came back (${why}).`;
  return facts.rpc ? jsonRpcError(facts.rpc.id, -32603, message) : restError(dialect, 502, message);
}

/**
 * A body that is not JSON sent where the session only has JSON-RPC calls (-32700,
 * docs/protocol.md#json-rpc-error-codes).
 */
export function unreadableRpc(facts: RequestFacts): MockErrorAnswer {
  return jsonRpcError(
    null,
    -32700,
    `${REPLAY}: the body sent to ${facts.method} ${facts.path} is not JSON, so no recorded answer can be looked up.`,
  );
}

export function tooLarge(limitBytes: number, dialect: RestDialect): MockErrorAnswer {
  return restError(
    dialect,
    413,
    `${REPLAY}: the request body is larger than ${limitBytes} bytes, which the mock does not read.`,
  );
}

/**
 * A request addressed to another host name: a web page that had a name of its own resolve to 127.0.0.1 (DNS
 * rebinding) must not read the session through the mock.
 */
export function wrongHost(host: string, allowed: readonly string[], dialect: RestDialect): MockErrorAnswer {
  return restError(
    dialect,
    403,
    `${REPLAY}; it answers requests addressed to ${allowed.join(' or ')}, not to ${JSON.stringify(host)}.`,
  );
}

export function jsonRpcError(id: RpcId, code: number, message: string): MockErrorAnswer {
  return {
    // JSON-RPC errors ride on HTTP 200 (docs/protocol.md#json-rpc-error-codes).
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }),
  };
}

const GRPC_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  413: 'INVALID_ARGUMENT',
  502: 'INTERNAL',
};

const LEGACY_CODE: Record<number, number> = {
  400: -32600,
  403: -32600,
  404: -32601,
  413: -32600,
  502: -32603,
};

/** The REST error body of each dialect: 1.0's google.rpc.Status, or the JSON-RPC style the 0.3 SDKs answer. */
const REST_ERROR_BODY: Record<RestDialect, (status: number, message: string) => unknown> = {
  '1.0': (status, message) => ({
    error: { code: status, status: GRPC_STATUS[status] ?? 'INTERNAL', message },
  }),
  legacy: (status, message) => ({ code: LEGACY_CODE[status] ?? -32603, message }),
};

export function restError(dialect: RestDialect, status: number, message: string): MockErrorAnswer {
  return {
    status,
    contentType: 'application/json',
    body: JSON.stringify(REST_ERROR_BODY[dialect](status, message)),
  };
}

/**
 * Which REST error shape a client expects: a request with `A2A-Version: 1.x` speaks 1.0; without it a server treats the
 * request as 0.3 (docs/protocol.md#versions-headers-and-content-types), so an agent that also speaks an older
 * generation answers in the old shape, and a 1.0-only agent in the 1.0 one.
 */
export function restDialect(a2aVersion: string | undefined, generations: readonly string[]): RestDialect {
  // The header names a version, not a generation: any 1.x release speaks 1.0's REST errors.
  if (a2aVersion !== undefined && a2aVersion.trim().startsWith('1')) return '1.0';
  if (generations.length === 0) return 'legacy';
  return generations.every((generation) => profileNamed(generation)?.errorDetails === 'google-rpc')
    ? '1.0'
    : 'legacy';
}
