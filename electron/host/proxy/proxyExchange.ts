// One exchange through the recording proxy (PRX-1): the caller's request goes to the upstream interface it belongs to,
// the answer comes back to the caller chunk by chunk as it arrives, and the whole exchange is recorded as an ordinary
// `http` frame (source `proxy`, tagged `proxied`), an event stream as `sse` frames through the same stream recorder
// the app's own calls use, so the timeline, tasks, conversation and checks read proxied traffic like any other. The
// frame holds what went to the upstream and what the upstream answered; when the caller got something else (a fault
// hook, a card moved to the proxy), `proxied` says so.

import type { IncomingHttpHeaders } from 'node:http';
import type { EncodedRequest } from '../../../shared/a2a/adapter';
import { findAdapter } from '../../../shared/a2a/adapters';
import { contentType } from '../../../shared/a2a/binding';
import { isGeneration } from '../../../shared/a2a/generation';
import { forwardableHeaders, headerValue } from '../../../shared/proxy/hopByHop';
import { upstreamTarget } from '../../../shared/proxy/proxyRoutes';
import type { ProxiedInfo, ProxyAnswer, ProxyClient } from '../../../shared/proxy/proxyTypes';
import type { FrameError, HeaderList, HttpFrame } from '../../../shared/wire/frame';
import { DEFAULT_AGENT_SETTINGS } from '../agent/agentSettings';
import { decodeFinished } from '../agent/operationExchange';
import type { BodyReader } from '../exchange';
import { recordExchange } from '../agent/recorder';
import { StreamRecorder } from '../agent/streamRecorder';
import { CappedCollector } from '../bodyBytes';
import { SpillingCollector } from '../spill/spillCollector';
import { writeAnswer, type WrittenAnswer } from './answerWriter';
import { DirectAnswer } from './directAnswer';
import { ChunkQueue } from './chunkQueue';
import { RecordingLane } from './recordingLane';
import { answerWithoutUpstream, proxyFailure } from './proxyAnswers';
import {
  addCallerFindings,
  annotateFrame,
  type CallRoute,
  type Forward,
  type IncomingCall,
  type ProxySite,
} from './forwardContext';
import { writeCardAnswer } from './cardAnswer';
import { CallIdentity, ProxiedCallRequest, type CallShape } from './callIdentity';

/** A call still unanswered after this long is shown (and journalled) as pending; a quicker one only once done. */
export const PENDING_AFTER_MS = 100;

export async function forwardCall(site: ProxySite, call: IncomingCall, to: CallRoute): Promise<void> {
  const route = to.kind === 'interface' ? to.route : undefined;
  const url = route
    ? upstreamTarget(route, call.target)
    : `${new URL(site.card.cardUrl).origin}${call.target}`;
  const generation = route?.generation ?? site.card.generation;
  const binding = route?.binding ?? 'card';
  const adapter =
    isGeneration(generation) && (binding === 'JSONRPC' || binding === 'HTTP+JSON')
      ? findAdapter(generation, binding)
      : undefined;
  const shape: CallShape = {
    adapter,
    route,
    binding,
    method: call.method,
    target: call.target,
    headers: call.headers,
    body: call.body,
    url,
  };
  const identity = new CallIdentity(shape);
  const request = new ProxiedCallRequest(site.id, generation, shape, identity);
  const info: ProxiedInfo = {
    proxyId: site.id,
    listenUrl: site.listenUrl,
    upstream: route ? `${route.origin}${route.path}` : site.card.cardUrl,
    client: call.client,
    binding,
    ...(site.replacedBy ? { replacedBy: site.replacedBy } : {}),
  };
  const hooks = site.hooks();
  const forward: Forward = {
    site,
    call,
    info,
    request,
    ...(adapter ? { adapter } : {}),
    identity,
    hooks,
  };
  const instead = hooks?.answerInstead?.(request);
  if (instead) return answerWithoutUpstream(forward, url, instead);
  await sendUpstream(forward, url);
}

/** What the answer's reading learnt by the time the exchange ends. */
interface Reading {
  queue?: ChunkQueue;
  stream?: StreamRecorder;
  /** Where the stream's chunks wait for recording, behind their forwarding. */
  lane?: RecordingLane;
  collector?: CappedCollector | SpillingCollector;
  written?: Promise<WrittenAnswer>;
  shaped?: ProxyAnswer;
}

async function sendUpstream(forward: Forward, url: string): Promise<void> {
  const { site, call, hooks } = forward;
  const change = hooks?.beforeForward?.(forward.request);
  if (change?.rewritten) forward.info.rewritten = change.rewritten;
  if (change?.note) forward.info.notes = [...(forward.info.notes ?? []), change.note];
  const body = change?.body ? Buffer.from(change.body) : call.body;
  const headers = upstreamHeaders(
    change?.headers ?? call.headers,
    url,
    body,
    call.method,
    site.card.authorization,
  );
  const reading: Reading = {};
  // The frame's A2A context (which operation, the task) is recording's business, worked out once the request is on
  // its way (below), or when the answer or the end comes first, so the request does not wait for it (bench:proxy).
  let annotated = false;
  const annotate = (frame: HttpFrame) => {
    if (annotated) return;
    annotated = true;
    annotateFrame(forward, frame, headers);
  };
  const exchange = recordExchange(
    site.recorder,
    {
      method: call.method,
      url,
      headers,
      ...(body.byteLength > 0 ? { body: { base64: body.toString('base64') } } : {}),
    },
    {
      source: 'proxy',
      // Only the connection is the proxy's to time: how long an answer may take is between the caller and the agent.
      timeouts: { connectMs: DEFAULT_AGENT_SETTINGS.timeouts.connectMs },
      keepAlive: site.upstreamAgents,
      readBody: (frame) => {
        annotate(frame);
        return readAnswer(forward, frame, reading);
      },
      finish: (frame) => {
        annotate(frame);
        return finishAnswer(forward, frame, reading);
      },
      // Most calls are over in a millisecond: journalling their progress would cost each call more than it tells.
      fewerRevisions: { pendingAfterMs: PENDING_AFTER_MS, isStream: () => reading.stream !== undefined },
    },
  );
  // After this turn's writes: node:http sends the request on the next tick. The first revision a call publishes (its
  // pending one, fewerRevisions) comes 100 ms later at the soonest, so it is annotated by then.
  setImmediate(annotate, exchange.frame);
  // A caller that goes away ends the upstream exchange too, as closing a direct connection would.
  const stop = () =>
    exchange.abort({
      kind: 'aborted',
      label: 'Caller went away',
      message: 'The proxy’s caller closed the connection.',
    });
  if (call.closed.aborted) stop();
  else call.closed.addEventListener('abort', stop);
  const frame = await exchange.done;
  call.closed.removeEventListener('abort', stop);
  site.seen(frame);
}

/** The request as it goes upstream: hop-by-hop fields out (RFC 9110 §7.6.1), Host the upstream's, length exact. */
export function upstreamHeaders(
  given: HeaderList,
  url: string,
  body: Buffer,
  method: string,
  authorization: string | undefined,
): HeaderList {
  const out: HeaderList = [
    ['Host', new URL(url).host],
    ...forwardableHeaders(given, ['host', 'content-length']),
  ];
  if (body.byteLength > 0 || !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method.toUpperCase()))
    out.push(['Content-Length', String(body.byteLength)]);
  if (authorization && headerValue(out, 'authorization') === undefined)
    out.push(['Authorization', authorization]);
  return out;
}

/** Chooses how the upstream's answer is read, and starts passing it to the caller, once its head has arrived. */
function readAnswer(forward: Forward, frame: HttpFrame, reading: Reading) {
  const response = frame.response!;
  const { site, call, hooks, adapter } = forward;
  const { identified } = forward.identity;
  const ok = response.status >= 200 && response.status < 300;
  const { limits } = DEFAULT_AGENT_SETTINGS;
  const spill = site.recorder.spill;
  const collector = spill
    ? new SpillingCollector(limits.maxBodyBytes, spill)
    : new CappedCollector(limits.maxBodyBytes);
  if (forward.identity.card && ok) {
    // A card is moved to the proxy before the caller sees it, so it is read whole first (cards are small).
    reading.collector = collector;
    return { mode: 'stream' as const, onChunk: (chunk: Buffer) => void collector.push(chunk) };
  }
  const queue = new ChunkQueue();
  reading.queue = queue;
  if (ok && contentType(response.headers) === 'text/event-stream') {
    reading.stream = streamRecorder(
      forward,
      frame,
      adapter && identified?.streaming ? identified : undefined,
    );
  } else reading.collector = collector;
  const answer: ProxyAnswer = {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    body: queue,
  };
  const shaped = hooks?.shapeAnswer ? hooks.shapeAnswer(forward.request, answer, call.closed) : answer;
  reading.shaped = shaped;
  if (shaped === answer && !reading.stream)
    return directReader(call, answer, reading, collectorKeeper(collector));
  const lane = reading.stream ? recordingLane(site, reading.stream) : undefined;
  reading.lane = lane;
  if (shaped === answer && lane) return directReader(call, answer, reading, lane);
  reading.written = writeAnswer(call.res, shaped, { headFirst: shaped === answer });
  return {
    mode: 'stream' as const,
    // Forward first: the caller has the chunk before any recording work is done on it.
    onChunk: (chunk: Buffer) => {
      queue.push(chunk);
      if (lane) return lane.push(chunk);
      collector.push(chunk);
      return undefined;
    },
    // Only the caller (and a lane with nowhere to spill) holds the upstream back, never the recording.
    backlog: () => allWaits(lane?.backlog(), queue.backlog()),
  };
}

/** Where a directly passed answer's chunks are kept: the collector of a unary answer, or a stream's recording lane. */
interface AnswerKeeper {
  push(chunk: Buffer): FrameError | undefined;
  /** A wait while the keeper cannot take more (a lane with nowhere to spill); undefined otherwise. */
  backlog(): Promise<void> | undefined;
}

/**
 * An answer no hook shaped: each chunk to the caller as it comes, then to its keeper, and the caller's copy ended with
 * it, with no queue and async iterator between the two sockets. Held in the queue until the caller's side took them, a
 * flood's chunks outlived young-generation collections, whose copying of them was a large part of the proxy's CPU
 * (bench:proxy).
 */
function directReader(
  call: IncomingCall,
  answer: ProxyAnswer,
  reading: Reading,
  keeper: AnswerKeeper,
): BodyReader {
  const direct = new DirectAnswer(call.res, answer);
  reading.written = direct.written;
  return {
    mode: 'stream',
    onChunk: (chunk) => {
      direct.push(chunk);
      return keeper.push(chunk);
    },
    // Only the caller (and a lane with nowhere to spill) holds the upstream back, never the recording.
    backlog: () => allWaits(keeper.backlog(), direct.backlog()),
    onEnd: (failure) => direct.end(failure !== undefined),
  };
}

/** One wait for every side that is waiting, or undefined when none is. */
function allWaits(...waits: Array<Promise<void> | undefined>): Promise<void> | undefined {
  const pending = waits.filter((wait) => wait !== undefined);
  return pending.length > 0 ? Promise.all(pending).then(() => undefined) : undefined;
}

function collectorKeeper(collector: CappedCollector | SpillingCollector): AnswerKeeper {
  return {
    push: (chunk) => {
      collector.push(chunk);
      return undefined;
    },
    backlog: () => undefined,
  };
}

function recordingLane(site: ProxySite, stream: StreamRecorder): RecordingLane {
  const { recorder } = site;
  return new RecordingLane({
    record: (chunk, at) => stream.push(chunk, at),
    recorderBacklog: () => stream.backlog(),
    atOnce: () => stream.readsElsewhere,
    now: recorder.deps.now,
    ...(recorder.spill ? { spillDir: recorder.spill.dir } : {}),
  });
}

function streamRecorder(
  forward: Forward,
  frame: HttpFrame,
  request: EncodedRequest | undefined,
): StreamRecorder {
  const { recorder } = forward.site;
  const { info } = forward;
  const { limits } = DEFAULT_AGENT_SETTINGS;
  const capture = recorder.capture;
  return new StreamRecorder({
    exchange: frame,
    ...(request && forward.adapter ? { adapter: forward.adapter, request } : {}),
    maxEventBytes: limits.maxEventBytes,
    maxStreamBytes: limits.maxStreamBytes,
    nextId: recorder.deps.nextId,
    now: recorder.deps.now,
    // Every frame is made with the proxy's tag (streamFrames.ts).
    proxied: info,
    publish: (event) => recorder.publish(event),
    ...(capture ? { capture } : {}),
    ...(recorder.analyser ? { analyser: recorder.analyser } : {}),
    ...(recorder.spill ? { spillDir: recorder.spill.dir } : {}),
  });
}

/** Ends the answer: the body onto the frame, decoded as the app's own calls are, and the caller's copy finished. */
async function finishAnswer(forward: Forward, frame: HttpFrame, reading: Reading): Promise<void> {
  const { call } = forward;
  reading.queue?.end(frame.error && frame.response ? new Error(frame.error.message) : undefined);
  if (reading.stream) {
    // Every chunk that arrived is recorded before the stream's totals, the caller's going away included.
    await reading.lane?.drained();
    reading.lane?.close();
    await reading.stream.finish(frame);
    if (frame.a2a) frame.a2a.outcome = 'stream';
  } else if (frame.response && reading.collector) {
    // The caller's copy is finished before the body is recorded and decoded: that work is not the caller's to wait on.
    if (reading.written) await reading.written;
    frame.response.body = reading.collector.toBody();
  }
  if (!frame.response) {
    await proxyFailure(call.res, frame);
  } else if (!reading.queue) {
    await writeCardAnswer(forward, frame);
  } else if (!reading.stream && forward.identity.identified && forward.adapter && !frame.error) {
    decodeFinished(frame, forward.adapter, forward.identity.identified);
  }
  const written = reading.written ? await reading.written : undefined;
  addCallerFindings(forward, frame);
  const faults = reading.shaped?.faults;
  if (faults && faults.length > 0) frame.proxied = { ...forward.info, faults: [...faults] };
  else frame.proxied = { ...forward.info };
  if (written?.cut && !frame.error)
    frame.findings = [
      ...(frame.findings ?? []),
      {
        rule: 'proxy.caller-cut',
        severity: 'info',
        message: 'The caller’s copy of this answer was cut short.',
      },
    ];
}

export function clientOf(headers: IncomingHttpHeaders, address?: string, port?: number): ProxyClient {
  const userAgent = headers['user-agent'];
  return {
    address: address ?? '',
    port: port ?? 0,
    ...(typeof userAgent === 'string' ? { userAgent } : {}),
  };
}
