// REST (HTTP+JSON) error bodies of every shape agents send (docs/protocol.md#http-and-grpc-statuses): read, named as
// an A2A error where the body or the status allows, and checked against the statuses the generation expects.

import {
  a2aJs03RestStatus,
  errorForReason,
  jsonRpcErrorByName,
  nameJsonRpcError,
  restErrorNamesForStatus,
  restMappingFor,
} from '../a2a/errorCodes';
import type { Generation } from '../a2a/generation';
import { profileOf } from '../a2a/profile';
import { a2aRef, RFC_9457 } from '../checks/specRefs';
import { ownValue } from '../ownValue';
import {
  errorInfoReasonsIn,
  finding,
  has,
  isObject,
  show,
  typeWord,
  unknownCode,
  type Json,
} from './errorFindings';
import type { Finding } from './finding';

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
 * {"message"}. Names the A2A error from an ErrorInfo reason, the problem type, the JSON-RPC code or, failing those, the HTTP status when that is unambiguous.
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
  if (isObject(body) && isObject(body.error)) readRpcStatus(out, body.error, generation);
  else if (isObject(body) && (typeof body.type === 'string' || typeof body.title === 'string'))
    readProblem(out, body, generation);
  else if (isObject(body) && typeof body.code === 'number' && typeof body.message === 'string')
    readA2aJs03(out, body.code, body.message, generation);
  else if (isObject(body) && typeof body.message === 'string' && !has(body, 'code')) {
    out.format = 'a2a-python-0.3';
    out.message = body.message;
  }

  if (out.name === undefined) {
    out.candidates = [...restErrorNamesForStatus(status, generation)];
    const [only] = out.candidates;
    if (out.candidates.length === 1 && only !== undefined) setName(out, only, 'status', generation);
  }
  if (out.name !== undefined && out.nameFrom !== 'status') {
    checkStatusForName(out.name, status, out.grpcStatus, generation, out.findings);
    out.candidates = [];
  }
  noteUnnamed(out, generation);
  return out;
}

function setName(
  out: RestErrorDescription,
  name: string,
  from: RestErrorDescription['nameFrom'],
  generation: Generation,
): void {
  const n = named(name, generation);
  out.name = n.name;
  if (n.meaning !== undefined) out.meaning = n.meaning;
  out.nameFrom = from;
}

/** 1.0's google.rpc.Status body: `{"error":{"code","status","message","details":[ErrorInfo…]}}`. */
function readRpcStatus(out: RestErrorDescription, inner: Json, generation: Generation): void {
  out.format = 'google.rpc.Status';
  if (typeof inner.message === 'string') out.message = inner.message;
  if (typeof inner.status === 'string') out.grpcStatus = inner.status;
  if (has(inner, 'code') && inner.code !== out.status) {
    out.findings.push(
      finding(
        'rest.status-mismatch',
        'warning',
        `The body says code ${show(inner.code)} but the HTTP status is ${out.status}; in A2A 1.0 "error.code" repeats the HTTP status.`,
        '/error/code',
        restSpec(generation),
      ),
    );
  }
  const details = inner.details;
  if (has(inner, 'details') && !Array.isArray(details)) {
    out.findings.push(
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
  if (known) setName(out, known.name, 'reason', generation);
}

/** An RFC 9457 problem body, as the 1.0 specification's own examples write errors. */
function readProblem(out: RestErrorDescription, body: Json, generation: Generation): void {
  out.format = 'problem+json';
  if (typeof body.detail === 'string') out.message = body.detail;
  else if (typeof body.title === 'string') out.message = body.title;
  if (typeof body.status === 'number' && body.status !== out.status) {
    out.findings.push(
      finding(
        'rest.status-mismatch',
        'warning',
        `The problem body says status ${body.status} but the HTTP status is ${out.status}; they should agree (RFC 9457 §3.1.2).`,
        '/status',
        RFC_9457.status,
      ),
    );
  }
  // The 1.0 examples use type URIs like https://a2a-protocol.org/errors/task-not-found.
  const slug = typeof body.type === 'string' ? /\/errors\/([a-z0-9-]+)\/?$/i.exec(body.type)?.[1] : undefined;
  const fromType = slug ? errorForReason(slug.toUpperCase().replaceAll('-', '_')) : undefined;
  if (fromType) {
    out.reasons.push(fromType.reason);
    setName(out, fromType.name, 'type', generation);
  }
}

/** @a2a-js/sdk 0.3's `{"code","message","data"?}`, the JSON-RPC error object on its own. */
function readA2aJs03(out: RestErrorDescription, code: number, message: string, generation: Generation): void {
  out.format = 'a2a-js-0.3';
  out.message = message;
  out.code = code;
  const byCode = Number.isInteger(code) ? nameFromCode(code, generation) : undefined;
  if (byCode) {
    out.name = byCode.name;
    out.meaning = byCode.meaning;
    out.nameFrom = 'code';
  } else {
    out.findings.push(unknownCode(code, generation, '/code'));
  }
  const expected = a2aJs03RestStatus.find((s) => s.codes.includes(code))?.status ?? 500;
  if (profileOf(generation).restErrorStatus === 'sdk-convention' && expected !== out.status) {
    out.findings.push(
      finding(
        'rest.status-mismatch',
        'info',
        `@a2a-js/sdk 0.3 sends code ${code} with HTTP ${expected}, this agent used ${out.status}.`,
        '/code',
        restSpec(generation),
      ),
    );
  }
}

/** Says so when the body has no shape A2A knows, or when the error could not be named. */
function noteUnnamed(out: RestErrorDescription, generation: Generation): void {
  const { status } = out;
  if (out.format === 'unrecognised') {
    out.findings.push(
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
    out.findings.push(
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
