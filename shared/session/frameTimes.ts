// The first and last frame times of a session. A loop rather than Math.min(...times): spreading a few hundred
// thousand arguments overflows the stack (a 200,000-event journal did, on open).

import type { Frame } from '../wire/frame';

export function frameTimeSpan(frames: readonly Frame[]): { startedAt?: number; endedAt?: number } {
  let startedAt = Number.POSITIVE_INFINITY;
  let endedAt = Number.NEGATIVE_INFINITY;
  for (const frame of frames) {
    const at = frame.timing.start;
    if (!Number.isFinite(at)) continue;
    if (at < startedAt) startedAt = at;
    if (at > endedAt) endedAt = at;
  }
  return Number.isFinite(startedAt) ? { startedAt, endedAt } : {};
}
