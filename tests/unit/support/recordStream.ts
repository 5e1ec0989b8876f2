// A stream recorded by the real StreamRecorder from chunks cut by hand, with the 1.0 JSON-RPC adapter: the frames it
// publishes and its exchange frame, for tests of the recorder and of what is made of its frames.

import type { EncodedRequest, GenerationAdapter } from '../../../shared/a2a/adapter';
import { v1JsonRpc } from '../../../shared/a2a/v1/jsonrpc';
import type { HttpFrame, SseFrame } from '../../../shared/wire/frame';
import { StreamRecorder } from '../../../electron/host/agent/streamRecorder';
import { inThreadAnalyser, type StreamAnalyser } from '../../../electron/host/agent/streamAnalyser';
import type { ReadBatch } from '../../../electron/host/agent/streamReading';
import type { StreamCapture } from '../../../electron/host/agent/streamRecorder';

export const STREAM_REQUEST: EncodedRequest = {
  operation: 'stream',
  method: 'POST',
  url: 'http://127.0.0.1:9/rpc',
  headers: [],
  streaming: true,
  rpc: { method: 'SendStreamingMessage', id: 1 },
};

export interface RecorderOptions {
  /** The 1.0 JSON-RPC adapter when absent. */
  adapter?: GenerationAdapter;
  maxEventBytes?: number;
  now?: () => number;
  nextId?: () => string;
  analyser?: StreamAnalyser;
  capture?: StreamCapture;
  maxPendingBytes?: number;
  /** Where an event over the cap is stored (FRM-8). */
  spillDir?: string;
}

/** A recorder on a fresh exchange, with the frames it publishes collected. */
export function streamRecorder(options: RecorderOptions = {}): {
  recorder: StreamRecorder;
  frames: SseFrame[];
  exchange: HttpFrame;
} {
  const exchange: HttpFrame = {
    kind: 'http',
    id: 'x',
    source: 'test',
    timing: { start: 0 },
    request: { method: 'POST', url: STREAM_REQUEST.url, headers: [] },
  };
  const frames: SseFrame[] = [];
  let n = 0;
  const recorder = new StreamRecorder({
    exchange,
    adapter: options.adapter ?? v1JsonRpc,
    request: STREAM_REQUEST,
    maxEventBytes: options.maxEventBytes ?? 1024 * 1024,
    maxStreamBytes: 1024 * 1024,
    nextId: options.nextId ?? (() => `e${n++}`),
    now: options.now ?? (() => 1),
    publish: (frame) => frames.push(frame),
    ...(options.analyser ? { analyser: options.analyser } : {}),
    ...(options.capture ? { capture: options.capture } : {}),
    ...(options.maxPendingBytes !== undefined ? { maxPendingBytes: options.maxPendingBytes } : {}),
    ...(options.spillDir !== undefined ? { spillDir: options.spillDir } : {}),
  });
  return { recorder, frames, exchange };
}

export function recordStream(
  chunks: Buffer[],
  options: RecorderOptions = {},
): { frames: SseFrame[]; exchange: HttpFrame } {
  const { recorder, frames, exchange } = streamRecorder(options);
  for (const chunk of chunks) recorder.push(chunk);
  // In this thread the analysis is done as each chunk is read, so the totals are written at once.
  void recorder.finish(exchange);
  return { frames, exchange };
}

/** An analyser whose batches wait until the test lets them go, answering as the host's thread would. */
export function slowAnalyser(): {
  analyser: StreamAnalyser;
  release: () => void;
  /** Answers the oldest read waiting, and only it. */
  releaseOne: () => void;
} {
  const waiting: Array<() => void> = [];
  const later = (read: () => ReadBatch | Promise<ReadBatch>) =>
    new Promise<ReadBatch>((resolve) => waiting.push(() => resolve(read())));
  const analyser: StreamAnalyser = {
    open(adapter, request, limits) {
      const now = inThreadAnalyser().open(adapter, request, limits);
      return {
        // A batch that comes back later brings its chunk's bytes, as a worker's does.
        read: (chunk) => later(() => ({ ...(now.read(chunk) as ReadBatch), bytes: chunk })),
        end: () => later(() => now.end()),
        close: () => undefined,
      };
    },
    prepare: () => undefined,
    ready: async () => undefined,
    start: () => undefined,
    workerBatches: () => 0,
    close: async () => undefined,
  };
  return {
    analyser,
    release: () => waiting.splice(0).forEach((go) => go()),
    releaseOne: () => waiting.shift()?.(),
  };
}
