// The one progress notice every long operation uses (UX-5): after a second, a bar with what is happening, "n of m",
// the time spent and a Cancel button. Quick operations never show it. The bar is a real progressbar for assistive
// technology (aria-valuenow when the total is known) and Cancel is an ordinary button, reachable by Tab.

import { useEffect, useState } from 'react';
import { progressView, PROGRESS_DELAY_MS, type ProgressInput } from './progressView';

export interface ProgressNoticeProps extends ProgressInput {
  /** Absent when the operation cannot be stopped; then no button is shown. */
  onCancel?: () => void;
  /** Set once Cancel was pressed, until the operation has stopped. */
  cancelling?: boolean;
  testId: string;
  delayMs?: number;
  /** Extra classes for the box it sits in (a session note, a panel line). */
  className?: string;
}

/** The current time, refreshed a few times a second while mounted, so the elapsed time and the delay move on. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function ProgressNotice({
  onCancel,
  cancelling,
  testId,
  className,
  delayMs = PROGRESS_DELAY_MS,
  ...input
}: ProgressNoticeProps) {
  const view = progressView(input, useNow(), delayMs);
  if (!view.visible) return null;
  return (
    <div className={className ? `progress-notice ${className}` : 'progress-notice'} data-testid={testId}>
      <div
        className="progress-track"
        role="progressbar"
        aria-label={input.label}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(view.percent !== undefined ? { 'aria-valuenow': view.percent } : {})}
        aria-valuetext={view.text}
      >
        <div
          className={view.percent === undefined ? 'progress-fill indeterminate' : 'progress-fill'}
          style={view.percent === undefined ? undefined : { width: `${view.percent}%` }}
        />
      </div>
      <span className="progress-text" data-testid={`${testId}-text`}>
        {cancelling ? `Cancelling — ${view.text}` : view.text}
      </span>
      <span className="progress-elapsed muted" data-testid={`${testId}-elapsed`}>
        {view.elapsed}
      </span>
      {onCancel && (
        <button type="button" onClick={onCancel} disabled={cancelling} data-testid={`${testId}-cancel`}>
          Cancel
        </button>
      )}
    </div>
  );
}
