// The events of a streamed exchange in arrival order (FRM-2), keep-alives included, each with when it arrived, and
// the selected one in full: its raw text exactly as it arrived, the data parsed as JSON, what the A2A decoder made of
// it (nothing, for a stream that is not A2A), its JSON-RPC envelope and its findings. The list is virtualized, since a long stream can carry thousands of events.

import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import type { HttpFrame, SseFrame } from '../../../shared/wire/frame';
import { eventJson } from '../../../shared/wire/eventJson';
import { useViewStore } from '../../store/viewStore';
import { EnvelopeNotes } from './EnvelopeNotes';
import { describeEnvelope } from './envelope';
import { FindingsList } from './FindingsList';
import { formatBytes } from '../../ui/frameFormat';
import { StoredEvent } from '../render';
import { Highlighted } from './Highlighted';
import { useSearchMatcher } from './useSearchMatcher';

const ROW_HEIGHT = 24;

function eventLabel(event: SseFrame): string {
  if (!event.dispatched) return event.comments?.length ? `: ${event.comments[0]}` : 'keep-alive';
  if (event.stored) return `${event.stored.type} · stored on disk, not decoded`;
  const a2a = event.a2a;
  const what = a2a ? [a2a.item, a2a.state].filter(Boolean).join(' · ') : (event.event?.type ?? 'message');
  return a2a?.final ? `${what} (final)` : what;
}

/** When the event arrived, counted from the start of its exchange: the timing of each event (FRM-2). */
function sinceStart(exchange: HttpFrame, event: SseFrame): string {
  return `+${Math.max(0, Math.round(event.timing.start - exchange.timing.start))} ms`;
}

export function StreamEvents({
  exchange,
  events,
  selectedEventId,
}: {
  exchange: HttpFrame;
  events: readonly SseFrame[];
  selectedEventId: string | null;
}) {
  const selectFrame = useViewStore((state) => state.selectFrame);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: events.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const selected = events.find((event) => event.id === selectedEventId);
  return (
    <>
      {events.length === 0 ? (
        <p className="empty">No events yet.</p>
      ) : (
        <div className="stream-scroller" ref={scroller}>
          <ol
            className="stream-events"
            data-testid="stream-events"
            style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
          >
            {virtualizer.getVirtualItems().map((item) => {
              const event = events[item.index]!;
              const problem = event.findings?.some((f) => f.severity === 'error');
              return (
                <li
                  key={event.id}
                  style={{ position: 'absolute', top: item.start, height: ROW_HEIGHT, left: 0, right: 0 }}
                >
                  <button
                    type="button"
                    className={`stream-event${event.id === selectedEventId ? ' selected' : ''}${problem ? ' problem' : ''}`}
                    aria-pressed={event.id === selectedEventId}
                    onClick={() => selectFrame(event.id)}
                    data-testid="stream-event"
                    data-dispatched={event.dispatched ? 'true' : 'false'}
                    data-stored={event.stored ? 'true' : undefined}
                  >
                    <span className="seq">#{event.seq}</span>
                    <span className="label">{eventLabel(event)}</span>
                    <span className="at" data-testid="stream-event-at">
                      {sinceStart(exchange, event)}
                    </span>
                    <span className="size">{formatBytes(event.offset.end - event.offset.start)}</span>
                    {problem && <span aria-label="has errors"> ⚠</span>}
                  </button>
                </li>
              );
            })}
          </ol>
        </div>
      )}
      {selected && <EventDetail exchange={exchange} event={selected} />}
    </>
  );
}

function EventDetail({ exchange, event }: { exchange: HttpFrame; event: SseFrame }) {
  // Parsed here, for the one event on view: live frames carry their data only (eventJson.ts).
  const json = useMemo(() => eventJson(event), [event]);
  const envelope = json !== undefined ? describeEnvelope(exchange, json) : undefined;
  const matcher = useSearchMatcher();
  return (
    <section className="event-detail" data-testid="sse-event-detail" aria-label="Selected event">
      <h4>
        {event.stored
          ? 'Stored event'
          : event.dispatched
            ? `Event #${event.event?.index ?? 0}`
            : 'Block without data'}{' '}
        · bytes {event.offset.start}–{event.offset.end}
        {event.event?.type && event.event.type !== 'message' && <> · type {event.event.type}</>}
        {event.event?.id !== undefined && <> · id {event.event.id}</>} · arrived {sinceStart(exchange, event)}
      </h4>
      <FindingsList
        findings={event.findings ?? []}
        testId="sse-findings"
        generation={exchange.a2a?.generation}
      />
      {envelope && <EnvelopeNotes note={envelope} />}
      {event.stored && <StoredEvent key={event.id} stored={event.stored} />}
      <h5>{event.stored ? 'First bytes' : 'Raw'}</h5>
      <pre className="sse-raw" data-testid="sse-raw">
        <Highlighted text={event.raw} matcher={matcher} />
      </pre>
      {event.rawBase64 && <p className="warning">Not valid UTF-8: the exact bytes are kept as base64.</p>}
      {json !== undefined && (
        <>
          <h5>Parsed JSON</h5>
          <pre className="sse-json" data-testid="sse-json">
            {JSON.stringify(json, null, 2)}
          </pre>
        </>
      )}
    </section>
  );
}
