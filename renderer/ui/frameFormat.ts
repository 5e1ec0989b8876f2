// Display helpers for frames: durations, sizes, a one-word outcome, and the content type that picks the viewer.

import type { HeaderList, HttpFrame } from '../../shared/wire/frame';
import { oauthStepLabel } from '../../shared/wire/oauthStep';

export function formatMs(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '—';
  return ms < 10 ? `${ms.toFixed(2)} ms` : ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function headerValue(headers: HeaderList, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return headers.find(([key]) => key.toLowerCase() === wanted)?.[1];
}

export function frameOutcome(frame: HttpFrame): string {
  if (frame.error && !frame.response) return frame.error.label;
  return frame.response ? String(frame.response.status) : 'pending';
}

export function frameDurations(frame: HttpFrame) {
  const { start, connected, firstByte, end } = frame.timing;
  return {
    connect: connected !== undefined ? connected - start : undefined,
    firstByte: firstByte !== undefined ? firstByte - start : undefined,
    total: end !== undefined ? end - start : undefined,
  };
}

export function bodyLanguage(
  contentType: string | undefined,
  text: string,
): 'json' | 'html' | 'xml' | 'plaintext' {
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('json')) return 'json';
  if (type.includes('html')) return 'html';
  if (type.includes('xml')) return 'xml';
  const start = text.trimStart()[0];
  return start === '{' || start === '[' ? 'json' : 'plaintext';
}

/** Pretty-printed JSON, or null when the text is not JSON (then only the exact text is offered). */
export function prettyJson(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return null;
  }
}

/** What the size column shows: a stream's event count and bytes, a body's size, or a dash before any answer. */
export function frameSizeLabel(frame: HttpFrame): string {
  if (frame.stream) {
    const events = frame.stream.events;
    return `${events} event${events === 1 ? '' : 's'} · ${formatBytes(frame.stream.bytes)}`;
  }
  return frame.response ? formatBytes(frame.response.body.size) : '—';
}

export interface TimingSegments {
  /** Percentages of the exchange's own duration: connecting, waiting for the first byte, receiving. */
  connect: number;
  wait: number;
  receive: number;
  /** Not ended yet: the bar shows what is known and marks the rest as still running. */
  running: boolean;
  title: string;
}

/** The phases of one exchange relative to its own length, for the small bar in each row. */
export function timingSegments(frame: HttpFrame): TimingSegments {
  const { start, connected, firstByte, end } = frame.timing;
  const last = end ?? firstByte ?? connected ?? start;
  const total = last - start;
  const share = (from: number | undefined, to: number | undefined) =>
    from === undefined || to === undefined || total <= 0 ? 0 : Math.max(0, ((to - from) / total) * 100);
  const durations = frameDurations(frame);
  const title = [
    `first byte ${formatMs(durations.firstByte)}`,
    `end ${end === undefined ? 'not yet' : formatMs(durations.total)}`,
  ].join(' · ');
  return {
    connect: share(start, connected),
    wait: share(connected ?? start, firstByte),
    receive: share(firstByte, end),
    running: end === undefined,
    title,
  };
}

/** The text a filter matches against: method, URL, status, operation, JSON-RPC method, task and source. */
export function frameSearchText(frame: HttpFrame): string {
  const a2a = frame.a2a;
  return [
    frame.request.method,
    frame.request.url,
    frameOutcome(frame),
    frame.state ?? '',
    a2a?.operation ?? '',
    a2a?.rpc?.method ?? '',
    a2a?.taskId ?? '',
    a2a?.contextId ?? '',
    frame.source,
    oauthStepLabel(frame.source) ?? '',
    frame.stream ? 'stream events' : '',
  ]
    .join(' ')
    .toLowerCase();
}
