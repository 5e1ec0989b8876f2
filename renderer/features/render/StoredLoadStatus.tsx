// What a load of bytes kept on disk says while and after it runs (UX-5), the same for a stored file part and an
// over-cap event: the shared progress notice with Cancel, then "cancelled" or the reason it failed.

import { ProgressNotice } from '../../ui/ProgressNotice';

export type StoredLoadView =
  | { status: 'loading'; done: number; total: number; startedAt: number }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string }
  | { status: 'other' };

export function StoredLoadStatus({
  view,
  label,
  testIdPrefix,
  onCancel,
}: {
  view: StoredLoadView;
  label: string;
  /** `stored` or `stored-event`: the test ids are `<prefix>-progress`, `-cancelled` and `-error`. */
  testIdPrefix: string;
  onCancel: () => void;
}) {
  if (view.status === 'loading') {
    return (
      <ProgressNotice
        testId={`${testIdPrefix}-progress`}
        label={label}
        done={view.done}
        total={view.total}
        unit="bytes"
        startedAt={view.startedAt}
        onCancel={onCancel}
      />
    );
  }
  if (view.status === 'cancelled') {
    return (
      <span className="muted" role="status" data-testid={`${testIdPrefix}-cancelled`}>
        Loading was cancelled; nothing was kept.
      </span>
    );
  }
  if (view.status === 'failed') {
    return (
      <span className="render-error" role="alert" data-testid={`${testIdPrefix}-error`}>
        {view.message}
      </span>
    );
  }
  return null;
}
