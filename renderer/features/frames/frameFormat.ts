// Display helpers for frames: durations, sizes, a one-word outcome, and the content type that picks the viewer.

import type { HeaderList, HttpFrame } from '../../../shared/wire/frame';

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
