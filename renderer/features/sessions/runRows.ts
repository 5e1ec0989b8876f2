// A run's frames as the rows of a read-only list (UX-2): one row per exchange or push delivery at its newest
// revision, with how it ended in the words the re-send diff uses. Stream events are counted in their exchange's row.

import { latestRevisions } from '../../../shared/session/latestRevisions';
import type { Frame } from '../../../shared/wire/frame';
import { recordedStatus } from './resendView';

export interface RunRow {
  id: string;
  /** Milliseconds since the run's first frame. */
  at: number;
  /** "POST /a2a · send", "webhook delivery". */
  label: string;
  outcome: string;
}

export function runRows(frames: readonly Frame[]): RunRow[] {
  const latest = latestRevisions(frames).filter((frame) => frame.kind !== 'sse');
  const origin = latest.reduce((low, frame) => Math.min(low, frame.timing.start), Number.POSITIVE_INFINITY);
  return latest.map((frame) => ({
    id: frame.id,
    at: Math.max(0, frame.timing.start - origin),
    label: labelOf(frame),
    outcome: recordedStatus(frame),
  }));
}

function labelOf(frame: Frame): string {
  if (frame.kind !== 'http') return 'push delivery';
  let path = frame.request.url;
  try {
    const url = new URL(frame.request.url);
    path = url.pathname + url.search;
  } catch {
    // A URL the recording kept as typed: shown as it is.
  }
  const operation = frame.a2a?.operation ? ` · ${frame.a2a.operation}` : '';
  return `${frame.request.method} ${path}${operation}`;
}
