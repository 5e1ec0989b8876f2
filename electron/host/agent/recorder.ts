// Runs exchanges for the agent client and publishes them as they progress: a `pending` revision when the request
// has left, a `streaming` one when an event stream starts, and the final one when it ends (frame.ts explains the
// revisions). Published copies are snapshots, because the live frame keeps changing until it is done and the
// in-process transport hands objects over by reference.

import type { AgentConnection } from '../../../shared/host/agent';
import type { RawRequest } from '../../../shared/host/hostApi';
import type { Frame, HttpFrame } from '../../../shared/wire/frame';
import {
  startExchange,
  type BodyReader,
  type Exchange,
  type ExchangeDeps,
  type ExchangeTimeouts,
  type KeepAliveAgents,
} from '../exchange';
import type { SpillOptions } from '../spill/spillCollector';
import type { StreamAnalyser } from './streamAnalyser';
import type { StreamCapture } from './streamRecorder';

export interface Recorder {
  deps: ExchangeDeps;
  publish(frame: Frame): void;
  /**
   * Records stream frames as they are read and publishes them once analysed (streamRecorder.ts); without it, each is
   * published, and recorded, once analysed.
   */
  capture?: StreamCapture;
  /** Where answers too large for memory go (SEC-4); without it every body is held in memory up to its cap. */
  spill?: SpillOptions;
  /** Where stream events are decoded and checked (streamAnalyser.ts); in the host's thread when absent. */
  analyser?: StreamAnalyser;
}

export interface RecordedExchangeOptions {
  source: string;
  timeouts: ExchangeTimeouts;
  /** The agent's TLS and proxy settings (NET-1). */
  connection?: AgentConnection;
  /** Connections to reuse (the recording proxy's); one connection per exchange otherwise. */
  keepAlive?: KeepAliveAgents;
  readBody: (frame: HttpFrame) => BodyReader;
  /** Fields set on the frame before it is first published (A2A context, secret marks). */
  annotate?: (frame: HttpFrame) => void;
  /** Runs on the final frame before it is published (decoding, findings; a stream's last events analysed). */
  finish?: (frame: HttpFrame) => void | Promise<void>;
  /**
   * Fewer progress revisions, for an exchange that is usually over in a millisecond (the recording proxy's): the
   * `pending` one is published only once the exchange has run `pendingAfterMs` without an answer, and a `streaming`
   * one only when `isStream` says the answer is an event stream. Each revision still takes its number, so the final
   * frame, and the journal once read back (readers keep the newest revision), are what they would have been.
   */
  fewerRevisions?: { pendingAfterMs: number; isStream: (frame: HttpFrame) => boolean };
}

/** Starts an exchange: HTTP (exchange.ts) unless told otherwise (the gRPC exchange has the same life). */
export type StartExchange = typeof startExchange;

export function recordExchange(
  recorder: Recorder,
  request: RawRequest,
  options: RecordedExchangeOptions,
  start: StartExchange = startExchange,
): Exchange {
  let rev = 0;
  const publishAt = (frame: HttpFrame, state: 'pending' | 'streaming', at: number) => {
    frame.rev = at;
    frame.state = state;
    recorder.publish(snapshot(frame));
  };
  const progress: { onProgress: (frame: HttpFrame) => void; stop?: () => void } = options.fewerRevisions
    ? fewerProgress(options.fewerRevisions, publishAt, () => rev++)
    : { onProgress: (frame) => publishAt(frame, frame.response ? 'streaming' : 'pending', rev++) };
  const exchange = start(request, recorder.deps, {
    source: options.source,
    timeouts: options.timeouts,
    ...(options.connection ? { connection: options.connection } : {}),
    ...(options.keepAlive ? { keepAlive: options.keepAlive } : {}),
    readBody: options.readBody,
    onProgress: progress.onProgress,
  });
  options.annotate?.(exchange.frame);
  const done = exchange.done.then(async (frame) => {
    progress.stop?.();
    frame.rev = rev++;
    frame.state = 'done';
    await options.finish?.(frame);
    recorder.publish(frame);
    return frame;
  });
  return { frame: exchange.frame, done, abort: exchange.abort };
}

/**
 * Progress revisions as `fewerRevisions` asks: a `pending` one on a timer (cancelled by an answer, or by the end), a
 * `streaming` one for an event stream only. A revision left out still uses up its number (`next`).
 */
function fewerProgress(
  fewer: NonNullable<RecordedExchangeOptions['fewerRevisions']>,
  publishAt: (frame: HttpFrame, state: 'pending' | 'streaming', at: number) => void,
  next: () => number,
): { onProgress: (frame: HttpFrame) => void; stop: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const stop = () => clearTimeout(timer);
  const onProgress = (frame: HttpFrame) => {
    const at = next();
    if (frame.response) {
      stop();
      if (fewer.isStream(frame)) publishAt(frame, 'streaming', at);
      return;
    }
    timer = setTimeout(() => publishAt(frame, 'pending', at), fewer.pendingAfterMs);
    // A call in flight keeps its own sockets open; this timer alone must not keep the process.
    timer.unref();
  };
  return { onProgress, stop };
}

function snapshot(frame: HttpFrame): HttpFrame {
  const copy: HttpFrame = { ...frame, timing: { ...frame.timing } };
  if (frame.response) copy.response = { ...frame.response };
  if (frame.a2a) copy.a2a = { ...frame.a2a };
  if (frame.stream) copy.stream = { ...frame.stream };
  if (frame.findings) copy.findings = [...frame.findings];
  return copy;
}
