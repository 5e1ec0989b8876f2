// The diff of a re-send against the recording (SES-4): per request, the recorded and the new outcome and the
// differences in words (values before and after beside them), then the timing before and after, kept apart because
// a change of speed is expected. An empty diff says so plainly.

import { useMemo } from 'react';
import type { ResendResult } from '../../../shared/session/types';
import type { Frame } from '../../../shared/wire/frame';
import { describeTiming, resendView, showValue } from './resendView';

/** Column names and the panel's name; the compare of two runs (UX-2) names them A and B. */
export interface DiffLabels {
  title: string;
  before: string;
  after: string;
}

const RESEND_LABELS: DiffLabels = {
  title: 'Re-send compared with the recording',
  before: 'Recorded',
  after: 'Now',
};

export function ResendDiff({
  result,
  recordedFrames,
  labels = RESEND_LABELS,
}: {
  result: ResendResult;
  recordedFrames: readonly Frame[];
  labels?: DiffLabels;
}) {
  const view = useMemo(() => resendView(result, recordedFrames), [result, recordedFrames]);
  return (
    <section className="resend-diff" aria-label={labels.title} data-testid="resend-diff">
      <p
        className={view.clean ? 'resend-clean' : 'resend-changed'}
        data-testid="resend-headline"
        data-clean={view.clean}
        data-cancelled={view.cancelled === true}
      >
        {view.headline}
      </p>
      <table className="resend-steps">
        <thead>
          <tr>
            <th>#</th>
            <th>Request</th>
            <th>{labels.before}</th>
            <th>{labels.after}</th>
            <th>Differences</th>
            <th>Timing</th>
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row) => (
            <tr key={row.step} data-testid="resend-step" data-differences={row.differences.length}>
              <td>{row.step}</td>
              <td>{row.operation}</td>
              <td data-testid="resend-recorded">{row.recorded}</td>
              <td data-testid="resend-now" title={row.message}>
                {row.now}
              </td>
              <td>
                {row.differences.length === 0 ? (
                  <span className="muted">none</span>
                ) : (
                  <ul className="differences">
                    {row.differences.map((difference, index) => (
                      <li key={index} data-testid="resend-difference" data-aspect={difference.aspect}>
                        {difference.message}
                        {(difference.before !== undefined || difference.after !== undefined) && (
                          <span className="muted">
                            {' '}
                            (<code>{showValue(difference.before)}</code> →{' '}
                            <code>{showValue(difference.after)}</code>)
                          </span>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td data-testid="resend-timing">{row.timing ? describeTiming(row.timing) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {view.unplaced.length > 0 && (
        <ul className="differences" aria-label="Other differences">
          {view.unplaced.map((difference, index) => (
            <li key={index} data-testid="resend-difference" data-aspect={difference.aspect}>
              {difference.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
