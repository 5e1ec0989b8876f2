// One line per frame for sessions too large to load whole (issue 9, browse mode): what the timeline would show,
// worked out from the frame alone. The host reads these a page at a time from its index of the file, so the window
// holds only the rows on screen. Frames already carry what is needed (the agent client's `a2a` summary, findings,
// errors), so no decoder runs here.

import type { Frame, HttpFrame } from '../wire/frame';

/** Sessions with more frames than this open in browse mode: rows read from the host as they are scrolled to. */
export const BROWSE_MIN_FRAMES = 50_000;

/**
 * Rows the window reads from the host at once; the first page of them comes with the open's answer
 * (`SessionSummary.firstRows`), so the list shows rows without a second call (bench:ui-open).
 */
export const BROWSE_PAGE_ROWS = 200;

export interface SessionRow {
  /** Position of the frame in the session. */
  index: number;
  frameId: string;
  kind: Frame['kind'];
  at: number;
  /** What the line says: "SendStreamingMessage → HTTP 200", "status-update · working", "push · accepted" … */
  label: string;
  taskId?: string;
  state?: string;
  /** For a stream event: the exchange that carried it. */
  exchangeId?: string;
  /** Bytes of the body or event. */
  size?: number;
  severity?: 'error' | 'warning';
}

export interface SessionRowsPage {
  rows: SessionRow[];
  total: number;
}

/** Where a search of a session's rows got to: the first match, or how far it looked before its time ran out. */
export interface SessionRowSearch {
  /** Index of the first row at or after `from` that matches; absent when none did in what was searched. */
  found?: number;
  /** Rows [from, searchedTo) were looked at; equals the total when the search reached the end. */
  searchedTo: number;
  total: number;
}

/** What a search looks in: the row's words as shown, its kind, task, state and severity, lower-cased. */
export function rowSearchText(row: SessionRow): string {
  return `${row.label} ${row.kind} ${row.taskId ?? ''} ${row.state ?? ''} ${row.severity ?? ''} ${row.frameId}`.toLowerCase();
}

export function sessionRowOf(frame: Frame, index: number): SessionRow {
  const row: SessionRow = { index, frameId: frame.id, kind: frame.kind, at: frame.timing.start, label: '' };
  const findings = frame.findings ?? [];
  if (findings.some((f) => f.severity === 'error')) row.severity = 'error';
  else if (findings.some((f) => f.severity === 'warning')) row.severity = 'warning';
  switch (frame.kind) {
    case 'http':
      row.label = httpLabel(frame);
      if (frame.a2a?.taskId) row.taskId = frame.a2a.taskId;
      if (frame.error) row.severity = 'error';
      row.size = frame.stream?.bytes ?? frame.response?.body.size ?? frame.request.body?.size;
      break;
    case 'sse':
      row.exchangeId = frame.exchangeId;
      row.size = frame.offset.end - frame.offset.start;
      if (!frame.dispatched) {
        row.label = frame.comments?.length ? `: ${frame.comments.join(' ')}` : 'empty block';
        break;
      }
      row.label = [frame.a2a?.item ?? 'event', frame.a2a?.state].filter(Boolean).join(' · ');
      if (frame.a2a?.taskId) row.taskId = frame.a2a.taskId;
      if (frame.a2a?.state) row.state = frame.a2a.state;
      if (frame.a2a?.item === 'error') row.severity = 'error';
      break;
    case 'webhook':
      row.label = frame.verdict.accepted
        ? `push · ${[frame.a2a?.item ?? 'delivery', frame.a2a?.state].filter(Boolean).join(' · ')}`
        : `push refused · ${frame.verdict.reason}`;
      if (!frame.verdict.accepted) row.severity = 'error';
      if (frame.a2a?.taskId) row.taskId = frame.a2a.taskId;
      if (frame.a2a?.state) row.state = frame.a2a.state;
      row.size = frame.request.body?.size;
      break;
  }
  if (row.size === undefined) delete row.size;
  return row;
}

function httpLabel(frame: HttpFrame): string {
  const what =
    frame.a2a?.rpc?.method ?? frame.a2a?.operation ?? `${frame.request.method} ${pathOf(frame.request.url)}`;
  if (frame.error) return `${what} → ${frame.error.label}`;
  if (!frame.response) return `${what} → (no answer)`;
  const stream = frame.stream ? ` · stream of ${frame.stream.events} events` : '';
  return `${what} → HTTP ${frame.response.status}${stream}`;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
