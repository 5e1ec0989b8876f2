// How ACTS steps reach an agent (CHK-6): every abstract operation goes through the host's own operation runner with
// the interface under test named for that request (the adapters encode it in that generation's wire format, the
// agent's credentials apply, and the exchange is a frame like any other); raw steps go out exactly as written,
// through the same path but without the agent's credentials. What came back is read from the frames: the exact
// JSON for A2A 1.0, the decoded answer in 1.0 names for older generations (shared/acts/views.ts).

import { randomUUID } from 'node:crypto';
import type { AgentSummary, OperationOutcome } from '../../../shared/host/agent';
import type { A2AError } from '../../../shared/a2a/model';
import type { RunInterface } from '../../../shared/acts/actsReport';
import type { OperationStep, RawStep } from '../../../shared/acts/actsTypes';
import { Alternatives } from '../../../shared/acts/assertions';
import { paramsToCall } from '../../../shared/acts/params';
import type { ActsExecutor, StepResponse, StopSignal } from '../../../shared/acts/runTest';
import { resultView } from '../../../shared/acts/views';
import type { ActsHost } from './actsHost';
import type { HttpFrame } from '../../../shared/wire/frame';
import { protocolHeaders } from '../../../shared/a2a/binding';
import {
  collectExchangeFrames,
  parsedBody,
  respond,
  statusError,
  unwrapRpc,
  type AnswerContext,
} from './actsResponses';

export interface ActsExecutorHandle extends ActsExecutor {
  /** Stops listening for frames. */
  dispose(): void;
}

export function createActsExecutor(host: ActsHost, agent: AgentSummary): ActsExecutorHandle {
  const exchanges = collectExchangeFrames(host);
  const context: AnswerContext = { host, exchanges };
  return {
    operation: (step, params, where, streamTimeoutMs) =>
      runOperationStep(context, agent, step, params, where, streamTimeoutMs),
    raw: (_step, request, where, streamTimeoutMs) =>
      runRawStep(context, agent, request, where, streamTimeoutMs),
    sleep,
    now: () => performance.now(),
    dispose: () => exchanges.dispose(),
  };
}

/** An abstract operation, sent through the host's runner on the interface under test with the agent's credentials. */
async function runOperationStep(
  context: AnswerContext,
  agent: AgentSummary,
  step: OperationStep,
  params: Record<string, unknown>,
  where: RunInterface,
  streamTimeoutMs: number,
): Promise<StepResponse> {
  const { host } = context;
  const call = paramsToCall(step.operation, params);
  if (!call.ok)
    return {
      kind: 'refused',
      status: new Alternatives([], 'not sent'),
      view: undefined,
      frameIds: [],
      summary: call.message,
    };
  if ('card' in call) return fetchCard(host, agent, where, call.notes);
  const via = { url: where.url, generation: where.generation, binding: where.binding };
  const outcome = await host.runOperation({ agentId: agent.id, ...call.call, via } as Parameters<
    ActsHost['runOperation']
  >[0]);
  const read = (http: HttpFrame | undefined) => {
    if (outcome.status !== 'result' || !outcome.result) return undefined;
    if (where.view === 'wire') {
      const wire = wireBody(http, where);
      if (wire !== undefined) return withProtoDefaults(step.operation, wire, where);
    }
    return resultView(step.operation, outcome.result);
  };
  const response = await respond(context, outcome, where, read, streamTimeoutMs, true);
  return withNotes(response, call.notes, outcome, where);
}

/** A raw step, sent exactly as written (but for a missing messageId) and without the agent's credentials. */
async function runRawStep(
  context: AnswerContext,
  agent: AgentSummary,
  request: RawStep['raw'],
  where: RunInterface,
  streamTimeoutMs: number,
): Promise<StepResponse> {
  const url = rawUrl(request.path, where, agent);
  const notes: string[] = [];
  const body =
    request.body_raw ??
    (request.body !== undefined ? JSON.stringify(withMessageId(request.body, notes)) : undefined);
  const outcome = await context.host.sendRaw({
    agentId: agent.id,
    method: request.method,
    url,
    headers: Object.entries(request.headers),
    ...(body !== undefined ? { body } : {}),
    via: { url: where.url, generation: where.generation, binding: where.binding },
    credentials: false,
  });
  // A raw step asserts on the body as it came, and on the JSON-RPC error inside it.
  const read = (http: HttpFrame | undefined) => parsedBody(http);
  const response = await respond(context, outcome, where, read, streamTimeoutMs, false);
  if (notes.length > 0) response.notes = [...(response.notes ?? []), ...notes];
  if (response.kind === 'result' || response.kind === 'error' || response.kind === 'failed') {
    withRawStatus(response, outcome.exchangeId ? context.exchanges.of(outcome.exchangeId).http : undefined);
  }
  return response;
}

/** A raw answer's status is the HTTP status as it came; an answer no decoder read is still one to assert on. */
function withRawStatus(response: StepResponse, http: HttpFrame | undefined): void {
  const status = http?.response?.status;
  if (status !== undefined)
    response.status = new Alternatives(
      response.kind === 'error' ? [status, 'error'] : [status],
      `HTTP ${status}`,
    );
  if (response.kind === 'failed' && http?.response) {
    // Not an A2A answer (an unidentified request, an error page), but still the agent's answer to assert on.
    response.kind = status !== undefined && status >= 400 ? 'error' : 'result';
    const error: A2AError = {
      message: http.response.body.text.slice(0, 200),
      httpStatus: status ?? 0,
      wire: response.view,
    };
    if (response.kind === 'error') response.error = statusError(error);
  }
}

function withNotes(
  response: StepResponse,
  notes: string[],
  outcome: OperationOutcome,
  where: RunInterface,
): StepResponse {
  const all = [...notes];
  if (where.view === 'translated')
    all.push(`Asserted on the A2A ${where.generation} answer decoded and written in A2A 1.0 names.`);
  if (outcome.findings.length > 0)
    all.push(
      `The answer broke ${outcome.findings.length} rule${outcome.findings.length === 1 ? '' : 's'}; see its frame.`,
    );
  if (all.length > 0) response.notes = [...(response.notes ?? []), ...all];
  return response;
}

/**
 * gRPC carries protobuf, where an empty string and a missing one are the same bytes, and its JSON rendering leaves
 * defaults out. The one default A2A 1.0 says must be present (ListTasksResponse.nextPageToken, "" on the last page)
 * is put back, so a gRPC agent is not failed for what its wire cannot show.
 */
function withProtoDefaults(operation: string, view: unknown, where: RunInterface): unknown {
  if (where.binding !== 'GRPC' || operation !== 'list_tasks') return view;
  if (typeof view !== 'object' || view === null || 'nextPageToken' in view) return view;
  return { ...view, nextPageToken: '' };
}

/** The answer's own JSON on an A2A 1.0 interface: the JSON-RPC `result`, or the REST or gRPC body. */
function wireBody(http: HttpFrame | undefined, where: RunInterface): unknown {
  const body = parsedBody(http);
  if (body === undefined) return undefined;
  if (where.binding === 'JSONRPC') return unwrapRpc(body);
  return body;
}

/**
 * ACTS §12.4: a message the test sends without a messageId gets a fresh one. Raw bodies are sent as written
 * otherwise; the official raw SendMessage requests leave it out, and A2A requires it, so an agent would refuse them
 * for that alone.
 */
function withMessageId(body: unknown, notes: string[]): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const root = body as Record<string, unknown>;
  const holder =
    typeof root.params === 'object' && root.params !== null ? (root.params as Record<string, unknown>) : root;
  const message = holder.message;
  if (typeof message !== 'object' || message === null || Array.isArray(message) || 'messageId' in message)
    return body;
  const messageId = randomUUID();
  notes.push(
    `Gave the message the messageId ${messageId}, as ACTS asks of a runner when a test leaves it out.`,
  );
  const withId = { ...(message as Record<string, unknown>), messageId };
  return holder === root ? { ...root, message: withId } : { ...root, params: { ...holder, message: withId } };
}

/** A raw step's path: "/" is the interface itself; well-known paths are the card's, at the agent's origin. */
function rawUrl(path: string, where: RunInterface, agent: AgentSummary): string {
  if (path === '/' || path === '') return '';
  if (path.startsWith('/.well-known/')) {
    const origin = agent.cardUrl.startsWith('http')
      ? new URL(agent.cardUrl).origin
      : new URL(where.url).origin;
    return `${origin}${path}`;
  }
  return path;
}

/** get_agent_card: the card fetched again, as a frame, with the A2A-Version of the interface under test. */
async function fetchCard(
  host: ActsHost,
  agent: AgentSummary,
  where: RunInterface,
  notes: string[],
): Promise<StepResponse> {
  if (!/^https?:/i.test(agent.cardUrl)) {
    return {
      kind: 'refused',
      status: new Alternatives([], 'not sent'),
      view: undefined,
      frameIds: [],
      summary: 'The card was opened from a file or pasted: there is no URL to fetch it from.',
    };
  }
  const headers: Array<[string, string]> = [
    ['Accept', 'application/json'],
    ...protocolHeaders(where.generation, undefined),
  ];
  const frame = await host.fetchRaw({
    method: 'GET',
    url: agent.cardUrl,
    headers,
    source: 'acts:get_agent_card',
  });
  const status = frame.response?.status;
  const view = parsedBody(frame);
  const response: StepResponse = {
    kind: frame.error || status === undefined ? 'failed' : status >= 400 ? 'error' : 'result',
    status: new Alternatives(status !== undefined ? [status] : [], `HTTP ${status ?? 'none'}`),
    view,
    frameIds: [frame.id],
    summary: frame.error ? frame.error.message : `HTTP ${status}`,
    ...(notes.length > 0 ? { notes } : {}),
  };
  if (response.kind === 'error')
    response.error = statusError({ message: `HTTP ${status}`, httpStatus: status ?? 0, wire: view });
  return response;
}

function sleep(ms: number, signal?: StopSignal): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    const tick = () => {
      if (signal?.aborted || Date.now() - started >= ms) resolve();
      else setTimeout(tick, Math.min(50, ms - (Date.now() - started)));
    };
    tick();
  });
}
