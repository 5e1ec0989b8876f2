// The inspector pane: one frame in full — outcome, timing, headers both ways, and the exact body.

import type { HttpFrame, SseFrame, WebhookFrame } from '../../../shared/wire/frame';
import { useAppStore } from '../../store/appStore';
import { BodyViewer } from './BodyViewer';
import { formatMs, frameDurations, headerValue } from './frameFormat';
import { HeadersTable } from './HeadersTable';

export function FrameInspector() {
  const frame = useAppStore((state) => state.frames.find((f) => f.id === state.selectedFrameId));
  if (!frame) {
    return (
      <div className="inspector empty-state" data-testid="inspector-empty">
        <h2>Inspector</h2>
        <p>Send a request from the address bar, or pick a frame, to see every byte of the exchange here.</p>
      </div>
    );
  }
  if (frame.kind === 'sse') return <SseFrameDetail frame={frame} />;
  if (frame.kind === 'webhook') return <WebhookFrameDetail frame={frame} />;
  return <HttpFrameDetail frame={frame} />;
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

function SseFrameDetail({ frame }: { frame: SseFrame }) {
  return (
    <div className="inspector" data-testid="sse-inspector">
      <h2 className="frame-title">
        SSE {frame.dispatched ? `event #${frame.event?.index ?? 0}` : 'block'} · bytes {frame.offset.start}–
        {frame.offset.end}
      </h2>
      {frame.findings?.map((finding, i) => (
        <p key={i} className="finding" data-severity={finding.severity}>
          {finding.message}
        </p>
      ))}
      <pre className="sse-raw">{frame.raw}</pre>
    </div>
  );
}

/** The events of a streamed exchange, in arrival order. */
function StreamEvents({ exchangeId }: { exchangeId: string }) {
  const frames = useAppStore((state) => state.frames);
  const selectFrame = useAppStore((state) => state.selectFrame);
  const events = frames.filter((f): f is SseFrame => f.kind === 'sse' && f.exchangeId === exchangeId);
  return (
    <ol className="stream-events" data-testid="stream-events">
      {events.map((event) => (
        <li key={event.id}>
          <button type="button" onClick={() => selectFrame(event.id)}>
            {event.dispatched ? (event.a2a?.state ?? event.a2a?.item ?? event.event?.type) : 'keep-alive'}
            {event.findings?.some((f) => f.severity === 'error') ? ' ⚠' : ''}
          </button>
        </li>
      ))}
    </ol>
  );
}

function HttpFrameDetail({ frame }: { frame: HttpFrame }) {
  const durations = frameDurations(frame);
  const total = durations.total ?? 0;
  const response = frame.response;
  return (
    <div className="inspector" data-testid="frame-inspector">
      <h2 className="frame-title">
        <span className="method">{frame.request.method}</span>{' '}
        <span className="url">{frame.request.url}</span>
      </h2>
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
      {response && (
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
      )}
      <div className="timing" data-testid="frame-timing">
        <TimingBar label="Connect" ms={durations.connect} total={total} />
        <TimingBar label="First byte" ms={durations.firstByte} total={total} />
        <TimingBar label="Total" ms={durations.total} total={total} />
      </div>
      {response && (
        <>
          <h3>Response headers</h3>
          <HeadersTable headers={response.headers} testId="response-headers" />
          {frame.stream && (
            <>
              <h3>Stream ({frame.stream.events} events)</h3>
              <StreamEvents exchangeId={frame.id} />
            </>
          )}
          <h3>Response body</h3>
          <BodyViewer
            body={response.body}
            contentType={headerValue(response.headers, 'content-type')}
            modelPath={`frame/${frame.id}/response`}
          />
        </>
      )}
      <details className="request-details">
        <summary>Request headers ({frame.request.headers.length})</summary>
        <HeadersTable headers={frame.request.headers} testId="request-headers" />
      </details>
    </div>
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
