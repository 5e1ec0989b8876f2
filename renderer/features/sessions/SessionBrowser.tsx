// Browse mode (issue 9): a session too large to replay in the window is listed one row per frame, the rows read
// from the host's index of the file as they scroll into view. Opening a row loads the frames around it into the
// inspector, which then shows that exchange in full as it would live.

import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useReducer, useRef } from 'react';
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
