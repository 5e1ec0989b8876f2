// The clock of offline replay (SES-3), kept pure so it can be tested without timers: when each step of a session
// (replaySteps.ts: a frame, or a revision of an exchange) is due at a given speed, where a scrub position sits in the
// recorded time, and how far playing has got after some wall-clock time. The plan reads only the steps' times. The
// cursor counts steps shown: cursor n shows steps [0, n), so showing step i moves the cursor from i to i + 1.

/** Original timing, faster, or as fast as the views can take it. */
export type ReplaySpeed = 1 | 2 | 10 | 'max';
export const REPLAY_SPEEDS: readonly ReplaySpeed[] = [1, 2, 10, 'max'];

/** A gap this long or longer counts as idle: the bar mentions it, and playing can shorten it. */
export const DEFAULT_IDLE_CAP_MS = 5_000;

/**
 * How many steps one tick shows at most. At 'max' every step is due at once; showing them in slices keeps the
 * views moving (and the bar responsive) instead of freezing on one huge update.
 */
export const MAX_STEPS_PER_TICK = 250;

export interface ReplayPlan {
  /** Steps in the plan. */
  count: number;
  /** Recorded time of step i since the first step, ms: what the scrubber shows. */
  elapsed: Float64Array;
  /** Playback time of step i at 1× since the first step, ms, idle gaps shortened when a cap is set. */
  playback: Float64Array;
  /** Gaps of at least the idle threshold: `index` is the step after the gap. */
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

/** A plan for steps that happened at these times (epoch ms), in replay order. */
export function createReplayPlan(times: readonly number[], options: PlanOptions = {}): ReplayPlan {
  const count = times.length;
  const elapsed = new Float64Array(count);
  const playback = new Float64Array(count);
  const idleGaps: ReplayPlan['idleGaps'] = [];
  const threshold = options.idleThresholdMs ?? options.idleCapMs ?? DEFAULT_IDLE_CAP_MS;
  const first = count > 0 ? times[0]! : 0;
  for (let i = 1; i < count; i++) {
    // A clock that stepped back between two recordings must not make time run backwards.
    const gap = Math.max(0, times[i]! - times[i - 1]!);
    elapsed[i] = Math.max(elapsed[i - 1]!, times[i]! - first);
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

/** The recorded time of the last step shown at `cursor` (0 when none is shown). */
export function elapsedAt(plan: ReplayPlan, cursor: number): number {
  const last = Math.min(cursor, plan.count) - 1;
  return last >= 0 ? plan.elapsed[last]! : 0;
}

/** The whole session's recorded length, first step to last. */
export function durationOf(plan: ReplayPlan): number {
  return plan.count > 0 ? plan.elapsed[plan.count - 1]! : 0;
}

/** The wait before step `index` is shown when playing at `speed`: its (possibly shortened) gap, scaled. */
export function delayBefore(plan: ReplayPlan, index: number, speed: ReplaySpeed): number {
  if (speed === 'max' || index <= 0 || index >= plan.count) return 0;
  return (plan.playback[index]! - plan.playback[index - 1]!) / speed;
}

/** The idle gap just before step `index`, when there is one. */
export function idleGapBefore(plan: ReplayPlan, index: number): number | undefined {
  return plan.idleGaps.find((gap) => gap.index === index)?.ms;
}

/** The scrub position whose recorded time is the latest at or before `ms` (at least one step once ms ≥ 0). */
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
  /** Wall ms until the next step is due; absent once every step is shown. */
  waitMs?: number;
}

/**
 * One step of playing: play started at `startCursor`, the cursor is now at `cursor`, and `playedMs` of wall time
 * have passed since play started. Returns the steps now due (at most MAX_STEPS_PER_TICK more) and how long to wait
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
  const limit = Math.min(plan.count, next + MAX_STEPS_PER_TICK);
  while (next < limit && dueAt(next) <= playedMs) next++;
  if (next >= plan.count) return { cursor: plan.count };
  return { cursor: next, waitMs: Math.max(0, dueAt(next) - playedMs) };
}

/** Wall ms after play started at `startCursor` when step `index` is due. */
function dueTime(plan: ReplayPlan, startCursor: number, index: number, speed: ReplaySpeed): number {
  if (speed === 'max' || index < startCursor) return 0;
  // The step at the start cursor waits for its own gap: playing resumes the recorded rhythm, it does not skip a beat.
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
