// The frames of one gRPC call the proxy forwards (PRX-1), made as the host's own gRPC client makes them
// (docs/architecture.md#frames-are-the-single-source-of-truth): an `http` frame whose headers are the metadata and
// whose response headers end with the trailers, the request and a unary answer as ProtoJSON, each message of a server
// stream an `sse` frame `data: <json>` read by the same stream recorder, all tagged `proxied`. It is fed copies of
// the messages as they pass; the bytes forwarded are never re-encoded.

import type { GrpcMessage } from '../../../shared/proxy/grpcFraming';
import type { FaultMark, ProxiedInfo } from '../../../shared/proxy/proxyTypes';
import { grpcTrailers } from '../../../shared/a2a/grpcBinding';
import { secretHeaderKind } from '../../../shared/session/secretPatterns';
import { SSE_DEFAULT_MAX_EVENT_BYTES } from '../../../shared/wire/sse';
import type { Frame, FrameError, HeaderList, HttpFrame, SseFrame } from '../../../shared/wire/frame';
import { toBodyBytes } from '../bodyBytes';
import { StreamRecorder } from '../agent/streamRecorder';
import { rpcStatusJson } from '../grpc/rpcStatus';
import { callInfo, messageJson, requestTaskId, type GrpcCallInfo } from './grpcRequestInfo';

export interface GrpcRecordDeps {
  nextId: () => string;
  now: () => number;
  publish: (frame: Frame) => void;
  /** The agent id the frames name: the proxy's own, so the timeline groups a proxy's traffic. */
  agentId: string;
}

/** A stream's bytes cap for the recording only (the forwarding has none), as for the host's own streams. */
const MAX_STREAM_BYTES = 1024 * 1024 * 1024;

export class GrpcCallRecord {
  readonly frame: HttpFrame;
  readonly info: GrpcCallInfo;
  private stream: StreamRecorder | undefined;
  private unary: GrpcMessage | undefined;
  private requestJson: string | undefined;
  private rev = 0;
  /** Set once the call is over; later reports of its end (a stream closing after) change nothing. */
  finished = false;

  constructor(
    private readonly deps: GrpcRecordDeps,
    private readonly proxied: ProxiedInfo,
    url: string,
    path: string,
    headers: HeaderList,
  ) {
    this.info = callInfo(path, url);
    const secrets = headers.flatMap(([name]) =>
      secretHeaderKind(name) ? [{ in: 'request-header' as const, name }] : [],
    );
    this.frame = {
      kind: 'http',
      id: deps.nextId(),
      source: `proxy:${proxied.proxyId}`,
      timing: { start: deps.now() },
      request: { method: 'POST', url, headers },
      proxied,
      ...(secrets.length > 0 ? { secrets } : {}),
    };
    const { adapter, request } = this.info;
    if (adapter && request) {
      this.frame.a2a = {
        agentId: deps.agentId,
        operation: request.operation,
        generation: adapter.generation,
        binding: adapter.binding,
      };
    }
  }

  /** The request's first message, as ProtoJSON; the frame is announced with it. */
  requestMessage(message: GrpcMessage | undefined): string {
    this.requestJson = message ? messageJson(this.info.method?.requestType, message) : '';
    this.frame.request.body = toBodyBytes(Buffer.from(this.requestJson));
    const taskId = this.requestJson ? requestTaskId(JSON.parse(this.requestJson)) : undefined;
    if (this.frame.a2a && taskId) this.frame.a2a.taskId = taskId;
    if (this.info.request) this.info.request.body = this.requestJson;
    this.publish('pending');
    return this.requestJson;
  }

  /** What a fault rule or a hook changed; said on the frame and on its events. */
  mark(faults: FaultMark[] | undefined, rewritten?: ProxiedInfo['rewritten'], note?: string): void {
    if (faults && faults.length > 0) this.proxied.faults = [...(this.proxied.faults ?? []), ...faults];
    if (rewritten) this.proxied.rewritten = rewritten;
    if (note) this.proxied.notes = [...(this.proxied.notes ?? []), note];
  }

  /** The response head: its metadata (a trailers-only answer's status too). */
  responseHead(status: number, headers: HeaderList, trailersOnly: boolean): void {
    this.frame.timing.firstByte = this.deps.now();
    this.frame.response = {
      status,
      statusText: status === 200 ? 'OK' : '',
      httpVersion: '2',
      headers: [...headers],
      body: toBodyBytes(Buffer.alloc(0)),
    };
    const { adapter, request, method } = this.info;
    if (trailersOnly || !method?.responseStream || !adapter || !request) return;
    this.stream = new StreamRecorder({
      exchange: this.frame,
      adapter,
      request,
      maxEventBytes: SSE_DEFAULT_MAX_EVENT_BYTES,
      maxStreamBytes: MAX_STREAM_BYTES,
      nextId: this.deps.nextId,
      now: this.deps.now,
      publish: (event: SseFrame) => this.deps.publish({ ...event, proxied: this.proxied }),
    });
    if (this.frame.a2a) this.frame.a2a.outcome = 'stream';
    this.publish('streaming');
  }

  /** One answer message, as it passes. */
  responseMessage(message: GrpcMessage): void {
    if (this.finished) return;
    if (!this.stream) {
      this.unary = message;
      return;
    }
    const json = messageJson(this.info.method?.responseType, message);
    this.stream.push(Buffer.from(`data: ${json}\n\n`));
  }

  /** The trailers, after the last message. */
  trailers(headers: HeaderList): void {
    if (this.finished) return;
    this.frame.response?.headers.push(...headers);
  }

  /** The call is over: the status read, the answer decoded, the final revision published. */
  async finish(error?: FrameError): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    const { frame } = this;
    if (error) frame.error = error;
    const response = frame.response;
    const status = response ? grpcTrailers(response.headers) : undefined;
    const statusJson =
      status && status.code !== 0
        ? JSON.stringify(rpcStatusJson(status.code, status.message, detailsBytes(status.detailsBase64)))
        : undefined;
    if (this.stream) {
      // A stream that failed after it started: its status is its last event, as the host's own client records it.
      if (statusJson) this.stream.push(Buffer.from(`event: error\ndata: ${statusJson}\n\n`));
      await this.stream.finish(frame);
    } else if (response) {
      const text = statusJson ?? (this.unary ? messageJson(this.info.method?.responseType, this.unary) : '');
      response.body = toBodyBytes(Buffer.from(text));
      this.decodeOutcome();
    }
    frame.timing.end = this.deps.now();
    this.publish('done');
  }

  private decodeOutcome(): void {
    const { adapter, request } = this.info;
    const { a2a, response } = this.frame;
    if (!adapter || !request || !a2a || !response) return;
    const decoded = adapter.decodeResponse(request, {
      status: response.status,
      headers: response.headers,
      bodyText: response.body.text,
    });
    a2a.outcome = decoded.kind;
    if (decoded.kind !== 'result') return;
    const result = decoded.result;
    const ids =
      result.type === 'task'
        ? { taskId: result.task.id, contextId: result.task.contextId }
        : result.type === 'message'
          ? { taskId: result.message.taskId, contextId: result.message.contextId }
          : {};
    if (ids.taskId !== undefined) a2a.taskId = ids.taskId;
    if (ids.contextId !== undefined) a2a.contextId = ids.contextId;
  }

  /** A snapshot for the bus: later revisions must not change what was published. */
  private publish(state: 'pending' | 'streaming' | 'done'): void {
    this.frame.state = state;
    this.frame.rev = ++this.rev;
    this.deps.publish(structuredClone(this.frame));
  }
}

function detailsBytes(base64: string | undefined): Buffer | undefined {
  return base64 ? Buffer.from(base64, 'base64') : undefined;
}
