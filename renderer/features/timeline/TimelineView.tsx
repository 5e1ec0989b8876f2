// The live timeline (TL-1): a state strip per task, then every entry — requests, answers, SSE events, keep-alives,
// stream ends — with its time, the gap since the previous entry of its exchange, and its size. The list is
// virtualized, so a long session scrolls as smoothly as a short one; selecting an entry selects its frame.

import { useEffect, useMemo, useRef } from 'react';
import { filterOptions, passingFrameIds } from '../../../shared/search/frameFilter';
import type { EntryRows } from '../../../shared/timeline/entryTable';
import { taskKey } from '../../../shared/timeline/taskViews';
import { useViewStore, useViewStoreApi } from '../../store/viewStore';
import { formatBytes } from '../../ui/frameFormat';
import { FilterBar, useFilterStore, ViaProxyTag } from '../frames';
import { StateStrip } from './StateStrip';
import { onListArrowKeys } from '../../ui/listKeys';
import { useFixedRows } from '../../ui/useFixedRows';
import { needleOf, shownRows, type TextMatches } from './shownRows';

const ROW_HEIGHT = 26;

export function TimelineView() {
  const timeline = useViewStore((state) => state.timeline);
  const version = useViewStore((state) => state.timelineVersion);
  const selectedFrameId = useViewStore((state) => state.selectedFrameId);
  const selectFrame = useViewStore((state) => state.selectFrame);
  const activeAgentId = useViewStore((state) => state.activeAgentId);
  const frames = useViewStore((state) => state.frames);
  // The list changes in place (store/framesSlice.ts): its version says when.
  const framesVersion = useViewStore((state) => state.framesVersion);
  const store = useViewStoreApi();
  const frameIndex = useViewStore((state) => state.frameIndex);
  const filter = useFilterStore((state) => state.timelineText);
  const setFilter = useFilterStore((state) => state.setTimelineText);
  const filters = useFilterStore((state) => state.filters);
  const setFilters = useFilterStore((state) => state.setFilters);
  // An entry passes when its frame does (an exchange's end entry is its exchange frame's), by the host's rule.
  const passing = useMemo(() => {
    void framesVersion;
    return passingFrameIds(frames, filters);
  }, [frames, framesVersion, filters]);
  const matches = useRef<TextMatches | undefined>(undefined);
  const { picked, count, tasks } = useMemo(() => {
    void version;
    // Row numbers into the model's entries, which it keeps by column: an entry is made only for the rows on screen.
    const shown = shownRows(matches, timeline, needleOf(filter), passing);
    return {
      ...shown,
      tasks: timeline.taskList().filter((t) => !activeAgentId || t.agentId === activeAgentId),
    };
  }, [timeline, version, filter, activeAgentId, passing]);
  // Rows are all ROW_HEIGHT high, so which are in view is arithmetic (ui/fixedRows.ts), whatever the count.
  const virtualizer = useFixedRows(count, ROW_HEIGHT, 20);
  const entries = timeline.rows;
  const origin = entries.timeAt(0) ?? 0;
  // A frame selected elsewhere (a conversation item, the frames table) scrolls its entry into view (TL-4). Only a
  // change of selection scrolls: new entries arriving must not pull the list back to it.
  useEffect(() => {
    if (!selectedFrameId) return;
    const index = lastIndexOf(entries, picked, selectedFrameId);
    if (index >= 0) virtualizer.scrollToIndex(index);
  }, [selectedFrameId]);

  if (entries.length === 0) {
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
          <StateStrip key={taskKey(task.agentId, task.id)} task={task} />
        ))}
      </div>
      <p className="timeline-count muted" data-testid="timeline-count" data-events={timeline.counts.event}>
        {entries.length.toLocaleString()} entries · {timeline.counts.event.toLocaleString()} events
        {' · ordered by arrival'}
      </p>
      <input
        className="filter"
        type="search"
        placeholder="Filter by kind, state, task, operation…"
        aria-label="Filter the timeline"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        data-testid="timeline-filter"
      />
      <FilterBar
        name="timeline"
        filters={filters}
        onChange={setFilters}
        options={() => filterOptions(store.getState().frames)}
        shown={{ shown: count, total: entries.length }}
        onClear={() => setFilter('')}
      />
      <div className="timeline-scroller" ref={virtualizer.scrollerRef} onKeyDown={onListArrowKeys}>
        <div style={{ height: virtualizer.totalSize, position: 'relative' }}>
          {virtualizer.rows.map((row) => {
            const entry = entries.at(picked ? picked[row.index]! : row.index)!;
            const frame = frames[frameIndex.get(entry.frameId) ?? -1];
            const proxied = frame && frame.kind !== 'webhook' ? frame.proxied : undefined;
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
                data-task-id={entry.taskId}
                data-operation={entry.operation}
              >
                <span className="t">+{(entry.at - origin).toFixed(0)} ms</span>
                <span className="gap">{entry.gapMs !== undefined ? `Δ${entry.gapMs.toFixed(0)}` : ''}</span>
                <span className="label">
                  {entry.label}
                  {proxied && <ViaProxyTag info={proxied} testId="timeline-proxy-tag" />}
                </span>
                <span className="size">{entry.size !== undefined ? formatBytes(entry.size) : ''}</span>
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/**
 * The list position of the entry a frame opened (an exchange's request, not its end), searched from the end: recent
 * is likely.
 */
function lastIndexOf(entries: EntryRows, picked: readonly number[] | undefined, frameId: string): number {
  const count = picked ? picked.length : entries.length;
  for (let i = count - 1; i >= 0; i--) if (entries.idAt(picked ? picked[i]! : i) === frameId) return i;
  return -1;
}
