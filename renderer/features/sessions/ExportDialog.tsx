// Export as a session file or HAR 1.2 (SES-5, SES-6). The host builds the file first, and the dialog lists what
// redaction removed from it (kind, where, name, frame) before anything is downloaded. Redaction is on by default;
// turning it off asks for a clear yes, because the file would then carry tokens and passwords to wherever it goes.
// The dialog's state and the download are in useExportReview.ts.

import type { ExportFormat, RedactionItem } from '../../../shared/session/types';
import { formatBytes } from '../../ui/frameFormat';
import { redactionHeadline, redactionKind, redactionWhere } from './sessionText';
import { SessionDialog } from './SessionDialog';
import { useSessionUi } from './sessionUiStore';
import { useExportReview } from './useExportReview';
import { ProgressNotice } from '../../ui/ProgressNotice';

const FORMAT_LABELS: Record<ExportFormat, string> = {
  session: 'Switchboard session file',
  har: 'HAR 1.2 (with the stream events)',
};

export function ExportDialog() {
  const requested = useSessionUi((state) => state.exportFormat);
  const close = useSessionUi((state) => state.closeDialogs);
  return (
    <SessionDialog
      open={requested !== null && requested !== undefined}
      onClose={close}
      className="export-dialog"
      label="Export the session"
      testId="export-dialog"
    >
      {requested && <ExportReview key={requested} initialFormat={requested} onDone={close} />}
    </SessionDialog>
  );
}

function ExportReview({ initialFormat, onDone }: { initialFormat: ExportFormat; onDone: () => void }) {
  const review = useExportReview(initialFormat, onDone);
  const { format, setFormat, redact, confirmingOff, exported, result, bytes } = review;

  return (
    <form method="dialog" onSubmit={(event) => event.preventDefault()}>
      <h2>Export {review.replayTitle ? `“${review.replayTitle}”` : 'this run'}</h2>
      <fieldset>
        <legend>Format</legend>
        {(Object.keys(FORMAT_LABELS) as ExportFormat[]).map((value) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name="export-format"
              value={value}
              checked={format === value}
              onChange={() => setFormat(value)}
              data-testid={`export-format-${value}`}
            />{' '}
            {FORMAT_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <label className="choice">
        <input
          type="checkbox"
          checked={redact}
          onChange={(event) => review.setRedactChecked(event.target.checked)}
          data-testid="export-redact"
        />{' '}
        Redact secrets (tokens, API keys, passwords, cookies)
      </label>
      {confirmingOff && (
        <div className="confirm warning-box" role="alertdialog" data-testid="export-redact-confirm">
          <p>
            Without redaction the file carries every secret the session recorded: anyone who gets the file can
            use them. Turn redaction off?
          </p>
          <button type="button" onClick={review.keepRedaction} data-testid="export-redact-keep">
            Keep redaction on
          </button>{' '}
          <button
            type="button"
            className="danger"
            onClick={review.turnRedactionOff}
            data-testid="export-redact-off"
          >
            Turn redaction off
          </button>
        </div>
      )}
      <section
        className="redaction-review"
        aria-label="What redaction removed"
        data-testid="redaction-review"
      >
        {exported.isPending && <p className="muted">Preparing the file…</p>}
        {exported.isPending && (
          <ProgressNotice
            testId="export-progress"
            label="Preparing the file"
            startedAt={review.exportStartedAt}
            onCancel={review.cancelExport}
          />
        )}
        {exported.error && (
          <p className="error-text" role="alert" data-testid="export-error">
            The file could not be prepared: {exported.error.message}
          </p>
        )}
        {result && (
          <>
            <p data-testid="redaction-headline" data-count={result.redactions.length} data-redact={redact}>
              {redactionHeadline(result.redactions, redact)}
            </p>
            {result.redactions.length > 0 && <RedactionTable redactions={result.redactions} />}
            <p className="muted" data-testid="export-file">
              {result.name} · {formatBytes(bytes)}
            </p>
          </>
        )}
      </section>
      <div className="dialog-actions">
        <button type="button" onClick={onDone} data-testid="export-cancel">
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          onClick={review.download}
          disabled={!result || confirmingOff}
          data-testid="export-download"
        >
          Download
        </button>
      </div>
    </form>
  );
}

/** Each removal redaction made: its kind, where it was, the name it had and the frame it was in, never the value. */
function RedactionTable({ redactions }: { redactions: RedactionItem[] }) {
  return (
    <table className="redactions">
      <thead>
        <tr>
          <th>Kind</th>
          <th>Where</th>
          <th>Name</th>
          <th>Frame</th>
        </tr>
      </thead>
      <tbody>
        {redactions.map((item, index) => (
          <tr key={index} data-testid="redaction-item" data-kind={item.kind}>
            <td>{redactionKind(item)}</td>
            <td>{redactionWhere(item)}</td>
            <td>
              <code>{item.name}</code>
            </td>
            <td>{item.frameId ? <code title={item.frameId}>{item.frameId}</code> : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
