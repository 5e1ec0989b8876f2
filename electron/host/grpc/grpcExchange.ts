// One gRPC call as an exchange (WIRE-3), with the same life as an HTTP one (exchange.ts) so the recorder, the stream
// recorder, the decoders and the views need nothing new. The request body is the request message as ProtoJSON; it is
// encoded with the vendored proto and sent with @grpc/grpc-js. The frame keeps what gRPC puts on HTTP/2: the request
// metadata as headers, the response's initial metadata and its trailers (grpc-status, grpc-message, custom ones) as
// response headers, and each message as ProtoJSON: a unary answer as the body, a server stream's messages as one
// event each (`data: <json>`), and a failed call's google.rpc.Status as JSON.

import * as grpc from '@grpc/grpc-js';
import { grpcCodeName } from '../../../shared/a2a/grpcBinding';
import type { RawRequest } from '../../../shared/host/hostApi';
import type { FrameError, HeaderList, HttpFrame } from '../../../shared/wire/frame';
import { toBodyBytes } from '../bodyBytes';
import { timeoutError } from '../networkErrors';
import { requestBodyBytes, type Exchange, type ExchangeDeps, type ExchangeOptions } from '../exchange';
import { methodForPath, type GrpcMethod } from './a2aProtos';
import { grpcChannel, grpcTlsError } from './grpcChannel';
import { fromProtoJson, toProtoJson } from './protoJson';
import { rpcStatusJson } from './rpcStatus';

/** One message at most, either way. */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** Headers that belong to HTTP/2 or gRPC itself and are not the caller's metadata. */
const RESERVED = new Set([
  'content-type',
  'te',
  'host',
  'content-length',
  'connection',
  'user-agent',
  'accept',
]);

export function startGrpcExchange(
  request: RawRequest,
  deps: ExchangeDeps,
  options: ExchangeOptions,
): Exchange {
  const frame: HttpFrame = {
    kind: 'http',
    id: deps.nextId(),
    source: options.source,
    timing: { start: deps.now() },
    request: { method: 'POST', url: request.url, headers: [] },
  };
  let abort: (error: FrameError) => void = () => undefined;
  const done = new Promise<HttpFrame>((resolve) => {
    const finish = (error?: FrameError) => {
      if (error) frame.error = error;
      frame.timing.end = deps.now();
      resolve(frame);
    };
    const prepared = prepare(request);
    const metadata = requestMetadata(request.headers ?? []);
    frame.request.headers = [
      ['content-type', 'application/grpc'],
      ['te', 'trailers'],
      ...metadataPairs(metadata),
    ];
    frame.request.body = toBodyBytes(requestBodyBytes(request) ?? Buffer.alloc(0));
    if ('error' in prepared) {
      finish({ kind: 'invalid-request', label: 'Invalid request', message: prepared.error });
      return;
    }
    const { target, method, bytes } = prepared;
    // Until the call starts (a TLS probe runs first), an abort or the connect limit ends the probe.
    const probing = new AbortController();
    abort = (error) => probing.abort(error);
    const limit = options.timeouts.connectMs ?? options.timeouts.totalMs;
    const timer =
      limit === undefined
        ? undefined
        : setTimeout(() => probing.abort(timeoutError('connect', limit)), limit);
    const env = deps.env ?? process.env;
    void grpcChannel(target.url, options.connection, env, probing.signal).then((channel) => {
      clearTimeout(timer);
      if (channel.record) frame.connection = channel.record;
      if (probing.signal.aborted) return finish(probing.signal.reason as FrameError);
      if ('error' in channel) return finish(channel.error);
      const client = new grpc.Client(channel.address, channel.credentials, {
        ...channel.options,
        // grpc-js stops at 4 MiB by default, less than a file part may need; the agent's own limits apply on top.
        'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
        'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
      });
      const call = new GrpcCall(frame, deps, options, method, client, finish);
      call.start(bytes, metadata);
      abort = call.abort;
    });
  });
  return { frame, done, abort: (error) => abort(error) };
}

/** The caller's headers as gRPC metadata, less those that belong to HTTP/2 or gRPC itself. */
function requestMetadata(headers: HeaderList): grpc.Metadata {
  const metadata = new grpc.Metadata();
  for (const [name, value] of headers) {
    const key = name.toLowerCase();
    if (RESERVED.has(key) || key.startsWith(':') || key.startsWith('grpc-')) continue;
    metadata.add(key, key.endsWith('-bin') ? Buffer.from(value, 'base64') : value);
  }
  return metadata;
}

/**
 * One call in flight, written onto its frame as it goes: the initial metadata as the response head, each message of
 * a server stream as an event, and at the status the trailers and the body (the unary answer, or the failed call's
 * google.rpc.Status). `finish` ends the exchange.
 */
class GrpcCall {
  private call: grpc.ClientUnaryCall | grpc.ClientReadableStream<Buffer> | undefined;
  private aborted: FrameError | undefined;
  private onChunk: ((chunk: Buffer) => FrameError | undefined) | undefined;
  private unary: Buffer | undefined;
  private silence: NodeJS.Timeout | undefined;

  constructor(
    private readonly frame: HttpFrame,
    private readonly deps: ExchangeDeps,
    private readonly options: ExchangeOptions,
    private readonly method: GrpcMethod,
    private readonly client: grpc.Client,
    private readonly finish: (error?: FrameError) => void,
  ) {}

  readonly abort = (error: FrameError): void => {
    this.aborted ??= error;
    this.call?.cancel();
  };

  start(bytes: Buffer, metadata: grpc.Metadata): void {
    const { frame, options, method, client } = this;
    const totalMs = options.timeouts.totalMs;
    const callOptions: grpc.CallOptions =
      totalMs === undefined ? {} : { deadline: new Date(Date.now() + totalMs) };
    const identity = (value: Buffer) => value;
    const call = method.responseStream
      ? client.makeServerStreamRequest(method.path, identity, identity, bytes, metadata, callOptions)
      : client.makeUnaryRequest(
          method.path,
          identity,
          identity,
          bytes,
          metadata,
          callOptions,
          (_error, value) => {
            this.unary = value;
          },
        );
    this.call = call;
    // As for HTTP: a limit for the answer to start, and one for silence once it has (exchange.ts).
    this.expect('first-byte', options.timeouts.firstByteMs);
    // Announced once the caller has annotated the frame (recorder.ts does it right after this returns), as the
    // HTTP exchange announces a request only once it is written.
    process.nextTick(() => {
      if (!frame.response && frame.timing.end === undefined) options.onProgress?.(frame);
    });

    call.on('metadata', (received: grpc.Metadata) => this.onMetadata(received));
    if (method.responseStream) {
      const stream = call as grpc.ClientReadableStream<Buffer>;
      stream.on('data', (message: Buffer) => {
        this.expect('idle', options.timeouts.idleMs);
        const json = decodeMessage(method, message);
        const failed = this.onChunk?.(Buffer.from(`data: ${json}\n\n`));
        if (failed) this.abort(failed);
      });
      // Errors arrive again as the status; the listener only keeps them from being thrown.
      stream.on('error', () => undefined);
    }
    call.on('status', (status: grpc.StatusObject) => this.onStatus(status));
  }

  private expect(phase: 'first-byte' | 'idle', ms: number | undefined): void {
    clearTimeout(this.silence);
    if (ms !== undefined) this.silence = setTimeout(() => this.abort(timeoutError(phase, ms)), ms);
  }

  private onMetadata(received: grpc.Metadata): void {
    const { frame, options } = this;
    frame.timing.firstByte = this.deps.now();
    this.expect('idle', options.timeouts.idleMs);
    frame.response = {
      status: 200,
      statusText: 'OK',
      httpVersion: '2',
      headers: [['content-type', 'application/grpc'], ...metadataPairs(received)],
      body: toBodyBytes(Buffer.alloc(0)),
    };
    if (!this.method.responseStream) return;
    const reader = options.readBody(frame);
    if (reader.mode === 'stream') {
      this.onChunk = reader.onChunk;
      options.onProgress?.(frame);
    }
  }

  private onStatus(status: grpc.StatusObject): void {
    const { frame } = this;
    clearTimeout(this.silence);
    this.client.close();
    if (this.aborted) return this.finish(this.aborted);
    const { headers, detailsBin } = statusHeaders(status);
    if (!frame.response) {
      const transport = transportError(status, frame);
      if (transport) return this.finish(transport);
      frame.timing.firstByte = this.deps.now();
      // Trailers-only: the answer is its status.
      frame.response = {
        status: 200,
        statusText: 'OK',
        httpVersion: '2',
        headers: [['content-type', 'application/grpc']],
        body: toBodyBytes(Buffer.alloc(0)),
      };
    }
    frame.response.headers.push(...headers);
    const statusJson =
      status.code === grpc.status.OK
        ? undefined
        : JSON.stringify(
            rpcStatusJson(status.code, status.details, detailsBin ? Buffer.from(detailsBin) : undefined),
          );
    if (this.onChunk) {
      // A stream that failed after it started: its status is its last event, as an SSE error event would be.
      if (statusJson) this.onChunk(Buffer.from(`event: error\ndata: ${statusJson}\n\n`));
      return this.finish();
    }
    const text = statusJson ?? (this.unary ? decodeMessage(this.method, this.unary) : '');
    const reader = this.options.readBody(frame);
    const max = reader.mode === 'buffer' ? reader.maxBytes : Number.POSITIVE_INFINITY;
    const body = Buffer.from(text);
    if (body.byteLength > max) {
      return this.finish({
        kind: 'too-large',
        label: 'Too large',
        message: `The answer is ${body.byteLength} bytes as JSON, more than the ${max} allowed.`,
      });
    }
    frame.response.body = toBodyBytes(body);
    this.finish();
  }
}

/** The call's status as the header lines gRPC puts on HTTP/2 (grpc-status, grpc-message …), then its trailers. */
function statusHeaders(status: grpc.StatusObject): {
  headers: HeaderList;
  detailsBin: string | Buffer | undefined;
} {
  const trailers = metadataPairs(status.metadata).filter(([name]) => name !== 'grpc-status-details-bin');
  const detailsBin = status.metadata.get('grpc-status-details-bin')[0];
  const statusLines: HeaderList = [['grpc-status', String(status.code)]];
  if (status.details) statusLines.push(['grpc-message', status.details]);
  if (detailsBin) statusLines.push(['grpc-status-details-bin', Buffer.from(detailsBin).toString('base64')]);
  return { headers: [...statusLines, ...trailers], detailsBin };
}

interface Prepared {
  target: { host: string; url: URL };
  method: GrpcMethod;
  bytes: Buffer;
}

/** The address, the method and the encoded request, or why the request cannot be sent. */
function prepare(request: RawRequest): Prepared | { error: string } {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { error: `${request.url} is not a URL.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { error: `A gRPC call goes to http(s)://host:port/…, not ${url.protocol}` };
  if (request.method.toUpperCase() !== 'POST') return { error: 'A gRPC call is always a POST.' };
  // Nothing would carry it: an API key set to go in the query would silently not reach the agent. Only the
  // names are said; a value may be a secret.
  if (url.search !== '') {
    const names = [...new Set(url.searchParams.keys())].join(', ');
    return {
      error: `gRPC has no query string, so the query parameter ${names} cannot be sent; use a header.`,
    };
  }
  const method = methodForPath(url.pathname);
  if ('error' in method) return method;
  let json: unknown;
  try {
    json = JSON.parse(requestBodyBytes(request)?.toString('utf8') || '{}');
  } catch (error) {
    return { error: `The request message is not JSON: ${(error as Error).message}` };
  }
  try {
    const object = method.requestType.fromObject(fromProtoJson(method.requestType, json));
    const bytes = Buffer.from(method.requestType.encode(object).finish());
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return { target: { host: `${url.hostname}:${port}`, url }, method, bytes };
  } catch (error) {
    return { error: `The request is not a valid ${method.requestType.name}: ${(error as Error).message}` };
  }
}

/** A message as ProtoJSON text; bytes the proto cannot read are said so, as JSON, rather than lost. */
function decodeMessage(method: GrpcMethod, bytes: Buffer): string {
  try {
    const message = method.responseType.decode(bytes) as unknown as Record<string, unknown>;
    return JSON.stringify(toProtoJson(method.responseType, message));
  } catch (error) {
    return JSON.stringify({
      undecodable: `Not a ${method.responseType.name}: ${(error as Error).message}`,
      base64: bytes.toString('base64'),
    });
  }
}

/** A failure before the server answered at all (nothing listening, no route, deadline) as a transport error. */
function transportError(status: grpc.StatusObject, frame: HttpFrame): FrameError | undefined {
  const name = grpcCodeName(status.code);
  const tlsFailure =
    status.code === grpc.status.UNAVAILABLE ? grpcTlsError(status.details, frame) : undefined;
  if (tlsFailure) return tlsFailure;
  if (status.code === grpc.status.UNAVAILABLE) {
    const refused = /ECONNREFUSED/.test(status.details);
    return {
      kind: refused ? 'refused' : 'unreachable',
      label: refused ? 'Connection refused' : 'Unavailable',
      message: `gRPC ${name}: ${status.details}`,
      code: name,
    };
  }
  if (status.code === grpc.status.DEADLINE_EXCEEDED) {
    return {
      kind: 'timeout',
      label: 'Timed out',
      message: `gRPC ${name}: ${status.details}`,
      phase: 'total',
    };
  }
  return undefined;
}

function metadataPairs(metadata: grpc.Metadata): HeaderList {
  const pairs: HeaderList = [];
  for (const [key, value] of Object.entries(metadata.toJSON())) {
    for (const item of value) {
      pairs.push([key, Buffer.isBuffer(item) ? item.toString('base64') : String(item)]);
    }
  }
  return pairs;
}
