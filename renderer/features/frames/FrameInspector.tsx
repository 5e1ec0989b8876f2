// The inspector pane: one exchange in full (FRM-1..FRM-7) — outcome, timing, the A2A operation, the JSON-RPC
// envelope, findings, headers both ways with secrets masked, the exact bodies, a stream's events, copy as cURL,
// pin and diff, and "Edit and resend" into the raw request editor. Selecting a stream event (here or in the
// timeline) shows its exchange with that event open. The toolbar, the answer and the request are their own
// components (FrameActions.tsx, ResponseSection.tsx, RequestDetails.tsx).

import { useMemo, useState } from 'react';
import type { HttpFrame, SseFrame, WebhookFrame } from '../../../shared/wire/frame';
import { maskUrl } from '../../../shared/wire/secretMask';
import { oauthStepLabel } from '../../../shared/wire/oauthStep';
import { useViewStore } from '../../store/viewStore';
import { BodyViewer } from './BodyViewer';
import { CurlPanel } from './CurlPanel';
import { EnvelopeNotes } from './EnvelopeNotes';
import { FrameActions } from './FrameActions';
import { describeEnvelope } from './envelope';
import { FindingsList } from './FindingsList';
import { FrameDiff } from './FrameDiff';
import { formatMs, frameDurations, headerValue } from '../../ui/frameFormat';
import { HeadersTable } from './HeadersTable';
import { usePinStore } from './pinStore';
import { RequestDetails } from './RequestDetails';
import { ResponseSection } from './ResponseSection';
import { ConnectionSection } from './ConnectionSection';
import { ProxiedSection } from './ProxiedSection';
import { ViaProxyTag } from './ViaProxyTag';
import './frames.css';

function useFrame(id: string | null) {
  return useViewStore((state) => {
    if (id === null) return undefined;
    const index = state.frameIndex.get(id);
    return index === undefined ? undefined : state.frames[index];
  });
}

/** The events of one exchange in arrival order. */
function useExchangeEvents(exchangeId: string | undefined): SseFrame[] {
  const frames = useViewStore((state) => state.frames);
  // The list changes in place (store/framesSlice.ts): its version says when.
  const version = useViewStore((state) => state.framesVersion);
  return useMemo(() => {
    void version;
    return exchangeId === undefined
      ? []
      : frames.filter((f): f is SseFrame => f.kind === 'sse' && f.exchangeId === exchangeId);
  }, [frames, version, exchangeId]);
}

/** The number the frames list shows for an exchange. */
function useExchangeNumber(id: string | null): string {
  const frames = useViewStore((state) => state.frames);
  const version = useViewStore((state) => state.framesVersion);
  return useMemo(() => {
    void version;
    if (id === null) return '';
    let number = 0;
    for (const frame of frames) {
      if (frame.kind !== 'http') continue;
      number++;
      if (frame.id === id) return `#${number}`;
    }
    return '';
  }, [frames, version, id]);
}

export function FrameInspector() {
  const selectedId = useViewStore((state) => state.selectedFrameId);
  const selected = useFrame(selectedId);
  const exchange = useFrame(selected?.kind === 'sse' ? selected.exchangeId : null);
  if (!selected) {
    return (
      <div className="inspector empty-state" data-testid="inspector-empty">
        <h2>Inspector</h2>
        <p>Send a request from the address bar, or pick a frame, to see every byte of the exchange here.</p>
      </div>
    );
  }
  if (selected.kind === 'webhook') return <WebhookFrameDetail frame={selected} />;
  if (selected.kind === 'http')
    return <HttpFrameDetail key={selected.id} frame={selected} selectedEventId={null} />;
  if (exchange?.kind === 'http')
    return <HttpFrameDetail key={exchange.id} frame={exchange} selectedEventId={selected.id} />;
  // An event whose exchange is not in the store (a partial session): shown on its own.
  return (
    <div className="inspector" data-testid="sse-inspector">
      <h2 className="frame-title">
        SSE block · bytes {selected.offset.start}–{selected.offset.end}
        {selected.proxied && <ViaProxyTag info={selected.proxied} testId="inspector-proxy-tag" />}
      </h2>
      {selected.proxied && <ProxiedSection info={selected.proxied} />}
      <FindingsList findings={selected.findings ?? []} testId="sse-findings" />
      <pre className="sse-raw">{selected.raw}</pre>
    </div>
  );
}

function HttpFrameDetail({ frame, selectedEventId }: { frame: HttpFrame; selectedEventId: string | null }) {
  const durations = frameDurations(frame);
  const total = durations.total ?? 0;
  const { response, a2a } = frame;
  const marks = frame.secrets;
  const events = useExchangeEvents(frame.id);
  const [showCurl, setShowCurl] = useState(false);
  const [showDiff, setShowDiff] = useState(false);
  const pinnedId = usePinStore((state) => state.pinnedFrameId);
  const togglePin = usePinStore((state) => state.togglePin);
  const pinned = useFrame(pinnedId);
  const pinnedEvents = useExchangeEvents(pinned?.kind === 'http' ? pinned.id : undefined);
  const pinnedNumber = useExchangeNumber(pinnedId);
  const envelope = useMemo(() => describeEnvelope(frame), [frame]);
  const canDiff = pinned?.kind === 'http' && pinned.id !== frame.id;

  return (
    <div className="inspector" data-testid="frame-inspector">
      <h2 className="frame-title">
        <span className="method">{frame.request.method}</span>{' '}
        <span className="url">{maskUrl(frame.request.url, marks ?? [])}</span>
        {oauthStepLabel(frame.source) && (
          <span className="frame-tag" data-testid="inspector-frame-tag">
            {oauthStepLabel(frame.source)}
          </span>
        )}
        {frame.proxied && <ViaProxyTag info={frame.proxied} testId="inspector-proxy-tag" />}
      </h2>
      <FrameActions
        frame={frame}
        pinned={pinnedId === frame.id}
        onTogglePin={() => togglePin(frame.id)}
        canDiff={canDiff}
        pinnedNumber={pinnedNumber}
        showDiff={showDiff}
        onToggleDiff={() => setShowDiff(!showDiff)}
        showCurl={showCurl}
        onToggleCurl={() => setShowCurl(!showCurl)}
      />
      {showCurl && <CurlPanel frame={frame} />}
      {showDiff && canDiff && (
        <FrameDiff
          before={pinned}
          beforeEvents={pinnedEvents}
          beforeNumber={pinnedNumber}
          after={frame}
          afterEvents={events}
        />
      )}
      <FrameStatus frame={frame} />
      {frame.proxied && <ProxiedSection info={frame.proxied} />}
      <SelectedEventFaults events={events} selectedEventId={selectedEventId} />
      <div className="timing" data-testid="frame-timing">
        <TimingBar label="Connect" ms={durations.connect} total={total} />
        <TimingBar label="First byte" ms={durations.firstByte} total={total} />
        <TimingBar label="Total" ms={durations.total} total={total} />
      </div>
      {frame.connection && <ConnectionSection connection={frame.connection} />}
      {a2a && <FrameA2a a2a={a2a} />}
      {envelope && <EnvelopeNotes note={envelope} />}
      <FindingsList findings={frame.findings ?? []} testId="frame-findings" generation={a2a?.generation} />
      {response && (
        <ResponseSection
          frame={frame}
          response={response}
          events={events}
          selectedEventId={selectedEventId}
        />
      )}
      <RequestDetails frame={frame} />
    </div>
  );
}

/** Why the exchange failed, if it did, and the answer's status line, or that it is still awaited. */
function FrameStatus({ frame }: { frame: HttpFrame }) {
  const { response } = frame;
  return (
    <>
      {frame.error && (
        <div
          className="frame-error"
          role="alert"
          data-testid="frame-error"
          data-error-kind={frame.error.kind}
        >
          <strong>{frame.error.label}</strong>
          <span>{frame.error.message}</span>
          {frame.error.code && <code>{frame.error.code}</code>}
        </div>
      )}
      {response ? (
        <p className="frame-status" data-testid="frame-status" data-status={response.status}>
          <span className={`status status-${Math.floor(response.status / 100)}xx`}>{response.status}</span>{' '}
          {response.statusText} <span className="muted">HTTP/{response.httpVersion}</span>
          {frame.remote && (
            <span className="muted">
              {' '}
              · {frame.remote.address}:{frame.remote.port}
            </span>
          )}
        </p>
      ) : (
        !frame.error && <p className="muted">Waiting for the answer…</p>
      )}
    </>
  );
}

/** The A2A operation the exchange was, with the task and context it named. */
function FrameA2a({ a2a }: { a2a: NonNullable<HttpFrame['a2a']> }) {
  return (
    <p className="frame-a2a" data-testid="frame-a2a">
      <strong>{a2a.operation}</strong> · A2A {a2a.generation} · {a2a.binding}
      {a2a.taskId && (
        <>
          {' '}
          · task <code>{a2a.taskId}</code>
        </>
      )}
      {a2a.contextId && (
        <>
          {' '}
          · context <code>{a2a.contextId}</code>
        </>
      )}
    </p>
  );
}

function TimingBar({ label, ms, total }: { label: string; ms: number | undefined; total: number }) {
  const width = ms !== undefined && total > 0 ? Math.max(1, (ms / total) * 100) : 0;
  return (
    <div className="timing-row">
      <span className="timing-label">{label}</span>
      <span className="timing-track" aria-hidden="true">
        <span className="timing-fill" style={{ width: `${width}%` }} />
      </span>
      <span className="timing-value">{formatMs(ms)}</span>
    </div>
  );
}

function WebhookFrameDetail({ frame }: { frame: WebhookFrame }) {
  return (
    <div className="inspector" data-testid="webhook-inspector">
      <h2 className="frame-title">
        Push delivery · {frame.request.method} {frame.request.url}
      </h2>
      <p className={frame.verdict.accepted ? 'outcome' : 'outcome error'} data-testid="webhook-verdict">
        {frame.verdict.status} · {frame.verdict.reason}
      </p>
      <h3>Request headers</h3>
      <HeadersTable headers={frame.request.headers} testId="webhook-headers" />
      {frame.request.body && (
        <BodyViewer
          body={frame.request.body}
          contentType={headerValue(frame.request.headers, 'content-type')}
          modelPath={`frame/${frame.id}/push`}
        />
      )}
    </div>
  );
}

/** A fault the proxy put into one event of a stream (PRX-4, a corrupted event), said when that event is selected. */
function SelectedEventFaults({
  events,
  selectedEventId,
}: {
  events: SseFrame[];
  selectedEventId: string | null;
}) {
  const event = selectedEventId === null ? undefined : events.find((e) => e.id === selectedEventId);
  if (!event?.proxied?.faults?.length) return null;
  return <ProxiedSection info={event.proxied} heading="Via proxy: the selected event" />;
}
