// Browse mode (issue 9): a session too large to replay in the window is listed one row per frame, the rows read
// from the host's index of the file as they scroll into view. Opening a row loads the frames around it into the
// inspector, which then shows that exchange in full as it would live.

import { useEffect, useReducer, useRef, useState } from 'react';
import type { SessionRow } from '../../../shared/session/sessionRows';
import type { SessionSummary } from '../../../shared/session/types';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';
import { formatBytes } from '../../ui/frameFormat';
import { BrowseRows } from './browseRows';
import { BrowseTasks } from './BrowseTasks';
import { BrowseSearch } from './BrowseSearch';
import { useFindRow } from './useFindRow';
import { useSessionSearch } from './useSessionSearch';
import { useOpenRow } from './useOpenRow';
import { indexNote } from './indexProgress';
import { useIndexProgress } from './useIndexProgress';
import { useScaledRows } from './useScaledRows';
import { onListArrowKeys } from '../../ui/listKeys';

const ROW_HEIGHT = 24;

export function SessionBrowser({ session }: { session: SessionSummary }) {
  const host = useHost();
  const [, rendered] = useReducer((n: number) => n + 1, 0);
  const index = useIndexProgress(session);
  // One list of rows for as long as the session is shown (the component is keyed by it): the summary changes once a
  // session opened before it was indexed is complete (session-details), and the pages read so far stay.
  const [rows] = useState(
    () => new BrowseRows(host, session.sessionId, session.frameCount, rendered, session.firstRows),
  );
  rows.setTotal(index.count);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useScaledRows({ count: index.count, rowHeight: ROW_HEIGHT, overscan: 4, scroller });
  const { items } = virtualizer;
  // Steady while the number of rows on screen wobbles by one or two, so keys stay put (see the rows below).
  const slots = Math.ceil((items.length + 1) / 8) * 8;
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => rows.want(first, last), [rows, first, last]);
  const selected = useAppStore((state) => state.selectedFrameId);
  const open = useOpenRow(session);
  const origin = session.startedAt ?? 0;
  const showRow = (row: SessionRow) => {
    virtualizer.scrollToIndex(row.index);
    open(row);
  };
  const find = useFindRow(session, showRow);
  const search = useSessionSearch(session, showRow);

  return (
    <div
      className="session-browser"
      data-testid="session-browser"
      data-ready={rows.row(0) ? 'true' : 'false'}
      data-indexed={index.indexing ? 'false' : 'true'}
    >
      <p className="muted browse-note" data-testid="browse-note">
        {indexNote(index)} Open a row to see its exchange.
      </p>
      {index.error && (
        <p className="error" role="alert" data-testid="browse-index-error">
          {index.error}
        </p>
      )}
      <BrowseSearch search={search} />
      <BrowseFind find={find} />
      <BrowseTasks sessionId={session.sessionId} />
      {rows.error && (
        <p className="error" role="alert" data-testid="browse-error">
          {rows.error}
        </p>
      )}
      <div
        className="browse-scroller"
        ref={scroller}
        onKeyDown={onListArrowKeys}
        data-testid="browse-scroller"
      >
        <div style={{ height: virtualizer.totalSize, position: 'relative' }}>
          {items.map((item) => {
            const row = rows.row(item.index);
            // Keyed by row number modulo a little more than the rows on screen: scrolling by a row moves one
            // element from one end to the other and leaves the rest alone, and a fling past thousands of rows
            // rewrites the text of the same few dozen elements instead of building and dropping all of them.
            const slot = item.index % slots;
            const style = {
              position: 'absolute' as const,
              top: item.start,
              height: ROW_HEIGHT,
              left: 0,
              right: 0,
            };
            if (!row) {
              return (
                <button
                  type="button"
                  key={slot}
                  className="browse-row pending"
                  style={style}
                  data-index={item.index}
                  disabled
                >
                  <span className="muted">…</span>
                </button>
              );
            }
            return (
              <button
                type="button"
                key={slot}
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

/** The find box: Enter or "Find next" asks for the next matching row (useFindRow.ts), Escape stops a search. */
function BrowseFind({ find }: { find: ReturnType<typeof useFindRow> }) {
  return (
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
  );
}

function formatOffset(ms: number): string {
  if (ms < 1000) return `${ms.toFixed(0)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${((ms % 60_000) / 1000).toFixed(0)} s`;
}
