// The live timeline (TL-1): a state strip per task, then every entry — requests, answers, SSE events, keep-alives,
// stream ends — with its time, the gap since the previous entry of its exchange, and its size. The list is
// virtualized, so a long session scrolls as smoothly as a short one; selecting an entry selects its frame.

import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { useAppStore } from '../../store/appStore';
import { formatBytes } from '../frames/frameFormat';
import { StateStrip } from './StateStrip';

const ROW_HEIGHT = 26;

export function TimelineView() {
  const timeline = useAppStore((state) => state.timeline);
  const version = useAppStore((state) => state.timelineVersion);
  const selectedFrameId = useAppStore((state) => state.selectedFrameId);
  const selectFrame = useAppStore((state) => state.selectFrame);
  const activeAgentId = useAppStore((state) => state.activeAgentId);
  const [filter, setFilter] = useState('');
  const { entries, tasks } = useMemo(() => {
    void version;
    const needle = filter.trim().toLowerCase();
    return {
      entries: needle
        ? timeline.entries.filter((e) =>
            `${e.label} ${e.taskId ?? ''} ${e.operation ?? ''} ${e.kind}`.toLowerCase().includes(needle),
          )
        : [...timeline.entries],
      tasks: timeline.taskList().filter((t) => !activeAgentId || t.agentId === activeAgentId),
    };
  }, [timeline, version, filter, activeAgentId]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });
  const origin = timeline.entries[0]?.at ?? 0;

  if (timeline.entries.length === 0) {
    return (
      <div className="empty-state">
        <p>Live events, task states and timings will appear here as they arrive.</p>
      </div>
    );
  }
  return (
    <div className="timeline" data-testid="timeline">
      <div className="state-strips">
        {tasks.map((task) => (
          <StateStrip key={task.id} task={task} />
        ))}
      </div>
      <input
        className="filter"
        type="search"
        placeholder="Filter by kind, state, task, operation…"
        aria-label="Filter the timeline"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        data-testid="timeline-filter"
      />
      <div className="timeline-scroller" ref={scroller}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const entry = entries[row.index]!;
            return (
              <button
                type="button"
                key={entry.id}
                className={`timeline-entry kind-${entry.kind}${entry.severity ? ` ${entry.severity}` : ''}${entry.frameId === selectedFrameId ? ' selected' : ''}`}
                style={{ position: 'absolute', top: row.start, height: ROW_HEIGHT, left: 0, right: 0 }}
                onClick={() => selectFrame(entry.frameId)}
                data-testid="timeline-entry"
                data-kind={entry.kind}
                data-state={entry.state}
              >
                <span className="t">+{(entry.at - origin).toFixed(0)} ms</span>
                <span className="gap">{entry.gapMs !== undefined ? `Δ${entry.gapMs.toFixed(0)}` : ''}</span>
                <span className="label">{entry.label}</span>
                <span className="size">{entry.size !== undefined ? formatBytes(entry.size) : ''}</span>
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}
