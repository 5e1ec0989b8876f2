// How an ACTS step's answer is read back (CHK-6). The executor sends through the host, and the frames the host
// publishes are the record of what came back (docs/architecture.md#frames-are-the-single-source-of-truth), so this
// module collects those frames per exchange and turns an operation's outcome and its frames into the StepResponse the
// step runner asserts on. It sits apart from the executor so that sending a step and reading its answer can each be
// read whole.

import type { OperationOutcome } from '../../../shared/host/agent';
import { findAdapter } from '../../../shared/a2a/adapters';
import type { EncodedRequest } from '../../../shared/a2a/adapter';
import type { A2AError } from '../../../shared/a2a/model';
import type { RunInterface } from '../../../shared/acts/actsReport';
import { Alternatives } from '../../../shared/acts/assertions';
import { errorTypesOf } from '../../../shared/acts/errorTypes';
import type { StepResponse } from '../../../shared/acts/runTest';
import type { StreamEventInput } from '../../../shared/acts/streamExpect';
import { errorView, eventState, eventView, streamItemView } from '../../../shared/acts/views';
import { eventJson } from '../../../shared/wire/eventJson';
import type { Frame, HttpFrame, SseFrame } from '../../../shared/wire/frame';
import type { ActsHost } from './actsHost';

/** The frames of one exchange, as they arrive on the host's event stream. */
interface Exchange {
  http?: HttpFrame;
  events: SseFrame[];
}

/** The exchanges seen on the host's event stream so far, by exchange id. */
export interface ExchangeFrames {
  /** The frames of one exchange (an empty entry until its first frame arrives). */
  of(id: string): Exchange;
  /** Stops listening for frames and forgets those seen. */
  dispose(): void;
}

/** What reading an answer needs: the host to wait on a stream, and the frames seen so far. */
export interface AnswerContext {
  host: ActsHost;
  exchanges: ExchangeFrames;
}

/** Starts listening to the host's frames, keeping the latest revision of each exchange and of each event. */
export function collectExchangeFrames(host: ActsHost): ExchangeFrames {
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
  return {
    of: exchangeOf,
    dispose: () => {
      stop();
      exchanges.clear();
    },
  };
}

/** Waits for a stream to end (or closes it at the limit), then for its events to have arrived. */
async function finishStream(
  { host, exchanges }: AnswerContext,
  exchangeId: string,
  timeoutMs: number,
): Promise<'complete' | 'timeout' | 'error'> {
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
    const seen = exchanges.of(exchangeId).events.filter((frame) => frame.dispatched).length;
    if (seen >= count && exchanges.of(exchangeId).http?.state !== 'streaming') break;
    await new Promise((resolve) => setTimeout(resolve, turn < 20 ? 0 : 5));
  }
  return how;
}

/**
 * The StepResponse for an operation's outcome: refused, a stream (read to its end), an A2A error, a result or a
 * failure. `read` gives the view an assertion sees from the exchange's frame.
 */
export async function respond(
  context: AnswerContext,
  outcome: OperationOutcome,
  where: RunInterface,
  read: (http: HttpFrame | undefined) => unknown,
  streamTimeoutMs: number,
  decodeEvents: boolean,
): Promise<StepResponse> {
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
  const http = outcome.exchangeId ? context.exchanges.of(outcome.exchangeId).http : undefined;
  const httpStatus = http?.response?.status;
  if (outcome.status === 'stream' && outcome.exchangeId) {
    const streamEnd = await finishStream(context, outcome.exchangeId, streamTimeoutMs);
    const frames = context.exchanges.of(outcome.exchangeId).events.filter((frame) => frame.dispatched);
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
    return errorResponse(outcome.error, httpStatus, read(http), frameIds);
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
}

/** An A2A error the decoders read; `view` is what the step's reader made of the frame, if anything. */
function errorResponse(
  error: A2AError,
  httpStatus: number | undefined,
  view: unknown,
  frameIds: string[],
): StepResponse {
  return {
    kind: 'error',
    status: new Alternatives(
      [error.httpStatus ?? httpStatus ?? 0, 'error'],
      `HTTP ${error.httpStatus ?? httpStatus ?? '?'} with an error`,
    ),
    view: view ?? errorView(error),
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

/** One stream event as an assertion sees it: the wire JSON on a 1.0 interface, else decoded into 1.0 names. */
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

/** Success as a status assertion sees it: 200 whatever the binding's own code (201, 204, gRPC OK), which is kept. */
function success(httpStatus: number | undefined, where: RunInterface): Alternatives {
  if (where.binding === 'GRPC') return new Alternatives([200, 'OK'], 'gRPC OK');
  const real = httpStatus ?? 200;
  return new Alternatives(
    real === 200 ? [200] : [200, real],
    real === 200 ? 'HTTP 200' : `HTTP ${real} (a success, read as 200)`,
  );
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

export function unwrapRpc(envelope: unknown): unknown {
  if (typeof envelope !== 'object' || envelope === null) return envelope;
  const record = envelope as Record<string, unknown>;
  if ('result' in record) return record.result;
  if ('error' in record) return { error: record.error };
  return envelope;
}

export function parsedBody(http: HttpFrame | undefined): unknown {
  const body = http?.response?.body;
  if (!body || body.stored) return undefined;
  if (body.text.trim() === '') return {};
  try {
    return JSON.parse(body.text) as unknown;
  } catch {
    return body.text;
  }
}

/** An error answer known by its HTTP status alone (no A2A error in it that the decoders read). */
export function statusError(error: A2AError): NonNullable<StepResponse['error']> {
  return {
    types: errorTypesOf(error),
    message: error.message,
    details: undefined,
    summary: `HTTP ${error.httpStatus}`,
  };
}

/** Frames are published once per turn of the event loop; two turns let the last batch arrive. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
