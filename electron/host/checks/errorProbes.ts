// probe.unknown-task and probe.unsupported-method: the agent answers what it cannot do with the error its binding
// prescribes (docs/protocol.md#errors). JSON-RPC has codes (docs/protocol.md#json-rpc-error-codes): TaskNotFoundError
// -32001, MethodNotFoundError -32601. REST has HTTP statuses (docs/protocol.md#http-and-grpc-statuses): an unknown task
// is 404, in 1.0 with a google.rpc.Status body (or RFC 9457, which the 1.0 spec's own examples use); an unknown path is
// 404 or 405.

import { randomUUID } from 'node:crypto';
import type { A2AError } from '../../../shared/a2a/model';
import { a2aRef, type SpecRef } from '../../../shared/checks/specRefs';
import { describeOutcome, failed, passed, skipped, spokenInterface } from './probeKit';
import type { ProbeContext, Verdict } from './probeKit';
import { protocolHeaders } from '../../../shared/a2a/binding';
import { profileNamed } from '../../../shared/a2a/profile';

/** Where a generation names TaskNotFound's JSON-RPC code. */
const taskNotFoundCode = (generation: string): SpecRef => a2aRef('errorCodes', generation);
/** The HTTP status each error comes with (0.3 only says statuses "correspond to A2A error types"). */
const restStatus = (generation: string): SpecRef => a2aRef('errorMapping', generation);
/** The gRPC status each error comes with. */
const grpcStatus = (generation: string): SpecRef => a2aRef('grpcErrorStatus', generation);

export async function unknownTaskProbe(ctx: ProbeContext): Promise<Verdict> {
  const spoken = spokenInterface(ctx.agent);
  if (!spoken) return skipped('The agent has no interface Switchboard speaks.');
  const taskId = `switchboard-probe-${randomUUID()}`;
  const outcome = await ctx.host.runOperation({ agentId: ctx.agent.id, operation: 'get', input: { taskId } });
  const error = outcome.error;
  const rest = spoken.binding === 'HTTP+JSON';
  const { generation } = spoken;
  if (spoken.binding === 'GRPC') return grpcUnknownTask(outcome.error, describeOutcome(outcome), generation);
  const rpcSpec = taskNotFoundCode(generation);
  const restSpec = restStatus(generation);
  if (!error) {
    return failed(
      `Getting a task that cannot exist did not give an error: ${describeOutcome(outcome)}`,
      rest ? restSpec : rpcSpec,
    );
  }
  if (!rest) {
    return error.code === -32001
      ? passed('An unknown task got JSON-RPC -32001 (TaskNotFoundError).', rpcSpec)
      : failed(
          `An unknown task should get JSON-RPC -32001 (TaskNotFoundError); it got ${describeOutcome(outcome)}.`,
          rpcSpec,
        );
  }
  if (error.httpStatus !== 404) {
    return failed(`An unknown task should get HTTP 404; it got ${describeOutcome(outcome)}.`, restSpec);
  }
  const shape =
    profileNamed(generation)?.errorDetails === 'google-rpc' ? statusShape(error) : legacyShape(error);
  const bodySpec = a2aRef('restErrors', generation);
  return shape.ok
    ? passed(`An unknown task got HTTP 404 with ${shape.what}.`, bodySpec)
    : failed(`An unknown task got HTTP 404, but ${shape.what}.`, bodySpec);
}

/**
 * gRPC (docs/protocol.md#http-and-grpc-statuses): NOT_FOUND, in 1.0 with an ErrorInfo whose reason is TASK_NOT_FOUND
 * when there is one.
 */
function grpcUnknownTask(error: A2AError | undefined, described: string, generation: string): Verdict {
  const spec = grpcStatus(generation);
  const reasons = error?.reasons ?? [];
  // The gRPC binding reads a status as the REST error it maps to, so NOT_FOUND arrives as 404.
  if (error?.httpStatus === 404 && (reasons.length === 0 || reasons.includes('TASK_NOT_FOUND'))) {
    return passed(
      `An unknown task got gRPC NOT_FOUND${reasons.length ? ' with ErrorInfo TASK_NOT_FOUND' : ''}.`,
      spec,
    );
  }
  return failed(`An unknown task should get gRPC NOT_FOUND (TASK_NOT_FOUND); it got ${described}.`, spec);
}

/**
 * 1.0 REST (docs/protocol.md#http-and-grpc-statuses):
 * `{"error":{"code":404,"status":"NOT_FOUND",…,"details":[ErrorInfo…]}}`, or an RFC 9457 body.
 */
function statusShape(error: A2AError): { ok: boolean; what: string } {
  const body = objectOf(error.wire);
  const status = objectOf(body?.error);
  const reasons = error.reasons ?? [];
  if (reasons.length > 0 && !reasons.includes('TASK_NOT_FOUND')) {
    return { ok: false, what: `its ErrorInfo reason is ${reasons.join(', ')}, not TASK_NOT_FOUND` };
  }
  if (status && (status.code === 404 || status.status === 'NOT_FOUND')) {
    return { ok: true, what: 'a google.rpc.Status body (NOT_FOUND)' };
  }
  if (body && body.status === 404) return { ok: true, what: 'an RFC 9457 problem body' };
  return {
    ok: false,
    what: 'its body is not a google.rpc.Status error ({"error":{"code":404,"status":"NOT_FOUND",…}})',
  };
}

/**
 * 0.3 REST has no normative error body (docs/protocol.md#http-and-grpc-statuses), but the SDKs answer JSON, and
 * a2a-js carries the JSON-RPC code. A page that is not JSON is a web server's 404 for a path it does not know, not
 * the agent's answer.
 */
function legacyShape(error: A2AError): { ok: boolean; what: string } {
  const body = objectOf(error.wire);
  if (!body) return { ok: false, what: 'its body is not JSON, so it is not the agent’s TaskNotFound answer' };
  if (typeof body.code === 'number' && body.code !== -32001) {
    return { ok: false, what: `its body carries code ${body.code} instead of -32001 (TaskNotFoundError)` };
  }
  return { ok: true, what: 'a JSON error body' };
}

export async function unsupportedMethodProbe(ctx: ProbeContext): Promise<Verdict> {
  const spoken = spokenInterface(ctx.agent);
  if (!spoken) return skipped('The agent has no interface Switchboard speaks.');
  // A 1.0 server reads a request without A2A-Version as 0.3 (docs/protocol.md#versions-headers-and-content-types) and
  // would answer -32009 instead.
  const headers: Array<[string, string]> = [
    ['Content-Type', 'application/json'],
    ...protocolHeaders(spoken.generation, undefined),
  ];
  if (spoken.binding === 'GRPC') {
    return skipped(
      'Over gRPC the methods come from the proto: a call to one it lacks cannot be encoded, so this is not asked.',
    );
  }
  if (spoken.binding === 'HTTP+JSON') {
    const outcome = await ctx.host.sendRaw({
      agentId: ctx.agent.id,
      method: 'POST',
      url: '/v1/switchboard-probe:unknown',
      headers,
      body: '{}',
    });
    const status = outcome.error?.httpStatus;
    const spec = a2aRef('restTransport', spoken.generation);
    return status === 404 || status === 405
      ? passed(`An unknown path got HTTP ${status}.`, spec)
      : failed(`An unknown path should get HTTP 404 or 405; it got ${describeOutcome(outcome)}.`, spec);
  }
  const outcome = await ctx.host.sendRaw({
    agentId: ctx.agent.id,
    method: 'POST',
    url: '',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'switchboard/probeUnknownMethod', params: {} }),
  });
  const spec = a2aRef('standardErrors', spoken.generation);
  return outcome.error?.code === -32601
    ? passed('An unknown method got JSON-RPC -32601 (MethodNotFoundError).', spec)
    : failed(
        `An unknown method should get JSON-RPC -32601 (MethodNotFoundError); it got ${describeOutcome(outcome)}.`,
        spec,
      );
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
