// Performs one HTTP exchange from the host and records it as a frame. Built on node:http rather than fetch so the
// frame holds what really crossed the wire: the header lines sent (the host's own included), the raw response
// header lines, the undecoded body bytes, and when the socket connected and the first byte arrived.

import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { RawRequest } from '../../shared/host-api';
import type { FrameError, HeaderList, HttpFrame } from '../../shared/wire/frame';
import { CappedCollector, toBodyBytes } from './bodyBytes';
import { describeNetworkError, timeoutError } from './networkErrors';

export const DEFAULT_TIMEOUTS = { connectMs: 10_000, firstByteMs: 30_000, totalMs: 120_000 } as const;
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;

// Methods for which Node would otherwise switch to chunked encoding when there is no body.
const METHODS_WITHOUT_IMPLICIT_BODY = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);

export interface FetchRawDeps {
  nextId: () => string;
  now: () => number;
  userAgent: string;
  /** Replaces DNS resolution; tests use it to produce lookup failures without a network. */
  lookup?: LookupFunction;
}

export function fetchRaw(request: RawRequest, deps: FetchRawDeps): Promise<HttpFrame> {
  const frame: HttpFrame = {
    kind: 'http',
    id: deps.nextId(),
    source: request.source ?? 'raw',
    timing: { start: deps.now() },
    request: { method: request.method, url: request.url, headers: [...(request.headers ?? [])] },
  };

  const url = parseTarget(request.url);
  if ('error' in url) return Promise.resolve(finishWith(frame, url.error, deps));

  const body = requestBodyBytes(request);
  frame.request.headers = withHostHeaders(frame.request.headers, url, body, request.method, deps.userAgent);
  if (body) frame.request.body = toBodyBytes(body);

  return new Promise((resolve) => exchange(frame, url, body, request, deps, resolve));
}

function exchange(
  frame: HttpFrame,
  url: URL,
  body: Buffer | undefined,
  request: RawRequest,
  deps: FetchRawDeps,
  resolve: (frame: HttpFrame) => void,
): void {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...request.timeouts };
  const collector = new CappedCollector(request.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  const target = url.host;
  const timers = new Set<NodeJS.Timeout>();
  let settled = false;

  const settle = (error?: FrameError) => {
    if (settled) return;
    settled = true;
    for (const timer of timers) clearTimeout(timer);
    if (frame.response) frame.response.body = collector.toBody();
    if (error) frame.error = error;
    frame.timing.end = deps.now();
    req.destroy();
    resolve(frame);
  };
  const startTimer = (phase: 'connect' | 'first-byte' | 'total', ms: number) => {
    const timer = setTimeout(() => settle(timeoutError(phase, ms)), ms);
    timers.add(timer);
    return timer;
  };

  const transport = url.protocol === 'https:' ? https : http;
  const req = transport.request({
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port || undefined,
    path: `${url.pathname}${url.search}`,
    method: request.method,
    headers: frame.request.headers.flat(),
    setHost: false,
    agent: false,
    ...(deps.lookup ? { lookup: deps.lookup } : {}),
  });

  startTimer('total', timeouts.totalMs);
  const connectTimer = startTimer('connect', timeouts.connectMs);
  let firstByteTimer: NodeJS.Timeout | undefined;

  req.on('socket', (socket) => {
    const connectedEvent = url.protocol === 'https:' ? 'secureConnect' : 'connect';
    socket.once(connectedEvent, () => {
      clearTimeout(connectTimer);
      frame.timing.connected = deps.now();
      if (socket.remoteAddress && socket.remotePort) {
        frame.remote = { address: socket.remoteAddress, port: socket.remotePort };
      }
    });
  });
  req.on('finish', () => {
    firstByteTimer = startTimer('first-byte', timeouts.firstByteMs);
  });
  req.on('response', (res) => {
    if (firstByteTimer) clearTimeout(firstByteTimer);
    frame.timing.firstByte = deps.now();
    frame.response = {
      status: res.statusCode ?? 0,
      statusText: res.statusMessage ?? '',
      httpVersion: res.httpVersion,
      headers: pairs(res.rawHeaders),
      body: toBodyBytes(Buffer.alloc(0)),
    };
    res.on('data', (chunk: Buffer) => {
      if (!collector.push(chunk)) {
        settle({
          kind: 'too-large',
          label: 'Body too large',
          message: `The response body passed the ${collector.limit}-byte cap; the first ${collector.limit} bytes are kept.`,
        });
      }
    });
    res.on('end', () => settle());
    res.on('close', () => {
      // A close before the body completed means the peer dropped the connection mid-response.
      if (!res.complete)
        settle(
          describeNetworkError(
            Object.assign(new Error('response cut short'), { code: 'ECONNRESET' }),
            target,
          ),
        );
    });
    res.on('error', (error) => settle(describeNetworkError(error, target)));
  });
  req.on('error', (error) => settle(describeNetworkError(error, target)));
  req.end(body);
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

function finishWith(frame: HttpFrame, error: FrameError, deps: FetchRawDeps): HttpFrame {
  frame.error = error;
  frame.timing.end = deps.now();
  return frame;
}

function requestBodyBytes(request: RawRequest): Buffer | undefined {
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
  if (!has('connection')) out.push(['Connection', 'close']);
  return out;
}

function pairs(raw: string[]): HeaderList {
  const out: HeaderList = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i] ?? '', raw[i + 1] ?? '']);
  return out;
}
