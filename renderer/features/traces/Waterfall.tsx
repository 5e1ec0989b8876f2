// The waterfall of one trace: a row per exchange in call order, indented by depth, with a bar from its start to its
// end on the trace's time scale: lighter until the first byte, darker while the answer (or the stream) came, a tick
// per stream event. A row is a button that opens its frame in the inspector, as the timeline's entries do.

import type { TraceDetail, WaterfallRow } from '../../../shared/timeline/traces';
import { useAppStore } from '../../store/appStore';
import { formatMs } from '../../ui/frameFormat';

const percent = (ms: number, total: number): string => `${Math.min(100, Math.max(0, (ms / total) * 100))}%`;

function rowWords(row: WaterfallRow): string {
  const parts = [`starts at ${formatMs(row.start)}`];
  if (row.firstByte !== undefined) parts.push(`first byte at ${formatMs(row.firstByte)}`);
  parts.push(`ends at ${formatMs(row.end)}`);
  if (row.streamMs !== undefined)
    parts.push(`streamed ${row.events.length} events in ${formatMs(row.streamMs)}`);
  if (row.failed) parts.push('failed');
  if (row.faults.length > 0) parts.push(`faults injected: ${row.faults.join('; ')}`);
  return parts.join(', ');
}

export function Waterfall({ detail }: { detail: TraceDetail }) {
  const selectedFrameId = useAppStore((state) => state.selectedFrameId);
  const selectFrame = useAppStore((state) => state.selectFrame);
  const total = Math.max(detail.durationMs, 1);
  return (
    <div className="waterfall" data-testid="waterfall">
      <div className="waterfall-scale muted" aria-hidden="true">
        <span>0</span>
        <span>{formatMs(detail.durationMs)}</span>
      </div>
      {detail.rows.map((row) => (
        <button
          type="button"
          key={row.frameId}
          className={`waterfall-row${row.frameId === selectedFrameId ? ' selected' : ''}${row.failed ? ' failed' : ''}`}
          onClick={() => selectFrame(row.frameId)}
          title={rowWords(row)}
          data-testid="waterfall-row"
          data-frame-id={row.frameId}
          data-depth={row.depth}
          data-selected={row.frameId === selectedFrameId}
        >
          <span className="waterfall-label" style={{ paddingLeft: `${row.depth * 14}px` }}>
            <span className="waterfall-op">{row.operation}</span>
            <span className="muted">
              {' '}
              {row.from} → {row.to}
            </span>
            {row.faults.length > 0 && <span className="fault-tag"> fault</span>}
          </span>
          <span className="waterfall-track" aria-hidden="true">
            <span
              className="bar-wait"
              style={{
                left: percent(row.start, total),
                width: percent((row.firstByte ?? row.end) - row.start, total),
              }}
            />
            {row.firstByte !== undefined && (
              <span
                className="bar-body"
                style={{
                  left: percent(row.firstByte, total),
                  width: percent(row.end - row.firstByte, total),
                }}
              />
            )}
            {row.events.map((at, i) => (
              <span key={i} className="bar-event" style={{ left: percent(at, total) }} />
            ))}
          </span>
          <span className="waterfall-time">{formatMs(row.end - row.start)}</span>
        </button>
      ))}
    </div>
  );
}
