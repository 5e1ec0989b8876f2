// What the composer says about the stream a send opened (MSG-9): while it is open, its events so far and the time
// since the last one; once it ended, how (complete, dropped, timed out, closed by you) and how many events it carried.
// Pure, so the wording is tested without a window.

import type { HttpFrame } from '../../../shared/wire/frame';

export type StreamPhase = 'open' | 'complete' | 'closed-by-you' | 'timed-out' | 'dropped';

export interface StreamStatus {
  phase: StreamPhase;
  text: string;
}

/** Events seen on the stream so far (from the timeline) and when the last one arrived. */
export interface StreamProgress {
  events: number;
  lastEventAt?: number;
}

/** The status of the stream exchange `frame` at time `now` (ms since the epoch, like frame timings). */
export function streamStatus(
  frame: HttpFrame,
  progress: StreamProgress | undefined,
  now: number,
): StreamStatus {
  if (frame.state === 'pending' || frame.state === 'streaming') {
    const events = progress?.events ?? 0;
    const head = `Stream open (HTTP ${frame.response?.status ?? '…'})`;
    if (events === 0 || progress?.lastEventAt === undefined) {
      const since = frame.timing.firstByte ?? frame.timing.start;
      return { phase: 'open', text: `${head} · no events yet · opened ${elapsed(now - since)} ago` };
    }
    return {
      phase: 'open',
      text: `${head} · ${countOf(events)} · last event ${elapsed(now - progress.lastEventAt)} ago`,
    };
  }
  // The final revision's count is the host's own, so it stands even when some events left the window.
  const count = countOf(frame.stream?.events ?? progress?.events ?? 0);
  const ended = frame.stream?.ended;
  if (ended === 'closed-by-user') return { phase: 'closed-by-you', text: `Stream closed by you, ${count}.` };
  if (ended === 'error' || frame.error) {
    const why = frame.error ? ` (${frame.error.label})` : '';
    if (frame.error?.kind === 'timeout')
      return { phase: 'timed-out', text: `Stream timed out, ${count}${why}.` };
    return { phase: 'dropped', text: `Stream dropped, ${count}${why}.` };
  }
  return { phase: 'complete', text: `Stream complete, ${count}.` };
}

function countOf(events: number): string {
  return `${events.toLocaleString('en')} ${events === 1 ? 'event' : 'events'}`;
}

/** "4 s", "2 min 5 s": whole seconds, as a clock ticking once a second shows them. */
export function elapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
