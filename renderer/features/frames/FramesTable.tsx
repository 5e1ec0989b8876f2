// Every recorded exchange, oldest first, like the Network panel of browser developer tools (FRM-1): method, URL,
// status, the A2A operation and task, size, and a bar of the exchange's phases. Stream events belong to their
// exchange's row (the inspector lists them). Virtualized, so thousands of rows scroll like ten; arrow keys move the
// selection while the list has focus.

import { SearchBar } from './SearchBar';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, type KeyboardEvent } from 'react';
import { filterOptions, passingExchangeIds } from '../../../shared/search/frameFilter';
import type { HttpFrame } from '../../../shared/wire/frame';
import { maskUrl } from '../../../shared/wire/secretMask';
import { oauthStepLabel } from '../../../shared/wire/oauthStep';
import { useViewStore, useViewStoreApi } from '../../store/viewStore';
import {
  formatMs,
  frameDurations,
  frameOutcome,
  frameSearchText,
  frameSizeLabel,
  timingSegments,
} from '../../ui/frameFormat';
import { FilterBar } from './FilterBar';
import { useFilterStore } from './filterStore';
import { usePinStore } from './pinStore';
import { ViaProxyTag } from './ViaProxyTag';
import './frames.css';

const ROW_HEIGHT = 26;

interface Row {
  frame: HttpFrame;
  /** Position among all exchanges, so numbers stay put while a filter hides rows. */
  number: number;
}

/** The exchange a selection belongs to: the selected exchange itself, or the one carrying a selected event. */
function useSelectedExchangeId(): string | null {
  return useViewStore((state) => {
    const id = state.selectedFrameId;
    if (id === null) return null;
    const index = state.frameIndex.get(id);
    const frame = index === undefined ? undefined : state.frames[index];
    return frame?.kind === 'sse' ? frame.exchangeId : id;
  });
}

/**
 * The exchanges the table lists, numbered in arrival order, and those the text filter and the filter bar let
 * through. The frames list changes in place (store/framesSlice.ts): its version says when.
 */
function useShownExchanges(filter: string, filters: ReturnType<typeof useFilterStore.getState>['filters']) {
  const allFrames = useViewStore((state) => state.frames);
  const version = useViewStore((state) => state.framesVersion);
  const passing = useMemo(() => {
    void version;
    return passingExchangeIds(allFrames, filters);
  }, [allFrames, version, filters]);
  const exchanges = useMemo(() => {
    void version;
    const rows: Row[] = [];
    for (const frame of allFrames) if (frame.kind === 'http') rows.push({ frame, number: rows.length + 1 });
    return rows;
  }, [allFrames, version]);
  const rows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!needle && !passing) return exchanges;
    return exchanges.filter(
      (row) =>
        (!passing || passing.has(row.frame.id)) && (!needle || frameSearchText(row.frame).includes(needle)),
    );
  }, [exchanges, filter, passing]);
  return { exchanges, rows, passing };
}

export function FramesTable() {
  const store = useViewStoreApi();
  const selectFrame = useViewStore((state) => state.selectFrame);
  const selectedId = useSelectedExchangeId();
  const pinnedId = usePinStore((state) => state.pinnedFrameId);
  const filter = useFilterStore((state) => state.framesText);
  const setFilter = useFilterStore((state) => state.setFramesText);
  const filters = useFilterStore((state) => state.filters);
  const setFilters = useFilterStore((state) => state.setFilters);
  const { exchanges, rows, passing } = useShownExchanges(filter, filters);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });

  if (exchanges.length === 0) {
    return (
      <div className="empty-state" data-testid="frames-empty">
        <p>No frames yet. Every request the host makes will be listed here with its exact bytes.</p>
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = rows.findIndex((row) => row.frame.id === selectedId);
    const next = nextRow(event.key, at, rows.length);
    if (next === undefined) return;
    event.preventDefault();
    const row = next === 'inspect' ? undefined : rows[next];
    if (!row || next === 'inspect') return;
    selectFrame(row.frame.id);
    virtualizer.scrollToIndex(next);
  };

  return (
    <div className="frames-view">
      <SearchBar />
      <input
        className="frames-filter"
        type="search"
        placeholder="Filter by method, URL, status, operation, task…"
        aria-label="Filter the frames"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        data-testid="frames-filter"
      />
      <FilterBar
        name="frames"
        filters={filters}
        onChange={setFilters}
        options={() => filterOptions(store.getState().frames)}
        shown={{ shown: rows.length, total: exchanges.length }}
        onClear={() => setFilter('')}
      />
      <div
        className="frames-grid"
        role="grid"
        aria-label="Exchanges"
        aria-rowcount={rows.length + 1}
        aria-activedescendant={selectedId ? `frame-row-${selectedId}` : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="frames-table"
      >
        <div className="frames-row frames-head" role="row">
          <span role="columnheader">#</span>
          <span role="columnheader">Method</span>
          <span role="columnheader">URL</span>
          <span role="columnheader">Status</span>
          <span role="columnheader">A2A operation · task</span>
          <span role="columnheader">Size</span>
          <span role="columnheader">Timing</span>
        </div>
        {rows.length === 0 && (
          <p className="empty" data-testid="frames-no-match">
            {filter ? `No exchange matches “${filter}”` : 'No exchange passes the filters'}
            {filter && passing ? ' and the filters.' : '.'}
          </p>
        )}
        {/* Focusable so the list can be scrolled from the keyboard too (axe: scrollable-region-focusable). */}
        <div className="frames-scroller" ref={scroller} role="rowgroup" tabIndex={0}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]!;
              return (
                <FrameRow
                  key={row.frame.id}
                  row={row}
                  top={item.start}
                  selected={row.frame.id === selectedId}
                  pinned={row.frame.id === pinnedId}
                  onSelect={() => selectFrame(row.frame.id)}
                />
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}

function FrameRow({
  row,
  top,
  selected,
  pinned,
  onSelect,
}: {
  row: Row;
  top: number;
  selected: boolean;
  pinned: boolean;
  onSelect: () => void;
}) {
  const { frame, number } = row;
  const a2a = frame.a2a;
  // An OAuth request (a token refresh, a revocation) has no A2A operation; its tag says which step it was.
  const tag = a2a ? undefined : oauthStepLabel(frame.source);
  const operation = a2a ? (a2a.rpc?.method ?? a2a.operation) : '';
  return (
    <div
      role="row"
      id={`frame-row-${frame.id}`}
      className={`frames-row${selected ? ' selected' : ''}`}
      style={{ position: 'absolute', top, height: ROW_HEIGHT, left: 0, right: 0 }}
      aria-selected={selected}
      onClick={onSelect}
      data-testid="frame-row"
      data-frame-id={frame.id}
      data-state={frame.state ?? 'done'}
      data-pinned={pinned ? 'true' : undefined}
    >
      <span role="gridcell" className="number">
        {pinned && (
          <span className="pin-mark" title="Pinned for comparison" aria-label="pinned">
            ◆
          </span>
        )}
        {number}
      </span>
      <span role="gridcell" className="method">
        {frame.request.method}
      </span>
      <UrlCell url={maskUrl(frame.request.url, frame.secrets ?? [])} />
      <span role="gridcell" className={frame.error ? 'error' : undefined} data-testid="frame-row-status">
        {frameOutcome(frame)}
      </span>
      <span
        role="gridcell"
        className="operation"
        title={a2a?.taskId ? `${operation} · task ${a2a.taskId}` : operation}
        data-task-id={a2a?.taskId}
      >
        {operation}
        {tag && (
          <span className="frame-tag" data-testid="frame-row-tag">
            {tag}
          </span>
        )}
        {frame.proxied && <ViaProxyTag info={frame.proxied} testId="frame-row-proxy" />}
        {a2a?.taskId && <span className="task"> · {a2a.taskId}</span>}
      </span>
      <span role="gridcell" className="size">
        {frameSizeLabel(frame)}
      </span>
      <span role="gridcell" className="timing-cell">
        <TimingBar frame={frame} />
        <span className="total">{formatMs(frameDurations(frame).total)}</span>
      </span>
    </div>
  );
}

/** Path first, where exchanges with one agent differ; the origin after it, muted; the whole URL on hover. */
function UrlCell({ url }: { url: string }) {
  // Split as text, not with URL(), which would re-encode what was recorded (a masked query, for one).
  const parts = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)(.*)$/i.exec(url);
  const origin = parts?.[1] ?? '';
  const path = parts ? parts[2] || '/' : url;
  return (
    <span role="gridcell" className="url" title={url}>
      {path}
      {origin && <span className="origin"> {origin}</span>}
    </span>
  );
}

/** Connect, wait and receive as shares of the exchange's own length; a running exchange is striped. */
function TimingBar({ frame }: { frame: HttpFrame }) {
  const segments = timingSegments(frame);
  return (
    <span
      className={`frame-timing-bar${segments.running ? ' running' : ''}`}
      title={segments.title}
      aria-label={segments.title}
      data-testid="frame-timing-bar"
    >
      <span className="connect" style={{ width: `${segments.connect}%` }} />
      <span className="wait" style={{ width: `${segments.wait}%` }} />
      <span className="receive" style={{ width: `${segments.receive}%` }} />
    </span>
  );
}

/** The pane FrameInspector sits in (layout's InspectorPane): focus goes there when Enter opens a row. */
export const INSPECTOR_PANE_ID = 'inspector-pane';

/**
 * The row a key moves to from `at` (-1: none picked), undefined for a key that does not move, or `inspect`: Enter
 * on a picked row moves focus into the inspector (INSPECTOR_PANE_ID), and Escape there brings it back.
 */
function nextRow(key: string, at: number, count: number): number | 'inspect' | undefined {
  if (key === 'Enter' && at !== -1) {
    document.getElementById(INSPECTOR_PANE_ID)?.focus();
    return 'inspect';
  }
  switch (key) {
    case 'ArrowDown':
      return at === -1 ? 0 : Math.min(count - 1, at + 1);
    case 'ArrowUp':
      return Math.max(0, at - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
