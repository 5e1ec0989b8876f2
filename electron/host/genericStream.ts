// Any text/event-stream answer is a stream (FRM-2), whatever the route or agent: the address bar's fetch and a raw
// request no A2A operation matched read it through the same StreamRecorder A2A streams use, with no decoder, so its
// events become `sse` frames (raw text, JSON per event, arrival time) instead of one body read as invalid JSON.

import { contentType } from '../../shared/a2a/binding';
import type { Frame, HttpFrame } from '../../shared/wire/frame';
import { SSE_DEFAULT_MAX_EVENT_BYTES } from '../../shared/wire/sse';
import type { BodyReader } from './exchange';
import { StreamRecorder } from './agent/streamRecorder';

/** Where a generic stream's frames go: the host's recorder, or anything with its ids, clock and publish. */
export interface EventSink {
  deps: { nextId: () => string; now: () => number };
  publish(frame: Frame): void;
  /** Where an event over the per-event cap is stored whole (FRM-8); dropped with its finding without it. */
  spill?: { dir: string };
}

export interface GenericStreamLimits {
  maxEventBytes: number;
  maxStreamBytes: number;
}

/** The caps the address bar uses: an agent's defaults (agentSettings.ts), since no agent's settings apply. */
export const GENERIC_STREAM_LIMITS: GenericStreamLimits = {
  maxEventBytes: SSE_DEFAULT_MAX_EVENT_BYTES,
  maxStreamBytes: 1024 * 1024 * 1024,
};

/** Whether the answer whose head has arrived is an event stream, by its content type alone. */
export function isEventStreamAnswer(frame: HttpFrame): boolean {
  return frame.response !== undefined && contentType(frame.response.headers) === 'text/event-stream';
}

/** A reader that records the stream's blocks as `sse` frames of `frame`'s exchange, and its recorder to finish. */
export function genericStreamReader(
  frame: HttpFrame,
  sink: EventSink,
  limits: GenericStreamLimits = GENERIC_STREAM_LIMITS,
): { reader: BodyReader; recorder: StreamRecorder } {
  const recorder = new StreamRecorder({
    exchange: frame,
    maxEventBytes: limits.maxEventBytes,
    maxStreamBytes: limits.maxStreamBytes,
    nextId: sink.deps.nextId,
    now: sink.deps.now,
    publish: (event) => sink.publish(event),
    ...(sink.spill ? { spillDir: sink.spill.dir } : {}),
  });
  return {
    reader: { mode: 'stream', onChunk: (chunk) => recorder.push(chunk), backlog: () => recorder.backlog() },
    recorder,
  };
}
