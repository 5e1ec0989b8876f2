// The list of traces: id, first operation, exchanges, duration and failures. Each row is a button, so the list is
// reachable from the keyboard; the picked one is pressed.

import type { TraceSummary } from '../../../shared/timeline/traces';
import { formatMs } from '../../ui/frameFormat';

export function TraceList({
  traces,
  selected,
  onSelect,
}: {
  traces: readonly TraceSummary[];
  selected: string | undefined;
  onSelect: (traceId: string) => void;
}) {
  return (
    <div className="trace-list" role="group" aria-label="Traces" data-testid="trace-list">
      <div className="trace-row trace-head" aria-hidden="true">
        <span>trace</span>
        <span>first operation</span>
        <span>exchanges</span>
        <span>duration</span>
        <span>failed</span>
      </div>
      {traces.map((trace) => (
        <button
          type="button"
          key={trace.traceId}
          className={`trace-row${trace.traceId === selected ? ' selected' : ''}`}
          aria-pressed={trace.traceId === selected}
          onClick={() => onSelect(trace.traceId)}
          data-testid="trace-row"
          data-trace-id={trace.traceId}
          data-hops={trace.hops}
        >
          <span className="mono" title={trace.traceId}>
            {trace.traceId.slice(0, 12)}…
          </span>
          <span>{trace.rootOperation}</span>
          <span>{trace.hops}</span>
          <span>{formatMs(trace.durationMs)}</span>
          <span className={trace.errors > 0 ? 'error-text' : ''}>{trace.errors}</span>
        </button>
      ))}
    </div>
  );
}
