// An SSE event over the per-event cap (FRM-8): the host stored it on disk whole rather than drop it, so it shows as a
// placeholder with its size and a Load button (progress and Cancel while it loads, UX-5); once loaded, its text is
// shown as text (never markup), the first part of it only, since the point of the cap is that the whole may be too
// much to lay out.

import { formatSize } from './media';
import { useStoredEventLoad } from './useStoredEventLoad';
import { StoredLoadStatus } from './StoredLoadStatus';

/** Characters of a loaded event laid out on the page. */
const SHOWN_CHARS = 64 * 1024;

export function StoredEvent({ stored }: { stored: { sha256: string; size: number } }) {
  const { state, load, cancel } = useStoredEventLoad(stored);
  const size = formatSize(stored.size);
  if (state.status === 'loaded') {
    const more = state.text.length - SHOWN_CHARS;
    return (
      <div className="stored-event" data-testid="stored-event" data-loaded="true" data-bytes={state.bytes}>
        <p className="muted">
          Event of {formatSize(state.bytes)} loaded from disk
          {more > 0 && `; its first ${SHOWN_CHARS.toLocaleString('en')} characters are shown`}.
        </p>
        <pre className="sse-raw" data-testid="stored-event-text">
          {more > 0 ? state.text.slice(0, SHOWN_CHARS) : state.text}
        </pre>
      </div>
    );
  }
  return (
    <div className="stored-event" data-testid="stored-event" data-loaded="false">
      <span>Event of {size} over the per-event cap: stored on disk, not decoded. </span>
      <button
        type="button"
        className="render-action"
        data-testid="load-stored-event"
        disabled={state.status === 'loading'}
        onClick={load}
      >
        {state.status === 'loading'
          ? `Loading ${formatSize(state.read)} of ${size}…`
          : state.status === 'failed'
            ? `Try again: load ${size} from disk`
            : `Load ${size}`}
      </button>
      <StoredLoadStatus
        view={
          state.status === 'loading'
            ? { status: 'loading', done: state.read, total: stored.size, startedAt: state.startedAt }
            : state.status === 'cancelled' || state.status === 'failed'
              ? state
              : { status: 'other' }
        }
        label={`Loading the event of ${size} from disk`}
        testIdPrefix="stored-event"
        onCancel={cancel}
      />
    </div>
  );
}
