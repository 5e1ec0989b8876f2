// The address bar's exchange: any HTTP request, its whole body buffered into the frame up to a cap. An event-stream
// answer is also read as events (genericStream.ts), published as they arrive when there is a sink for them, so it is
// shown as a stream (FRM-2); its exact bytes stay in the body as before, for whoever reads the frame as a whole.

import type { RawRequest } from '../../shared/host/hostApi';
import type { HttpFrame, SecretMark } from '../../shared/wire/frame';
import { CappedCollector } from './bodyBytes';
import { bodyTooLarge, startExchange, type BodyReader, type ExchangeDeps } from './exchange';
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
  let stream: { recorder: StreamRecorder; body: CappedCollector } | undefined;
  const exchange = startExchange(request, deps, {
    timeouts: { ...DEFAULT_TIMEOUTS, ...request.timeouts },
    readBody: (head) => {
      if (!events || !isEventStreamAnswer(head)) return { mode: 'buffer', maxBytes };
      const generic = genericStreamReader(head, events);
      stream = { recorder: generic.recorder, body: new CappedCollector(maxBytes) };
      // The exchange is announced before its events, as an agent's stream is (recorder.ts), so they have a parent.
      head.rev = 0;
      head.state = 'streaming';
      events.publish(structuredClone(head));
      return teeReader(generic.reader, stream.body);
    },
    source: request.source ?? 'raw',
  });
  // Marked before the first progress event, so no view or recording ever has the secret unmarked.
  const secrets = (request.secretHeaders ?? []).map((name): SecretMark => ({ in: 'request-header', name }));
  if (secrets.length > 0) exchange.frame.secrets = secrets;
  const frame = await exchange.done;
  if (stream) {
    await stream.recorder.finish(frame);
    if (frame.response) frame.response.body = stream.body.toBody();
    frame.rev = 1;
    frame.state = 'done';
  }
  return frame;
}

/** Each chunk to the stream's events and to the body, which stops the exchange at its cap as a buffered body does. */
function teeReader(events: BodyReader, body: CappedCollector): BodyReader {
  if (events.mode !== 'stream') return events;
  return {
    mode: 'stream',
    onChunk: (chunk) => (body.push(chunk) ? events.onChunk(chunk) : bodyTooLarge(body.limit)),
    ...(events.backlog ? { backlog: events.backlog } : {}),
  };
}
