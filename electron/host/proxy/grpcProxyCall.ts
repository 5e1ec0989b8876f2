// One gRPC call through the proxy (PRX-1): the caller's HTTP/2 stream is answered from one stream to the upstream with
// the same path and metadata, DATA piped through as it arrives both ways and the trailers after. Only the request's
// first message is awaited before the upstream is called, so hooks can see what the call is; client streaming still
// flows. A copy of each message goes to the call's record (grpcCallRecord.ts); the forwarded bytes are never changed
// unless a hook asks for it (grpcShapedAnswer.ts).

import type { ClientHttp2Session, ClientHttp2Stream, ServerHttp2Stream } from 'node:http2';
import { constants } from 'node:http2';
import { GrpcMessageSplitter, type GrpcMessage } from '../../../shared/proxy/grpcFraming';
import type { ProxiedInfo, ProxiedRequest, ProxyHooks } from '../../../shared/proxy/proxyTypes';
import type { HeaderList } from '../../../shared/wire/frame';
import { GrpcCallRecord, type GrpcRecordDeps } from './grpcCallRecord';
import {
  END_STREAM_FLAG,
  forwardable,
  headerValue,
  pairsFromObject,
  toOutgoing,
  withoutPseudo,
} from './grpcHeaders';
import { requestMessageText } from './grpcRequestInfo';
import { answerInstead, shapedAnswer } from './grpcShapedAnswer';

/** One message at most is read for the record, either way; larger ones still pass, unrecorded. */
export const MAX_RECORDED_MESSAGE_BYTES = 64 * 1024 * 1024;

export interface GrpcCallContext {
  proxyId: string;
  listenUrl: string;
  /** `http(s)://host:port` of the upstream: the only place any call goes. */
  origin: string;
  generation: string;
  hooks?: ProxyHooks;
  deps: GrpcRecordDeps;
  session: () => ClientHttp2Session;
  /** Resolves when a session has closed, with why it failed (refused, TLS …), which its streams do not say. */
  closedWith: (session: ClientHttp2Session) => Promise<Error | undefined>;
}

/** Forwards one call; `pairs` are the caller's header lines in wire order, pseudo-headers included. */
export function forwardCall(context: GrpcCallContext, stream: ServerHttp2Stream, pairs: HeaderList): void {
  const path = headerValue(pairs, ':path') ?? '/';
  const socket = stream.session?.socket;
  const userAgent = headerValue(pairs, 'user-agent');
  const proxied: ProxiedInfo = {
    proxyId: context.proxyId,
    listenUrl: context.listenUrl,
    upstream: context.origin,
    client: {
      address: socket?.remoteAddress ?? '',
      port: socket?.remotePort ?? 0,
      ...(userAgent !== undefined ? { userAgent } : {}),
    },
    binding: 'GRPC',
  };
  const metadata = withoutPseudo(forwardable(pairs));
  const record = new GrpcCallRecord(context.deps, proxied, `${context.origin}${path}`, path, metadata);
  const gone = () => {
    // The caller left before its request was whole: nothing is forwarded, and the frame says so.
    record.requestMessage(undefined);
    void record.finish({
      kind: 'aborted',
      label: 'Caller went away',
      message: 'The caller closed the stream before its request message was complete; nothing was forwarded.',
    });
  };
  firstMessage(stream, gone, (held, first, ended) => {
    const bodyText = record.requestMessage(first);
    const request: ProxiedRequest = {
      proxyId: context.proxyId,
      binding: 'GRPC',
      generation: record.info.adapter?.generation ?? context.generation,
      method: 'POST',
      path,
      headers: metadata,
      body: Buffer.concat(held),
      ...(record.info.method ? { operation: record.info.method.name } : {}),
      ...(record.frame.a2a?.taskId ? { taskId: record.frame.a2a.taskId } : {}),
    };
    const text = requestMessageText(record.info.adapter, bodyText);
    if (text !== undefined) request.messageText = text;
    const instead = context.hooks?.answerInstead?.(request);
    if (instead) return answerInstead(stream, instead, record);
    const change = context.hooks?.beforeForward?.(request);
    if (change) record.mark(undefined, change.rewritten, change.note);
    // A hook that changed the message (a push config routed) has the frame show what went upstream, as over HTTP.
    if (change?.body)
      record.requestMessage(new GrpcMessageSplitter(MAX_RECORDED_MESSAGE_BYTES).push(change.body)[0]);
    if (change?.headers) record.frame.request.headers = withoutPseudo(forwardable(change.headers));
    const sent = change?.body ? [Buffer.from(change.body)] : held;
    const pseudo = pairs.filter(([name]) => name.startsWith(':') && name !== ':scheme');
    const scheme: HeaderList = [[':scheme', new URL(context.origin).protocol.slice(0, -1)]];
    const headers = toOutgoing([...pseudo, ...scheme, ...record.frame.request.headers]);
    let upstream: ClientHttp2Stream;
    let session: ClientHttp2Session;
    try {
      session = context.session();
      upstream = session.request(headers, { endStream: false });
    } catch (error) {
      return unreachable(stream, record, error as Error);
    }
    relayRequest(stream, upstream, sent, ended);
    relayAnswer(context, { stream, upstream, session }, record, request);
  });
}

/**
 * Waits for the request's first complete message (or its end), holding what arrived; then hands it over with the
 * stream paused, so nothing is lost before the upstream stream exists.
 */
function firstMessage(
  stream: ServerHttp2Stream,
  gone: () => void,
  ready: (held: Buffer[], first: GrpcMessage | undefined, ended: boolean) => void,
): void {
  const splitter = new GrpcMessageSplitter(MAX_RECORDED_MESSAGE_BYTES);
  const held: Buffer[] = [];
  let done = false;
  const finish = (first: GrpcMessage | undefined, ended: boolean) => {
    if (done) return;
    done = true;
    stream.off('data', onData);
    stream.pause();
    ready(held, first, ended);
  };
  const onData = (chunk: Buffer) => {
    held.push(chunk);
    const [first] = splitter.push(chunk);
    // A message too large to read is not waited for: the call goes on unrecorded.
    if (first || splitter.stoppedBecause) finish(first, false);
  };
  stream.on('data', onData);
  const leave = () => {
    if (done) return;
    done = true;
    gone();
  };
  // A reset ends the readable side too, and says it was aborted only just after: a turn later, a clean end is the
  // end of the request.
  stream.once('end', () => setImmediate(() => (stream.aborted ? leave() : finish(undefined, true))));
  stream.once('close', leave);
}

/** The held bytes, then the rest of the request as it arrives, with backpressure; then the end. */
function relayRequest(
  stream: ServerHttp2Stream,
  upstream: ClientHttp2Stream,
  held: Buffer[],
  ended: boolean,
) {
  for (const chunk of held) upstream.write(chunk);
  if (ended || stream.readableEnded) {
    upstream.end();
    return;
  }
  stream.pipe(upstream);
}

/** The upstream's head, messages and trailers to the caller, each as it arrives; each copied to the record. */
function relayAnswer(
  context: GrpcCallContext,
  {
    stream,
    upstream,
    session,
  }: { stream: ServerHttp2Stream; upstream: ClientHttp2Stream; session: ClientHttp2Session },
  record: GrpcCallRecord,
  request: ProxiedRequest,
): void {
  const splitter = new GrpcMessageSplitter(MAX_RECORDED_MESSAGE_BYTES);
  let trailers: HeaderList = [];
  let over = false;
  const finish = (error?: Parameters<GrpcCallRecord['finish']>[0]) => {
    if (over) return;
    over = true;
    void record.finish(error);
  };
  upstream.on('response', (headers, flags) => {
    const pairs = forwardable(pairsFromObject(headers));
    const trailersOnly = (flags & END_STREAM_FLAG) !== 0;
    record.responseHead(Number(headers[':status'] ?? 200), withoutPseudo(pairs), trailersOnly);
    upstream.on('data', (chunk: Buffer) => {
      for (const message of splitter.push(chunk)) record.responseMessage(message);
    });
    const shape = context.hooks?.shapeAnswer;
    if (shape && !trailersOnly) {
      shapedAnswer(stream, upstream, { pairs, shape, request, record, trailers: () => trailers });
      return;
    }
    if (stream.destroyed) return;
    stream.respond(toOutgoing(pairs), trailersOnly ? { endStream: true } : { waitForTrailers: true });
    stream.on('wantTrailers', () => stream.sendTrailers(toOutgoing(trailers)));
    upstream.pipe(stream);
  });
  upstream.on('trailers', (headers) => {
    trailers = forwardable(pairsFromObject(headers));
    record.trailers(withoutPseudo(trailers));
  });
  upstream.on('end', () => finish());
  let failing = false;
  const fail = (error: Error) => {
    if (!stream.headersSent) answerUnavailable(stream, error);
    else if (!stream.destroyed) stream.close(constants.NGHTTP2_INTERNAL_ERROR);
    finish(failure(error));
  };
  upstream.on('error', (streamError: NodeJS.ErrnoException) => {
    failing = true;
    // A stream cancelled because its session failed says only that; the session's error (refused, TLS …), which
    // comes next, says why.
    if (streamError.code !== 'ERR_HTTP2_STREAM_CANCEL') return fail(streamError);
    void context.closedWith(session).then((cause) => fail(cause ?? streamError));
  });
  upstream.on('close', () => {
    if (over || failing || record.finished) return;
    // Reset by the upstream before its end: the caller's stream is reset the same way.
    const code = upstream.rstCode ?? constants.NGHTTP2_INTERNAL_ERROR;
    if (!stream.destroyed) stream.close(code);
    finish(failure(new Error(`The upstream reset the stream (HTTP/2 error code ${code}).`)));
  });
  stream.on('close', () => {
    if (over || failing || record.finished) return;
    // The caller went away first: the upstream call is cancelled, as the caller's own client would have done.
    if (!upstream.destroyed) upstream.close(constants.NGHTTP2_CANCEL);
    finish({
      kind: 'aborted',
      label: 'Caller went away',
      message: 'The caller closed the stream before the end.',
    });
  });
}

/** Nothing could be forwarded: the caller gets UNAVAILABLE, as from a gRPC client that cannot connect. */
function unreachable(stream: ServerHttp2Stream, record: GrpcCallRecord, error: Error): void {
  answerUnavailable(stream, error);
  void record.finish(failure(error));
}

function answerUnavailable(stream: ServerHttp2Stream, error: Error): void {
  if (stream.destroyed || stream.headersSent) return;
  const message = `Switchboard's proxy could not reach the upstream: ${error.message}`;
  stream.respond(
    {
      ':status': 200,
      'content-type': 'application/grpc',
      'grpc-status': '14',
      'grpc-message': encodeURI(message),
    },
    { endStream: true },
  );
}

function failure(error: Error): Parameters<GrpcCallRecord['finish']>[0] {
  const code = (error as NodeJS.ErrnoException).code;
  const refused = code === 'ECONNREFUSED';
  const tlsFailure = code !== undefined && /CERT|SSL|TLS|UNABLE_TO_VERIFY/.test(code);
  const [kind, label] = refused
    ? (['refused', 'Connection refused'] as const)
    : tlsFailure
      ? (['tls', 'TLS failed'] as const)
      : (['network', 'Network error'] as const);
  return { kind, label, message: error.message, ...(code ? { code } : {}) };
}
