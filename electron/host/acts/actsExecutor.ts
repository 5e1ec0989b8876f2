// How ACTS steps reach an agent (CHK-6): every abstract operation goes through the host's own operation runner with
// the interface under test named for that request (the adapters encode it in that generation's wire format, the
// agent's credentials apply, and the exchange is a frame like any other); raw steps go out exactly as written,
// through the same path but without the agent's credentials. What came back is read from the frames: the exact
// JSON for A2A 1.0, the decoded answer in 1.0 names for older generations (shared/acts/views.ts).

import { randomUUID } from 'node:crypto';
import type { AgentSummary, OperationOutcome } from '../../../shared/host/agent';
import { findAdapter } from '../../../shared/a2a/adapters';
import type { EncodedRequest } from '../../../shared/a2a/adapter';
import type { A2AError } from '../../../shared/a2a/model';
import type { RunInterface } from '../../../shared/acts/actsReport';
import type { OperationStep, RawStep } from '../../../shared/acts/actsTypes';
import { Alternatives } from '../../../shared/acts/assertions';
import { errorTypesOf } from '../../../shared/acts/errorTypes';
import { paramsToCall } from '../../../shared/acts/params';
import type { ActsExecutor, StepResponse, StopSignal } from '../../../shared/acts/runTest';
import type { StreamEventInput } from '../../../shared/acts/streamExpect';
import { errorView, eventState, eventView, resultView, streamItemView } from '../../../shared/acts/views';
import type { HostService } from '../../../shared/host/hostApi';
import { eventJson } from '../../../shared/wire/eventJson';
import type { Frame, HttpFrame, SseFrame } from '../../../shared/wire/frame';
import { protocolHeaders } from '../../../shared/a2a/binding';

export type ActsHost = Pick<
  HostService,
  'runOperation' | 'sendRaw' | 'awaitStream' | 'closeStream' | 'fetchRaw' | 'onEvent'
>;

/** The frames of one exchange, as they arrive on the host's event stream. */
interface Exchange {
  http?: HttpFrame;
  events: SseFrame[];
}

export interface ActsExecutorHandle extends ActsExecutor {
  /** Stops listening for frames. */
  dispose(): void;
}

export function createActsExecutor(host: ActsHost, agent: AgentSummary): ActsExecutorHandle {
  const exchanges = new Map<string, Exchange>();
  const exchangeOf = (id: string) => {
    let entry = exchanges.get(id);
    if (!entry) exchanges.set(id, (entry = { events: [] }));
    return entry;
  };
  const stop = host.onEvent((event) => {
    if (event.type !== 'frames') return;
    for (const frame of event.frames) collect(frame);
  });
  const collect = (frame: Frame) => {
    if (frame.kind === 'http') {
      const entry = exchangeOf(frame.id);
      if (!entry.http || (frame.rev ?? Infinity) >= (entry.http.rev ?? Infinity)) entry.http = frame;
    } else if (frame.kind === 'sse') {
      const entry = exchangeOf(frame.exchangeId);
      // An event published again (after its analysis) replaces the first copy.
      const at = entry.events.findIndex((known) => known.id === frame.id);
      if (at >= 0) entry.events[at] = frame;
      else entry.events.push(frame);
    }
  };

  /** Waits for a stream to end (or closes it at the limit), then for its events to have arrived. */
  const finishStream = async (
    exchangeId: string,
    timeoutMs: number,
  ): Promise<'complete' | 'timeout' | 'error'> => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>(
      (resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)),
    );
    const ended = await Promise.race([host.awaitStream({ exchangeId }), timedOut]).finally(() =>
      clearTimeout(timer),
    );
    let count: number;
    let how: 'complete' | 'timeout' | 'error';
    if (ended === 'timeout') {
      await host.closeStream({ exchangeId });
      const end = await host.awaitStream({ exchangeId });
      count = end.events;
      how = 'timeout';
    } else {
      count = ended.events;
      how = ended.ended === 'error' ? 'error' : 'complete';
    }
    // Events reach the event stream after their analysis; wait (boundedly) until all of them have.
    for (let turn = 0; turn < 400; turn += 1) {
      const seen = exchangeOf(exchangeId).events.filter((frame) => frame.dispatched).length;
      if (seen >= count && exchangeOf(exchangeId).http?.state !== 'streaming') break;
      await new Promise((resolve) => setTimeout(resolve, turn < 20 ? 0 : 5));
    }
    return how;
  };

  const respond = async (
    outcome: OperationOutcome,
    where: RunInterface,
    read: (http: HttpFrame | undefined) => unknown,
    streamTimeoutMs: number,
    decodeEvents: boolean,
  ): Promise<StepResponse> => {
    const frameIds = [...(outcome.stepFrameIds ?? []), ...(outcome.exchangeId ? [outcome.exchangeId] : [])];
    if (outcome.status === 'refused') {
      return {
        kind: 'refused',
        status: new Alternatives([], 'not sent'),
        view: undefined,
        frameIds,
        summary: outcome.message,
      };
    }
    await settle();
    const http = outcome.exchangeId ? exchangeOf(outcome.exchangeId).http : undefined;
    const httpStatus = http?.response?.status;
    if (outcome.status === 'stream' && outcome.exchangeId) {
      const streamEnd = await finishStream(outcome.exchangeId, streamTimeoutMs);
      const frames = exchangeOf(outcome.exchangeId).events.filter((frame) => frame.dispatched);
      const events = frames.map((frame) => eventInput(frame, where, http, decodeEvents));
      for (const frame of frames) frameIds.push(frame.id);
      const last = events[events.length - 1];
      return {
        kind: 'stream',
        status: success(httpStatus, where),
        view: last?.view ?? {},
        events,
        streamEnd,
        frameIds,
        summary: `a stream of ${events.length} event${events.length === 1 ? '' : 's'}${streamEnd === 'complete' ? '' : ` that ${streamEnd === 'timeout' ? 'did not end in time' : 'broke'}`}`,
      };
    }
    if (outcome.status === 'error' && outcome.error) {
      const error = outcome.error;
      return {
        kind: 'error',
        status: new Alternatives(
          [error.httpStatus ?? httpStatus ?? 0, 'error'],
          `HTTP ${error.httpStatus ?? httpStatus ?? '?'} with an error`,
        ),
        view: read(http) ?? errorView(error),
        error: {
          types: errorTypesOf(error),
          message: error.message,
          details: detailsOf(error),
          summary: errorSummary(error),
        },
        frameIds,
        summary: errorSummary(error),
      };
    }
    if (outcome.status === 'result') {
      return {
        kind: 'result',
        status: success(httpStatus, where),
        view: read(http),
        frameIds,
        summary: outcome.message,
      };
    }
    return {
      kind: 'failed',
      status: new Alternatives(httpStatus !== undefined ? [httpStatus] : [], `HTTP ${httpStatus ?? 'none'}`),
      view: read(http),
      frameIds,
      summary: outcome.message,
    };
  };

  return {
    async operation(step: OperationStep, params, where, streamTimeoutMs) {
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
      const response = await respond(outcome, where, read, streamTimeoutMs, true);
      return withNotes(response, call.notes, outcome, where);
    },

    async raw(_step: RawStep, request, where, streamTimeoutMs) {
      const url = rawUrl(request.path, where, agent);
      const notes: string[] = [];
      const body =
        request.body_raw ??
        (request.body !== undefined ? JSON.stringify(withMessageId(request.body, notes)) : undefined);
      const outcome = await host.sendRaw({
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
      const response = await respond(outcome, where, read, streamTimeoutMs, false);
      if (notes.length > 0) response.notes = [...(response.notes ?? []), ...notes];
      if (response.kind === 'result' || response.kind === 'error' || response.kind === 'failed') {
        const http = outcome.exchangeId ? exchangeOf(outcome.exchangeId).http : undefined;
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
      return response;
    },

    sleep,
    now: () => performance.now(),
    dispose: () => {
      stop();
      exchanges.clear();
    },
  };

  function eventInput(
    frame: SseFrame,
    where: RunInterface,
    http: HttpFrame | undefined,
    decode: boolean,
  ): StreamEventInput {
    const json = eventJson(frame);
    const isError = frame.event?.type === 'error';
    if (!decode) return { view: json ?? frame.event?.data };
    if (where.view === 'wire' && json !== undefined) {
      const payload = where.binding === 'JSONRPC' ? unwrapRpc(json) : isError ? { error: json } : json;
      const state = eventState(payload);
      return { view: eventView(payload), ...(state ? { state } : {}) };
    }
    const adapter = findAdapter(where.generation, where.binding);
    const request: EncodedRequest = {
      operation: 'stream',
      method: 'POST',
      url: where.url,
      headers: [],
      streaming: true,
      ...(http?.a2a?.rpc ? { rpc: http.a2a.rpc } : {}),
    };
    const decoded = adapter?.decodeStreamEvent(request, frame.event?.data ?? '', isError);
    if (decoded?.kind === 'item') {
      const payload = streamItemView(decoded.item);
      const state = eventState(payload);
      return { view: eventView(payload), ...(state ? { state } : {}) };
    }
    if (decoded?.kind === 'error') return { view: errorView(decoded.error) };
    return { view: json ?? frame.event?.data };
  }
}

/** Success as a status assertion sees it: 200 whatever the binding's own code (201, 204, gRPC OK), which is kept. */
function success(httpStatus: number | undefined, where: RunInterface): Alternatives {
  if (where.binding === 'GRPC') return new Alternatives([200, 'OK'], 'gRPC OK');
  const real = httpStatus ?? 200;
  return new Alternatives(
    real === 200 ? [200] : [200, real],
    real === 200 ? 'HTTP 200' : `HTTP ${real} (a success, read as 200)`,
  );
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

function errorSummary(error: A2AError): string {
  const types = errorTypesOf(error);
  return `${types.label}: ${JSON.stringify(error.message)}`;
}

function detailsOf(error: A2AError): unknown {
  if (error.data !== undefined) return error.data;
  const wire = error.wire as { error?: { details?: unknown } } | undefined;
  return typeof wire === 'object' && wire !== null ? wire.error?.details : undefined;
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

function unwrapRpc(envelope: unknown): unknown {
  if (typeof envelope !== 'object' || envelope === null) return envelope;
  const record = envelope as Record<string, unknown>;
  if ('result' in record) return record.result;
  if ('error' in record) return { error: record.error };
  return envelope;
}

function parsedBody(http: HttpFrame | undefined): unknown {
  const body = http?.response?.body;
  if (!body || body.stored) return undefined;
  if (body.text.trim() === '') return {};
  try {
    return JSON.parse(body.text) as unknown;
  } catch {
    return body.text;
  }
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

/** An error answer known by its HTTP status alone (no A2A error in it that the decoders read). */
function statusError(error: A2AError): NonNullable<StepResponse['error']> {
  return {
    types: errorTypesOf(error),
    message: error.message,
    details: undefined,
    summary: `HTTP ${error.httpStatus}`,
  };
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

/** Frames are published once per turn of the event loop; two turns let the last batch arrive. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
