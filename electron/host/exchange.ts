// One HTTP exchange on node:http, recorded as a frame while it happens. Built on node:http rather than fetch so the
// frame holds what really crossed the wire: the header lines sent (the host's own included), the raw response
// header lines, the undecoded body bytes, and when the socket connected and the first byte arrived.
//
// A body is either buffered into the frame (up to a cap) or handed chunk by chunk to a reader (an event stream),
// chosen when the response head arrives. Four timers guard it, each a distinct labelled error (WIRE-6): connect,
// first byte, idle (no bytes for a while once the body has started) and total.

import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { RawRequest } from '../../shared/host/hostApi';
import type { FrameError, HeaderList, HttpFrame, TimeoutPhase } from '../../shared/wire/frame';
import { CappedCollector, toBodyBytes } from './bodyBytes';
import { SpillingCollector, type SpillOptions } from './spill/spillCollector';
import { describeNetworkError, timeoutError } from './networkErrors';
import type { AgentConnection } from '../../shared/host/agent';
import {
  connect,
  describeConnectionError,
  forwardsThroughProxy,
  planConnection,
  type ConnectionPlan,
} from './net/connector';
import type { ProxyEnv } from './net/proxySelection';

// Methods for which Node would otherwise switch to chunked encoding when there is no body.
const METHODS_WITHOUT_IMPLICIT_BODY = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);

export interface ExchangeDeps {
  nextId: () => string;
  now: () => number;
  userAgent: string;
  /** Replaces DNS resolution; tests use it to produce lookup failures without a network. */
  lookup?: LookupFunction;
  /** Where HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read (NET-1); the process's environment when absent. */
  env?: ProxyEnv;
}

/** Every limit in milliseconds; an absent one does not apply. */
export interface ExchangeTimeouts {
  connectMs?: number;
  firstByteMs?: number;
  idleMs?: number;
  totalMs?: number;
}

/** What to do with a body once the head is known. */
export type BodyReader =
  /** With `spill`, a body past `spill.aboveBytes` goes to disk instead of memory (spill/spillCollector.ts). */
  | { mode: 'buffer'; maxBytes: number; spill?: SpillOptions }
  /**
   * Each chunk goes to `onChunk`, which returns an error to stop the exchange (a stream cap was passed). After each
   * chunk `backlog` may return a promise: reading pauses until it settles, so a reader that has fallen behind (its
   * events wait for analysis) holds a few chunks rather than the whole stream.
   */
  | {
      mode: 'stream';
      onChunk: (chunk: Buffer) => FrameError | undefined;
      backlog?: () => Promise<void> | undefined;
      /**
       * Called once as the exchange settles, before its frame is handed on: the body is complete, or `failure` says
       * why it stopped. A reader that passes the body on ends its copy here (the recording proxy), not a few
       * promise turns later.
       */
      onEnd?: (failure: FrameError | undefined) => void;
    };

export interface ExchangeOptions {
  timeouts: ExchangeTimeouts;
  /** Chooses how to read the body from the response head; buffering is the default. */
  readBody: (frame: HttpFrame) => BodyReader;
  /** Called when the request has been written, and when a streamed body starts, so callers can publish progress. */
  onProgress?: (frame: HttpFrame) => void;
  /** Extra frame fields known before sending (the source, A2A context, secret marks). */
  source: string;
  /** The agent's TLS trust, client certificate and proxy (NET-1); the system's trust and the environment's otherwise. */
  connection?: AgentConnection;
  /**
   * Connections kept open between exchanges (the recording proxy's, PRX-1); without them each exchange has a
   * connection of its own, closed after it. Not used when a connection plan (NET-1) makes the socket.
   */
  keepAlive?: KeepAliveAgents;
}

/** One keep-alive agent per scheme: a connection is reused only for the scheme (and TLS) it was made for. */
export interface KeepAliveAgents {
  http: http.Agent;
  https: https.Agent;
}

export interface Exchange {
  frame: HttpFrame;
  /** Settles once, with the final frame; never rejects. */
  done: Promise<HttpFrame>;
  /** Stops the exchange now and records `error` on it (closing a stream, cancelling a wait). */
  abort(error: FrameError): void;
}

export function startExchange(request: RawRequest, deps: ExchangeDeps, options: ExchangeOptions): Exchange {
  const frame: HttpFrame = {
    kind: 'http',
    id: deps.nextId(),
    source: options.source,
    timing: { start: deps.now() },
    request: { method: request.method, url: request.url, headers: [...(request.headers ?? [])] },
  };
  let abort: (error: FrameError) => void = () => undefined;
  const done = new Promise<HttpFrame>((resolve) => {
    const url = parseTarget(request.url);
    if ('error' in url) {
      frame.error = url.error;
      frame.timing.end = deps.now();
      resolve(frame);
      return;
    }
    const body = requestBodyBytes(request);
    const keepAlive = options.keepAlive !== undefined;
    frame.request.headers = withHostHeaders(
      frame.request.headers,
      url,
      body,
      request.method,
      deps.userAgent,
      keepAlive,
    );
    if (body) frame.request.body = toBodyBytes(body);
    abort = run(frame, url, body, request.method, deps, options, resolve);
  });
  return { frame, done, abort: (error) => abort(error) };
}

function run(
  frame: HttpFrame,
  url: URL,
  body: Buffer | undefined,
  method: string,
  deps: ExchangeDeps,
  options: ExchangeOptions,
  resolve: (frame: HttpFrame) => void,
): (error: FrameError) => void {
  const { timeouts } = options;
  const target = url.host;
  const opened = openRequest(frame, url, method, deps, options);
  if ('error' in opened) {
    frame.error = opened.error;
    frame.timing.end = deps.now();
    resolve(frame);
    return () => undefined;
  }
  const { req, plan } = opened;
  const exchange = new RunningExchange(frame, req, target, deps, options, resolve);
  exchange.cancelConnect = opened.cancel;
  const describe = (error: unknown) => describeConnectionError(error, plan ?? { target: url, record: {} });

  exchange.startTimer('total', timeouts.totalMs);
  exchange.startTimer('connect', timeouts.connectMs);

  // A planned connection hands over a socket already connected (and verified), so there is nothing left to wait for.
  // A kept-alive socket is connected already: it never says so again.
  req.on('socket', (socket) =>
    exchange.onSocket(socket, url.protocol === 'https:', Boolean(plan) || req.reusedSocket),
  );
  req.on('finish', () => exchange.onFinish());
  req.on('response', (res) => exchange.onResponse(res));
  req.on('error', (error) => exchange.settle(describe(error)));
  req.end(body);
  return exchange.settle;
}

/** The request as Node builds it, headers exactly as recorded and Node adding none of its own. */
function openRequest(
  frame: HttpFrame,
  url: URL,
  method: string,
  deps: ExchangeDeps,
  options: ExchangeOptions,
): { req: http.ClientRequest; plan?: ConnectionPlan; cancel?: () => void } | { error: FrameError } {
  const secure = url.protocol === 'https:';
  const transport = secure ? https : http;
  const plan = planConnection(url, options.connection, deps.env ?? process.env, deps.lookup);
  const agent = options.keepAlive ? options.keepAlive[secure ? 'https' : 'http'] : false;
  if (plan && 'error' in plan) return plan;
  if (plan) frame.connection = plan.record;
  let cancel: (() => void) | undefined;
  try {
    const req = transport.request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port || undefined,
      path: forwardsThroughProxy(plan) ? url.href : `${url.pathname}${url.search}`,
      method,
      headers: flatLines(frame.request.headers),
      setHost: false,
      // With no agent, node:http asks `createConnection` for the socket, and waits for its callback.
      ...(plan ? { createConnection: viaPlan(plan, (stop) => (cancel = stop)) } : { agent }),
      ...(deps.lookup ? { lookup: deps.lookup } : {}),
    });
    return { req, ...(plan ? { plan } : {}), cancel: () => cancel?.() };
  } catch (error) {
    // Node refuses header names and values it cannot put on the wire; that is the request's fault, not the network's.
    const message = error instanceof Error ? error.message : String(error);
    return {
      error: {
        kind: 'invalid-request',
        label: 'Invalid request',
        message: `The request cannot be sent: ${message}`,
      },
    };
  }
}

/** node:http's `createConnection` that connects as planned and hands the socket over once it is ready. */
function viaPlan(plan: ConnectionPlan, started: (cancel: () => void) => void) {
  return (_: http.ClientRequestArgs, oncreate: (error: Error | null, socket: Duplex) => void): undefined => {
    // On an error node:http ignores the socket; there is none to give.
    started(connect(plan, (error, socket) => oncreate(error, socket as Duplex)));
  };
}

/**
 * One exchange in flight: its timers, its body reader, and `settle`, the one way it ends (the answer complete, a
 * timer, a network error or an abort), which records the body and the end on the frame exactly once.
 */
class RunningExchange {
  private readonly timers = new Map<TimeoutPhase, NodeJS.Timeout>();
  private readonly timerMs = new Map<TimeoutPhase, number>();
  private collector: CappedCollector | SpillingCollector | undefined;
  private reader: BodyReader | undefined;
  private received = 0;
  private settled = false;
  /** Tears down a connection still being made (a proxy tunnel, a TLS handshake). */
  cancelConnect: (() => void) | undefined;

  constructor(
    private readonly frame: HttpFrame,
    private readonly req: http.ClientRequest,
    private readonly target: string,
    private readonly deps: ExchangeDeps,
    private readonly options: ExchangeOptions,
    private readonly resolve: (frame: HttpFrame) => void,
  ) {}

  readonly settle = (error?: FrameError): void => {
    if (this.settled) return;
    this.settled = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    const { frame, collector } = this;
    if (frame.response && collector) {
      try {
        frame.response.body = collector.toBody();
      } catch (failure) {
        // The disk refused the spilled body (full, or the folder is gone): say so rather than keep a wrong body.
        error = {
          kind: 'too-large',
          label: 'Body not stored',
          message: `The body was too large for memory and could not be written to disk: ${(failure as Error).message}`,
        };
      }
    }
    if (error) frame.error = error;
    frame.timing.end = this.deps.now();
    if (this.reader?.mode === 'stream') this.reader.onEnd?.(error);
    this.cancelConnect?.();
    this.req.destroy();
    this.resolve(frame);
  };

  startTimer(phase: TimeoutPhase, ms: number | undefined): void {
    const running = this.timers.get(phase);
    // Started again with each chunk of a stream: refreshing the timer costs far less than a new one.
    if (running && ms !== undefined && !this.settled && this.timerMs.get(phase) === ms) {
      running.refresh();
      return;
    }
    clearTimeout(running);
    this.timers.delete(phase);
    if (ms === undefined || this.settled) return;
    this.timerMs.set(phase, ms);
    this.timers.set(
      phase,
      setTimeout(() => this.settle(timeoutError(phase, ms)), ms),
    );
  }

  stopTimer(phase: TimeoutPhase): void {
    clearTimeout(this.timers.get(phase));
    this.timers.delete(phase);
  }

  onSocket(socket: Socket, secure: boolean, alreadyConnected: boolean): void {
    const connected = () => {
      this.stopTimer('connect');
      // Until the request is fully sent, a peer that stops reading it counts as idle.
      if (!this.req.writableFinished) this.startTimer('idle', this.options.timeouts.idleMs);
      this.frame.timing.connected = this.deps.now();
      if (socket.remoteAddress && socket.remotePort) {
        this.frame.remote = { address: socket.remoteAddress, port: socket.remotePort };
      }
    };
    if (alreadyConnected) connected();
    else socket.once(secure ? 'secureConnect' : 'connect', connected);
  }

  onFinish(): void {
    // A server may answer before it has read the whole request (an early 401 or 413): then the wait is over.
    if (this.frame.response) return;
    this.stopTimer('idle');
    this.startTimer('first-byte', this.options.timeouts.firstByteMs);
    if (!this.settled) this.options.onProgress?.(this.frame);
  }

  onResponse(res: http.IncomingMessage): void {
    const { frame, options, target } = this;
    this.stopTimer('first-byte');
    this.startTimer('idle', options.timeouts.idleMs);
    frame.timing.firstByte = this.deps.now();
    frame.response = {
      status: res.statusCode ?? 0,
      statusText: res.statusMessage ?? '',
      httpVersion: res.httpVersion,
      headers: pairs(res.rawHeaders),
      body: toBodyBytes(Buffer.alloc(0)),
    };
    const reader = options.readBody(frame);
    this.reader = reader;
    if (reader.mode === 'buffer')
      this.collector = reader.spill
        ? new SpillingCollector(reader.maxBytes, reader.spill)
        : new CappedCollector(reader.maxBytes);
    else options.onProgress?.(frame);

    res.on('data', (chunk: Buffer) => this.onData(res, reader, chunk));
    res.on('end', () => this.settle());
    res.on('close', () => {
      // A close before the body completed means the peer dropped the connection mid-response.
      if (!res.complete) this.settle(cutShort(target, this.received));
    });
    // Node reports a body cut short as an 'aborted' error before 'close'; both mean the same to the user.
    res.on('error', (error) =>
      this.settle(res.complete ? describeNetworkError(error, target) : cutShort(target, this.received)),
    );
  }

  private onData(res: http.IncomingMessage, reader: BodyReader, chunk: Buffer): void {
    if (this.settled) return;
    this.received += chunk.byteLength;
    this.startTimer('idle', this.options.timeouts.idleMs);
    const { collector } = this;
    if (collector) {
      if (!collector.push(chunk)) this.settle(bodyTooLarge(collector.limit));
      return;
    }
    if (reader.mode === 'stream') {
      const stop = reader.onChunk(chunk);
      if (stop) return this.settle(stop);
      const caughtUp = reader.backlog?.();
      if (caughtUp) {
        res.pause();
        void caughtUp.then(() => {
          if (this.settled) return;
          res.resume();
          // The wait was the host's, not the agent's: the idle limit starts again.
          this.startTimer('idle', this.options.timeouts.idleMs);
        });
      }
    }
  }
}

export function bodyTooLarge(limit: number): FrameError {
  return {
    kind: 'too-large',
    label: 'Body too large',
    message: `The response body passed the ${limit}-byte cap; the first ${limit} bytes are kept.`,
  };
}

function cutShort(target: string, received: number): FrameError {
  return {
    ...describeNetworkError(Object.assign(new Error('response cut short'), { code: 'ECONNRESET' }), target),
    message: `${target} closed the connection before the response was complete (${received} bytes of body received).`,
  };
}

function parseTarget(raw: string): URL | { error: FrameError } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return invalid(
      `${JSON.stringify(raw)} is not a valid absolute URL (for example http://127.0.0.1:8080/).`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return invalid(`Only http: and https: URLs can be fetched, not ${url.protocol}`);
  }
  return url;
}

function invalid(message: string): { error: FrameError } {
  return { error: { kind: 'invalid-request', label: 'Invalid request', message } };
}

export function requestBodyBytes(request: RawRequest): Buffer | undefined {
  if (!request.body) return undefined;
  return 'text' in request.body
    ? Buffer.from(request.body.text, 'utf8')
    : Buffer.from(request.body.base64, 'base64');
}

/** Adds the headers Node would add on its own, so the recorded list is exactly the list sent. */
function withHostHeaders(
  headers: HeaderList,
  url: URL,
  body: Buffer | undefined,
  method: string,
  userAgent: string,
  keepAlive = false,
): HeaderList {
  const has = (name: string) => headers.some(([key]) => key.toLowerCase() === name);
  const out: HeaderList = [...headers];
  if (!has('host')) out.unshift(['Host', url.host]);
  if (!has('user-agent')) out.push(['User-Agent', userAgent]);
  if (!has('accept')) out.push(['Accept', '*/*']);
  if (!has('content-length') && !has('transfer-encoding')) {
    if (body) out.push(['Content-Length', String(body.byteLength)]);
    else if (!METHODS_WITHOUT_IMPLICIT_BODY.has(method.toUpperCase())) out.push(['Content-Length', '0']);
  }
  // The header says what happens to the connection: kept open only when an agent will reuse it.
  if (!has('connection')) out.push(['Connection', keepAlive ? 'keep-alive' : 'close']);
  return out;
}

/** Node's `rawHeaders` (name, value, name, value …) as header lines, casing and repeats kept. */
export function pairs(raw: string[]): HeaderList {
  const out: HeaderList = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i] ?? '', raw[i + 1] ?? '']);
  return out;
}

/**
 * Header lines as node:http takes them (name, value, name, value …), casing, order and repeats kept. A loop rather
 * than Array.prototype.flat, which took a recording proxy's call a few microseconds for ten lines (bench:proxy).
 */
export function flatLines(headers: HeaderList): string[] {
  const out: string[] = [];
  for (const [name, value] of headers) out.push(name, value);
  return out;
}
