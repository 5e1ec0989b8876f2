// Answers the proxy gives a gRPC caller other than the upstream's bytes as they came (PRX-1, PRX-4): an answer a hook
// gives instead of calling the upstream (a trailers-only status such as UNAVAILABLE), and the upstream's answer shaped
// by a hook message by message (delays, drops, stalls). What was done is marked on the call's frames.

import { once } from 'node:events';
import { constants, type ClientHttp2Stream, type ServerHttp2Stream } from 'node:http2';
import type { ProxiedRequest, ProxyAnswer, ProxyHooks } from '../../../shared/proxy/proxyTypes';
import { GrpcMessageSplitter } from '../../../shared/proxy/grpcFraming';
import type { HeaderList } from '../../../shared/wire/frame';
import type { GrpcCallRecord } from './grpcCallRecord';
import { forwardable, headerValue, toOutgoing, withoutPseudo } from './grpcHeaders';

/** Messages waiting for a slow consumer before the upstream is paused. */
const HIGH_WATER = 16;

/** A hook's answer instead of the upstream's: trailers-only when its headers carry `grpc-status`. */
export function answerInstead(stream: ServerHttp2Stream, answer: ProxyAnswer, record: GrpcCallRecord): void {
  const headers = withoutPseudo(forwardable(answer.headers));
  const trailersOnly = headerValue(headers, 'grpc-status') !== undefined;
  record.mark(answer.faults);
  record.responseHead(answer.status, headers, trailersOnly);
  // The request is not forwarded; reading it to its end lets the caller finish sending.
  stream.resume();
  if (stream.destroyed) return void record.finish();
  stream.respond(toOutgoing([[':status', String(answer.status)], ...headers]), { endStream: trailersOnly });
  if (trailersOnly) return void record.finish();
  const splitter = new GrpcMessageSplitter(Number.MAX_SAFE_INTEGER);
  void (async () => {
    for await (const chunk of answer.body) {
      for (const message of splitter.push(chunk)) record.responseMessage(message);
      if (!stream.write(chunk)) await once(stream, 'drain');
    }
    stream.end();
    await record.finish();
  })();
}

export interface ShapeContext {
  pairs: HeaderList;
  shape: NonNullable<ProxyHooks['shapeAnswer']>;
  request: ProxiedRequest;
  record: GrpcCallRecord;
  /** The upstream's trailers once they came. */
  trailers: () => HeaderList;
}

/**
 * The upstream's answer through a hook, one whole message per chunk, so a rule counts messages: what the hook yields
 * goes to the caller, then the upstream's trailers. A body the hook ends before the upstream's does is a dropped
 * stream: the caller gets UNAVAILABLE after what was sent, and the upstream call is cancelled.
 */
export function shapedAnswer(
  stream: ServerHttp2Stream,
  upstream: ClientHttp2Stream,
  context: ShapeContext,
): void {
  const queue = new MessageQueue(upstream);
  const closed = new AbortController();
  stream.on('close', () => closed.abort());
  const answer: ProxyAnswer = {
    status: Number(headerValue(context.pairs, ':status') ?? 200),
    statusText: 'OK',
    headers: withoutPseudo(context.pairs),
    body: queue,
  };
  const shaped = context.shape(context.request, answer, closed.signal);
  context.record.mark(shaped.faults);
  if (stream.destroyed) return;
  const head = toOutgoing([
    [':status', String(shaped.status)],
    ...withoutPseudo(forwardable(shaped.headers)),
  ]);
  stream.respond(head, { waitForTrailers: true });
  let trailers = context.trailers;
  stream.on('wantTrailers', () => stream.sendTrailers(toOutgoing(trailers())));
  void (async () => {
    try {
      for await (const chunk of shaped.body) {
        if (stream.destroyed) return;
        if (!stream.write(chunk)) await once(stream, 'drain');
      }
    } catch {
      // A hook that fails ends the stream as a drop does.
    }
    if (stream.destroyed) return;
    if (!queue.finished) {
      // Dropped: the caller sees the messages already sent, then UNAVAILABLE, as when a connection is lost. (A
      // reset would let a client discard messages it had received but not yet delivered.)
      void context.record.finish({
        kind: 'aborted',
        label: 'Dropped by the proxy',
        message: 'A rule ended the stream before the upstream did; the upstream call was cancelled.',
      });
      if (!upstream.destroyed) upstream.close(constants.NGHTTP2_CANCEL);
      trailers = () => DROPPED;
    }
    stream.end();
  })();
}

const DROPPED: HeaderList = [
  ['grpc-status', '14'],
  ['grpc-message', encodeURIComponent('The proxy dropped the stream (a fault rule).')],
];

/** The upstream's messages, whole, for a hook to read at its pace; the upstream pauses while too many wait. */
class MessageQueue implements AsyncIterable<Uint8Array> {
  finished = false;
  private readonly items: Uint8Array[] = [];
  private wake: (() => void) | undefined;

  constructor(private readonly upstream: ClientHttp2Stream) {
    const splitter = new GrpcMessageSplitter(Number.MAX_SAFE_INTEGER);
    upstream.on('data', (chunk: Buffer) => {
      for (const message of splitter.push(chunk)) this.items.push(message.bytes);
      if (this.items.length > HIGH_WATER) upstream.pause();
      this.notify();
    });
    upstream.on('end', () => {
      this.finished = true;
      this.notify();
    });
    upstream.on('close', () => this.notify());
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    for (;;) {
      const next = this.items.shift();
      if (next) {
        if (this.items.length < HIGH_WATER / 2 && this.upstream.isPaused()) this.upstream.resume();
        yield next;
      } else if (this.finished || this.upstream.destroyed) {
        return;
      } else {
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
