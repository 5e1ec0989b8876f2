// What the shared progress notice shows (UX-5, renderer/ui/progressView.ts): hidden for the first second so quick
// operations do not flash, then what is happening with "n of m", the bar's position and the time spent. The
// component itself (progressbar role, Cancel by keyboard) is driven in tests/e2e/progress.spec.ts.

import { describe, expect, it } from 'vitest';
import { elapsedText, progressView, PROGRESS_DELAY_MS } from '../../../../renderer/ui/progressView';

describe('progressView', () => {
  const input = {
    label: 'Opening big.switchboard',
    done: 1200,
    total: 5000,
    unit: 'frames',
    startedAt: 10_000,
  };

  it('stays hidden until the delay has passed, then shows', () => {
    expect(PROGRESS_DELAY_MS).toBe(1_000);
    expect(progressView(input, 10_000).visible).toBe(false);
    expect(progressView(input, 10_999).visible).toBe(false);
    expect(progressView(input, 11_000).visible).toBe(true);
    expect(progressView(input, 10_200, 0).visible).toBe(true);
  });

  it('says what is happening, n of m, and how far the bar is', () => {
    const view = progressView(input, 14_500);
    expect(view.text).toBe('Opening big.switchboard: 1,200 of 5,000 frames');
    expect(view.percent).toBe(24);
    expect(view.elapsed).toBe('4 s');
  });

  it('has no position and no count when the total is unknown', () => {
    const view = progressView({ label: 'Saving the session', startedAt: 0 }, 2_000);
    expect(view).toEqual({ visible: true, text: 'Saving the session', elapsed: '2 s' });
  });

  it('never goes past 100 % or counts a clock that went back', () => {
    expect(progressView({ ...input, done: 6000 }, 20_000).percent).toBe(100);
    expect(progressView(input, 9_000)).toMatchObject({ visible: false, elapsed: '0 s' });
  });

  it('reads elapsed time like a stopwatch', () => {
    expect(elapsedText(59_999)).toBe('59 s');
    expect(elapsedText(65_000)).toBe('1 min 05 s');
  });
});
