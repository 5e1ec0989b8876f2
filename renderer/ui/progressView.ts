// What a progress notice shows at a moment (UX-5), as a pure function so its timing is tested without a clock: hidden
// for the first second (a quick operation must not flash a bar), then what is happening, how far, and for how long.

/** An operation shorter than this shows no progress at all. */
export const PROGRESS_DELAY_MS = 1_000;

export interface ProgressInput {
  /** What is happening, in words ("Opening big.switchboard"). */
  label: string;
  done?: number;
  total?: number;
  /** What `done` and `total` count ("frames"); "of" alone without it. */
  unit?: string;
  startedAt: number;
}

export interface ProgressView {
  visible: boolean;
  /** "Opening big.switchboard: 1,200 of 5,000 frames" or the label alone when nothing is counted. */
  text: string;
  /** The bar's position, 0..100, when the total is known; an indeterminate bar otherwise. */
  percent?: number;
  elapsed: string;
}

export function progressView(input: ProgressInput, now: number, delayMs = PROGRESS_DELAY_MS): ProgressView {
  const spent = Math.max(0, now - input.startedAt);
  const counted = input.done !== undefined && input.total !== undefined && input.total > 0;
  const count = counted
    ? `: ${input.done!.toLocaleString('en')} of ${input.total!.toLocaleString('en')}${input.unit ? ` ${input.unit}` : ''}`
    : '';
  return {
    visible: spent >= delayMs,
    text: `${input.label}${count}`,
    ...(counted ? { percent: Math.min(100, Math.round((input.done! / input.total!) * 100)) } : {}),
    elapsed: elapsedText(spent),
  };
}

/** "4 s", "1 min 05 s": whole seconds, as a person reads a stopwatch. */
export function elapsedText(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}
