// The clock of offline replay (SES-3), kept pure so it can be tested without timers: when each frame of a session
// is due at a given speed, where a scrub position sits in the recorded time, and how far playing has got after some
// wall-clock time. The cursor counts frames shown: cursor n shows frames [0, n), so showing frame i moves the cursor
// from i to i + 1.

import type { Frame } from '../../../shared/wire/frame';

/** Original timing, faster, or as fast as the views can take it. */
export type ReplaySpeed = 1 | 2 | 10 | 'max';
export const REPLAY_SPEEDS: readonly ReplaySpeed[] = [1, 2, 10, 'max'];

/** A gap this long or longer counts as idle: the bar mentions it, and playing can shorten it. */
export const DEFAULT_IDLE_CAP_MS = 5_000;

/**
 * How many frames one tick shows at most. At 'max' every frame is due at once; showing them in slices keeps the
 * views moving (and the bar responsive) instead of freezing on one huge update.
 */
export const MAX_FRAMES_PER_TICK = 250;

export interface ReplayPlan {
  /** Frames in the plan. */
  count: number;
  /** Recorded time of frame i since the first frame, ms: what the scrubber shows. */
  elapsed: Float64Array;
  /** Playback time of frame i at 1× since the first frame, ms, idle gaps shortened when a cap is set. */
  playback: Float64Array;
  /** Gaps of at least the idle threshold: `index` is the frame after the gap. */
  idleGaps: Array<{ index: number; ms: number }>;
  /** Set when idle gaps are shortened to this many ms when playing. */
  idleCapMs?: number;
}

export interface PlanOptions {
  /** Play idle gaps as this many ms at 1× (they are still shown on the bar); absent: play them as recorded. */
  idleCapMs?: number;
  /** The gap length that counts as idle; defaults to the cap, else DEFAULT_IDLE_CAP_MS. */
  idleThresholdMs?: number;
}

/** When the user first saw the frame: an exchange appears when it is sent, an event when it arrives. */
export function frameTime(frame: Frame): number {
  return frame.timing.start;
}

export function createReplayPlan(frames: readonly Frame[], options: PlanOptions = {}): ReplayPlan {
  const count = frames.length;
  const elapsed = new Float64Array(count);
  const playback = new Float64Array(count);
  const idleGaps: ReplayPlan['idleGaps'] = [];
  const threshold = options.idleThresholdMs ?? options.idleCapMs ?? DEFAULT_IDLE_CAP_MS;
  const first = count > 0 ? frameTime(frames[0]!) : 0;
  for (let i = 1; i < count; i++) {
    // Frames are in order of first arrival; a clock that stepped back must not make time run backwards.
    const gap = Math.max(0, frameTime(frames[i]!) - frameTime(frames[i - 1]!));
    elapsed[i] = Math.max(elapsed[i - 1]!, frameTime(frames[i]!) - first);
    if (gap >= threshold) idleGaps.push({ index: i, ms: gap });
    const played = options.idleCapMs !== undefined ? Math.min(gap, options.idleCapMs) : gap;
    playback[i] = playback[i - 1]! + played;
  }
  return {
    count,
    elapsed,
    playback,
    idleGaps,
    ...(options.idleCapMs !== undefined ? { idleCapMs: options.idleCapMs } : {}),
  };
}

/** The recorded time of the last frame shown at `cursor` (0 when none is shown). */
export function elapsedAt(plan: ReplayPlan, cursor: number): number {
  const last = Math.min(cursor, plan.count) - 1;
  return last >= 0 ? plan.elapsed[last]! : 0;
}

/** The whole session's recorded length, first frame to last. */
export function durationOf(plan: ReplayPlan): number {
  return plan.count > 0 ? plan.elapsed[plan.count - 1]! : 0;
}

/** The wait before frame `index` is shown when playing at `speed`: its (possibly shortened) gap, scaled. */
export function delayBefore(plan: ReplayPlan, index: number, speed: ReplaySpeed): number {
  if (speed === 'max' || index <= 0 || index >= plan.count) return 0;
  return (plan.playback[index]! - plan.playback[index - 1]!) / speed;
}

/** The idle gap just before frame `index`, when there is one. */
export function idleGapBefore(plan: ReplayPlan, index: number): number | undefined {
  return plan.idleGaps.find((gap) => gap.index === index)?.ms;
}

/** The scrub position whose recorded time is the latest at or before `ms` (at least one frame once ms ≥ 0). */
export function cursorAtElapsed(plan: ReplayPlan, ms: number): number {
  if (plan.count === 0 || ms < 0) return 0;
  let low = 0;
  let high = plan.count - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (plan.elapsed[middle]! <= ms) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

export interface ReplayTick {
  /** Where the cursor should be now. */
  cursor: number;
  /** Wall ms until the next frame is due; absent once every frame is shown. */
  waitMs?: number;
}

/**
 * One step of playing: play started at `startCursor`, the cursor is now at `cursor`, and `playedMs` of wall time
 * have passed since play started. Returns the frames now due (at most MAX_FRAMES_PER_TICK more) and how long to wait
 * for the next one. Time is measured from the start of play rather than added up tick by tick, so timer lateness
 * does not accumulate.
 */
export function replayTick(
  plan: ReplayPlan,
  startCursor: number,
  cursor: number,
  playedMs: number,
  speed: ReplaySpeed,
): ReplayTick {
  const dueAt = (index: number) => dueTime(plan, startCursor, index, speed);
  let next = Math.max(cursor, startCursor);
  const limit = Math.min(plan.count, next + MAX_FRAMES_PER_TICK);
  while (next < limit && dueAt(next) <= playedMs) next++;
  if (next >= plan.count) return { cursor: plan.count };
  return { cursor: next, waitMs: Math.max(0, dueAt(next) - playedMs) };
}

/** Wall ms after play started at `startCursor` when frame `index` is due. */
function dueTime(plan: ReplayPlan, startCursor: number, index: number, speed: ReplaySpeed): number {
  if (speed === 'max' || index < startCursor) return 0;
  // The frame at the start cursor waits for its own gap: playing resumes the recorded rhythm, it does not skip a beat.
  const from = Math.max(0, startCursor - 1);
  return (plan.playback[index]! - plan.playback[from]!) / speed;
}

/** "0.42 s", "12.3 s", "2:05.0": elapsed time on the replay bar. */
export function formatElapsed(ms: number): string {
  const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
  if (safe < 1_000) return `${(safe / 1_000).toFixed(2)} s`;
  if (safe < 60_000) return `${(safe / 1_000).toFixed(1)} s`;
  const minutes = Math.floor(safe / 60_000);
  const seconds = (safe - minutes * 60_000) / 1_000;
  return `${minutes}:${seconds.toFixed(1).padStart(4, '0')}`;
}

export function speedLabel(speed: ReplaySpeed): string {
  return speed === 'max' ? 'As fast as possible' : speed === 1 ? 'Original timing' : `${speed}×`;
}
