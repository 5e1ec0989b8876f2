// The JSON-RPC envelope of an exchange, or of one event of its stream (FRM-3): the request's method and id, whether the
// answer repeats that id, and the error code named the way the agent's generation names it (the same code means
// different errors in 0.1 and 1.0, docs/protocol.md#json-rpc-error-codes). Read from the frame's bytes, so a hand-typed
// request that the host could not identify is annotated too.

import { jsonRpcErrorEntries, nameJsonRpcError } from '../../../shared/a2a/errorCodes';
import { isGeneration, type Generation } from '../../../shared/a2a/generation';
import type { HttpFrame } from '../../../shared/wire/frame';
import {
  checkJsonRpcRequest,
  checkJsonRpcResponse,
  type JsonRpcId,
  type JsonRpcKind,
} from '../../../shared/wire/jsonRpc';

export type IdCheck =
  /** The answer repeats the request's id, value and type. */
  | 'match'
  | 'mismatch'
  /** The answer's id is null: right only for errors about requests whose id could not be read. */
  | 'null'
  | 'missing'
  /** The request's id could not be read, so there is nothing to compare with. */
  | 'unknown-request';

export interface ErrorName {
  name: string;
  /** The generations that use this name for the code. */
  generations: string;
  meaning: string;
}

export interface EnvelopeNote {
  generation?: Generation;
  method?: string;
  requestId?: JsonRpcId;
  /** Absent when there is no JSON answer to read (still pending, a stream's head, not JSON). */
  response?: {
    kind: JsonRpcKind;
    id?: JsonRpcId;
    idCheck: IdCheck;
    error?: { code?: number; message?: string; names: ErrorName[] };
  };
}

function parseJson(text: string | undefined): { ok: true; value: unknown } | { ok: false } {
  if (text === undefined || text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** The answer (one stream event, or else the response body) has a `jsonrpc` member. */
function answerLooksJsonRpc(frame: HttpFrame, answer: unknown): boolean {
  if (answer !== undefined) return looksLikeJsonRpc(answer);
  const body = parseJson(frame.response?.body.text);
  return body.ok && looksLikeJsonRpc(body.value);
}

function looksLikeJsonRpc(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'jsonrpc' in value;
}

/** Every name the code has: the generation's own when it is known, else each generation's. */
export function errorNames(code: number, generation: Generation | undefined): ErrorName[] {
  if (generation) {
    const named = nameJsonRpcError(code, generation);
    return named ? [{ name: named.name, generations: generation, meaning: named.meaning }] : [];
  }
  return jsonRpcErrorEntries(code).map((entry) => ({
    name: entry.name,
    generations: entry.generations.join(', '),
    meaning: entry.meaning,
  }));
}

function compareIds(id: JsonRpcId | undefined, expected: JsonRpcId | undefined): IdCheck {
  if (id === undefined) return 'missing';
  if (expected === undefined) return id === null ? 'null' : 'unknown-request';
  if (id === null && expected !== null) return 'null';
  return id === expected ? 'match' : 'mismatch';
}

/**
 * The envelope of `frame`, answered by `answer` when given (one stream event's parsed JSON) or else by the frame's
 * response body. Undefined when the exchange is not JSON-RPC.
 */
export function describeEnvelope(frame: HttpFrame, answer?: unknown): EnvelopeNote | undefined {
  const request = parseJson(frame.request.body?.text);
  // A raw request no operation matched is JSON-RPC only if it or its answer says so: a plain REST route's task JSON
  // is not a JSON-RPC answer with its envelope missing.
  const raw = frame.a2a?.operation === 'raw';
  const jsonRpcBinding =
    frame.a2a?.binding === 'JSONRPC' &&
    (!raw || (frame.request.body !== undefined && !request.ok) || answerLooksJsonRpc(frame, answer));
  if (!jsonRpcBinding && !(request.ok && looksLikeJsonRpc(request.value))) return undefined;
  const generation = isGeneration(frame.a2a?.generation) ? frame.a2a.generation : undefined;
  // The checks need a generation for their wording; names come from errorNames, which handles "unknown".
  const checkAs: Generation = generation ?? '1.0';
  const note: EnvelopeNote = generation ? { generation } : {};
  if (request.ok) {
    const check = checkJsonRpcRequest(request.value, checkAs);
    if (check.method !== undefined) note.method = check.method;
    if (check.id !== undefined) note.requestId = check.id;
  } else if (frame.a2a?.rpc) {
    note.method = frame.a2a.rpc.method;
    note.requestId = frame.a2a.rpc.id;
  }

  let value: unknown = answer;
  if (answer === undefined) {
    const body = parseJson(frame.response?.body.text);
    if (!body.ok) return note;
    value = body.value;
  }
  const check = checkJsonRpcResponse(value, {
    generation: checkAs,
    ...(note.requestId !== undefined ? { expectedId: note.requestId } : {}),
  });
  note.response = {
    kind: check.kind,
    ...(check.id !== undefined ? { id: check.id } : {}),
    idCheck: compareIds(check.id, note.requestId),
  };
  if (check.error) {
    const { code, message } = check.error;
    note.response.error = {
      ...(code !== undefined ? { code } : {}),
      ...(message !== undefined ? { message } : {}),
      names: code !== undefined ? errorNames(code, generation) : [],
    };
  }
  return note;
}
