// The address bar's exchange: any HTTP request, its whole body buffered into the frame up to a cap. An event-stream
// answer is read as events instead (genericStream.ts), published as they arrive when there is a sink for them.

import type { RawRequest } from '../../shared/host/hostApi';
import type { HttpFrame } from '../../shared/wire/frame';
import { startExchange, type ExchangeDeps } from './exchange';
import type { StreamRecorder } from './agent/streamRecorder';
import { genericStreamReader, isEventStreamAnswer, type EventSink } from './genericStream';

export const DEFAULT_TIMEOUTS = { connectMs: 10_000, firstByteMs: 30_000, totalMs: 120_000 } as const;
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;

export type FetchRawDeps = ExchangeDeps;

export async function fetchRaw(
  request: RawRequest,
  deps: FetchRawDeps,
  events?: EventSink,
): Promise<HttpFrame> {
  const maxBytes = request.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  let stream: StreamRecorder | undefined;
  const frame = await startExchange(request, deps, {
    timeouts: { ...DEFAULT_TIMEOUTS, ...request.timeouts },
    readBody: (head) => {
      if (!events || !isEventStreamAnswer(head)) return { mode: 'buffer', maxBytes };
      const generic = genericStreamReader(head, events);
      stream = generic.recorder;
      // The exchange is announced before its events, as an agent's stream is (recorder.ts), so they have a parent.
      head.rev = 0;
      head.state = 'streaming';
      events.publish(structuredClone(head));
      return generic.reader;
    },
    source: request.source ?? 'raw',
  }).done;
  if (stream) {
    await stream.finish(frame);
    frame.rev = 1;
    frame.state = 'done';
  }
  return frame;
}
