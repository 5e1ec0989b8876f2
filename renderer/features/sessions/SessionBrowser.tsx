// Browse mode (issue 9): a session too large to replay in the window is listed one row per frame, the rows read
// from the host's index of the file as they scroll into view. Opening a row loads the frames around it into the
// inspector, which then shows that exchange in full as it would live.

import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { HostApi } from '../../../shared/host-api';
import type { SessionRow } from '../../../shared/session/sessionRows';
import type { SessionSummary } from '../../../shared/session/types';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';
import { formatBytes } from '../frames/frameFormat';
import { BrowseRows } from './browseRows';

const ROW_HEIGHT = 24;
/** Frames loaded on each side of an opened row, so that a stream event comes with its exchange. */
const AROUND = 400;

export function SessionBrowser({ session }: { session: SessionSummary }) {
  const host = useHost();
  const [, rendered] = useReducer((n: number) => n + 1, 0);
  const rows = useMemo(
    () => new BrowseRows(host, session.sessionId, session.frameCount, rendered),
    [host, session.sessionId, session.frameCount],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: session.frameCount,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => rows.want(first, last), [rows, first, last]);
  const selected = useAppStore((state) => state.selectedFrameId);
  const open = useOpenRow(session);
  const origin = session.startedAt ?? 0;
  const find = useFindRow(session, (row) => {
    virtualizer.scrollToIndex(row.index, { align: 'center' });
    open(row);
  });

  return (
    <div
      className="session-browser"
      data-testid="session-browser"
      data-ready={rows.row(0) ? 'true' : 'false'}
    >
      <p className="muted browse-note">
        {session.frameCount.toLocaleString()} frames, read from disk as you scroll. Open a row to see its
        exchange.
      </p>
      <form
        className="browse-find"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          find.next();
        }}
      >
        <input
          type="search"
          placeholder="Find a row: task, state, label, error…"
          aria-label="Find a row"
          value={find.query}
          onChange={(event) => find.setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') find.stop();
          }}
          data-testid="browse-find"
        />
        <button type="submit" disabled={!find.query.trim()} data-testid="browse-find-next">
          Find next
        </button>
        <span className="muted" role="status" data-testid="browse-find-status">
          {find.status}
        </span>
      </form>
      {rows.error && (
        <p className="error" role="alert" data-testid="browse-error">
          {rows.error}
        </p>
      )}
      <div className="browse-scroller" ref={scroller} data-testid="browse-scroller">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rows.row(item.index);
            const style = {
              position: 'absolute' as const,
              top: item.start,
              height: ROW_HEIGHT,
              left: 0,
              right: 0,
            };
            if (!row) {
              return (
                <div key={item.index} className="browse-row pending" style={style} data-index={item.index}>
                  <span className="n">{item.index + 1}</span>
                  <span className="muted">…</span>
                </div>
              );
            }
            return (
              <button
                type="button"
                key={item.index}
                className={`browse-row kind-${row.kind}${row.severity ? ` ${row.severity}` : ''}${row.frameId === selected ? ' selected' : ''}`}
                style={style}
                onClick={() => open(row)}
                data-testid="browse-row"
                data-index={row.index}
              >
                <span className="n">{row.index + 1}</span>
                <span className="t">+{formatOffset(row.at - origin)}</span>
                <span className="label">{row.label}</span>
                <span className="task">{row.taskId ?? ''}</span>
                <span className="size">{row.size !== undefined ? formatBytes(row.size) : ''}</span>
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** Loads the frames around a row into the views and selects it. */
function useOpenRow(session: SessionSummary) {
  const host = useHost();
  const replaceFrames = useAppStore((state) => state.replaceFrames);
  const selectFrame = useAppStore((state) => state.selectFrame);
  const notify = useAppStore((state) => state.notifySession);
  return (row: SessionRow) => {
    const sessionId = session.sessionId;
    const from = Math.max(0, row.index - AROUND);
    const load = async () => {
      const { frames } = await host.readSessionFrames({ sessionId, from, count: 2 * AROUND + 1 });
      const exchangeId = row.exchangeId;
      if (exchangeId !== undefined && !frames.some((frame) => frame.id === exchangeId)) {
        // A long stream: its exchange is further back than the window; found by its row and put first.
        const at = await findRowBefore(host, sessionId, from, exchangeId);
        if (at !== undefined)
          frames.unshift(...(await host.readSessionFrames({ sessionId, from: at, count: 1 })).frames);
      }
      return frames;
    };
    load()
      .then((frames) => {
        replaceFrames(frames);
        selectFrame(row.frameId);
      })
      .catch((error: unknown) =>
        notify({ tone: 'error', text: `Frame ${row.index + 1} could not be read: ${String(error)}` }),
      );
  };
}

/**
 * Find next: asks the host for the next matching row after the last one found, a slice of the file at a time (the
 * status says how far it got), wrapping round to the top once; a new query or Escape stops a search under way.
 */
function useFindRow(session: SessionSummary, show: (row: SessionRow) => void) {
  const host = useHost();
  const [query, setQueryState] = useState('');
  const [status, setStatus] = useState('');
  const lastFound = useRef(-1);
  const searchId = useRef(0);
  const stop = () => {
    searchId.current++;
    setStatus('');
  };
  const setQuery = (value: string) => {
    stop();
    lastFound.current = -1;
    setQueryState(value);
  };
  const next = () => {
    const text = query.trim();
    if (!text) return;
    const id = ++searchId.current;
    const start = lastFound.current + 1;
    const search = async () => {
      let from = start;
      let wrapped = start === 0;
      for (;;) {
        const result = await host.findSessionRow({ sessionId: session.sessionId, text, from });
        if (id !== searchId.current) return;
        if (result.found !== undefined && !(wrapped && start > 0 && result.found >= start)) {
          lastFound.current = result.found;
          const { rows } = await host.readSessionRows({
            sessionId: session.sessionId,
            from: result.found,
            count: 1,
          });
          if (id !== searchId.current || !rows[0]) return;
          setStatus(
            `Row ${(result.found + 1).toLocaleString()}${wrapped && start > 0 ? ' (from the top)' : ''}`,
          );
          show(rows[0]);
          return;
        }
        const end = result.searchedTo >= result.total;
        if ((wrapped && (end || result.searchedTo >= start)) || (end && start === 0)) {
          setStatus(`No row matches “${text}”.`);
          return;
        }
        if (end) {
          wrapped = true;
          from = 0;
        } else from = result.searchedTo;
        setStatus(`Searching… row ${from.toLocaleString()} of ${result.total.toLocaleString()}`);
      }
    };
    search().catch((error: unknown) => {
      if (id === searchId.current)
        setStatus(`The search stopped: ${error instanceof Error ? error.message : String(error)}`);
    });
  };
  return { query, setQuery, status, next, stop };
}

/** Rows looked through, a page at a time, for a long stream's exchange before giving up on it. */
const EXCHANGE_SEARCH_ROWS = 50_000;
const SEARCH_PAGE = 5_000;

/** The index of the row of frame `frameId`, looked for backwards from `before`. */
async function findRowBefore(
  host: Pick<HostApi, 'readSessionRows'>,
  sessionId: string,
  before: number,
  frameId: string,
): Promise<number | undefined> {
  for (let end = before; end > 0 && before - end < EXCHANGE_SEARCH_ROWS; end -= SEARCH_PAGE) {
    const from = Math.max(0, end - SEARCH_PAGE);
    const { rows } = await host.readSessionRows({ sessionId, from, count: end - from });
    const found = rows.find((row) => row.frameId === frameId);
    if (found) return found.index;
  }
  return undefined;
}

function formatOffset(ms: number): string {
  if (ms < 1000) return `${ms.toFixed(0)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${((ms % 60_000) / 1000).toFixed(0)} s`;
}
