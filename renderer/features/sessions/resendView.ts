// A re-send's result (SES-4) arranged for the diff panel: one row per re-sent request with what was recorded, what
// came back now, the differences found for it in words, and its timing before and after. Timing is kept apart from
// the differences: a slower answer is expected and rarely a bug.

import type { ResendResult, RunDifference } from '../../../shared/session/types';
import type { Frame } from '../../../shared/wire/frame';

export interface ResendRow {
  step: number;
  operation: string;
  /** What the recorded exchange ended with: "HTTP 200 · result", "stream · 5 events", "Connection refused". */
  recorded: string;
  /** What the new exchange ended with, as the host said. */
  now: string;
  message: string;
  differences: RunDifference[];
  timing?: { beforeMs: number; afterMs: number };
}

export interface ResendView {
  rows: ResendRow[];
  /** Differences the host did not tie to a re-sent step (a request missing or extra in the new run). */
  unplaced: RunDifference[];
  headline: string;
  clean: boolean;
  /** The user cancelled the re-send part-way: the rows past the cancel were not sent. */
  cancelled?: boolean;
}

export function resendView(result: ResendResult, recordedFrames: readonly Frame[]): ResendView {
  const byId = new Map(recordedFrames.map((frame) => [frame.id, frame]));
  const steps = new Set(result.steps.map((s) => s.index));
  const rows = result.steps.map((step): ResendRow => {
    const timing = result.timing.find((t) => t.step === step.index);
    return {
      step: step.index,
      operation: step.operation,
      recorded: recordedStatus(byId.get(step.recordedFrameId)),
      now: step.status,
      message: step.message,
      differences: result.differences.filter((d) => d.step === step.index),
      ...(timing ? { timing: { beforeMs: timing.beforeMs, afterMs: timing.afterMs } } : {}),
    };
  });
  const unplaced = result.differences.filter((d) => !steps.has(d.step));
  const count = result.differences.length;
  const clean = count === 0;
  const headline = clean
    ? 'No differences (ids and times aside).'
    : `${count} difference${count === 1 ? '' : 's'} in ${differingSteps(result)} of ${result.steps.length} request${
        result.steps.length === 1 ? '' : 's'
      }.`;
  if (!result.cancelled) return { rows, unplaced, headline, clean };
  // A cancelled re-send (UX-5) keeps its partial diff, and says first that it is partial.
  const sent = result.steps.filter((step) => step.newFrameId !== undefined).length;
  const total = result.steps.length;
  return {
    rows,
    unplaced,
    headline: `Re-send cancelled after ${sent} of ${total} request${total === 1 ? '' : 's'}; the rest were not sent. ${headline}`,
    clean: false,
    cancelled: true,
  };
}

function differingSteps(result: ResendResult): number {
  return new Set(result.differences.map((d) => d.step)).size;
}

/** How a recorded exchange ended, in the words the frames list uses. */
export function recordedStatus(frame: Frame | undefined): string {
  if (!frame) return 'not in the session';
  if (frame.kind !== 'http') return frame.kind === 'sse' ? 'stream event' : 'push delivery';
  if (frame.error && !frame.stream) return frame.error.label;
  if (frame.stream) {
    const events = `${frame.stream.events} event${frame.stream.events === 1 ? '' : 's'}`;
    return frame.error ? `stream · ${events} · ${frame.error.label}` : `stream · ${events}`;
  }
  if (!frame.response) return 'no answer';
  const outcome = frame.a2a?.outcome ? ` · ${frame.a2a.outcome}` : '';
  return `HTTP ${frame.response.status}${outcome}`;
}

/** "120 ms → 95 ms (−25 ms)". */
export function describeTiming(timing: { beforeMs: number; afterMs: number }): string {
  const change = Math.round(timing.afterMs - timing.beforeMs);
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  return `${Math.round(timing.beforeMs)} ms → ${Math.round(timing.afterMs)} ms (${sign}${Math.abs(change)} ms)`;
}

/** A difference's two values as short text, for the panel's before/after columns. */
export function showValue(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  try {
    const text = JSON.stringify(value);
    return text.length > 200 ? `${text.slice(0, 199)}…` : text;
  } catch {
    return String(value);
  }
}

/** The request a selected frame belongs to, for "re-send this request": its exchange, or none for a push delivery. */
export function requestFrameFor(frames: readonly Frame[], frameId: string | null): string | undefined {
  if (!frameId) return undefined;
  const frame = frames.find((f) => f.id === frameId);
  if (!frame) return undefined;
  if (frame.kind === 'http') return frame.id;
  if (frame.kind === 'sse') return frame.exchangeId;
  return undefined;
}
