// Export as a session file or HAR 1.2 (SES-5, SES-6). The host builds the file first, and the dialog lists what
// redaction removed from it (kind, where, name, frame) before anything is downloaded. Redaction is on by default;
// turning it off asks for a clear yes, because the file would then carry tokens and passwords to wherever it goes.

import { useEffect, useMemo, useState } from 'react';
import type { ExportFormat } from '../../../shared/session/types';
import { useAppStore } from '../../store/appStore';
import { downloadText } from '../../ui/fileText';
import { formatBytes } from '../../ui/frameFormat';
import { plural, redactionHeadline, redactionKind, redactionWhere } from './sessionText';
import { SessionDialog } from './SessionDialog';
import { useSessionUi } from './sessionUiStore';
import { useExportSession } from './useSessionActions';

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
  const [format, setFormat] = useState<ExportFormat>(initialFormat);
  const [redact, setRedact] = useState(true);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const exported = useExportSession();
  const notify = useAppStore((state) => state.notifySession);
  const replayTitle = useAppStore((state) => state.replay?.session.title);
  const { mutate } = exported;
  useEffect(() => {
    mutate({ format, redact });
  }, [mutate, format, redact]);

  const result = exported.isPending ? undefined : exported.data;
  const bytes = useMemo(() => (result ? new Blob([result.text]).size : 0), [result]);
  const download = () => {
    if (!result) return;
    downloadText(result.name, result.text, result.mimeType);
    notify({
      tone: 'info',
      text: `Downloaded ${result.name} (${formatBytes(bytes)}). ${
        redact ? `${plural(result.redactions.length, 'secret')} redacted.` : 'Redaction was off.'
      }`,
    });
    onDone();
  };

  return (
    <form method="dialog" onSubmit={(event) => event.preventDefault()}>
      <h2>Export {replayTitle ? `“${replayTitle}”` : 'this run'}</h2>
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
          onChange={(event) => {
            if (event.target.checked) {
              setRedact(true);
              setConfirmingOff(false);
            } else setConfirmingOff(true);
          }}
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
          <button type="button" onClick={() => setConfirmingOff(false)} data-testid="export-redact-keep">
            Keep redaction on
          </button>{' '}
          <button
            type="button"
            className="danger"
            onClick={() => {
              setRedact(false);
              setConfirmingOff(false);
            }}
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
            {result.redactions.length > 0 && (
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
                  {result.redactions.map((item, index) => (
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
            )}
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
          onClick={download}
          disabled={!result || confirmingOff}
          data-testid="export-download"
        >
          Download
        </button>
      </div>
    </form>
  );
}
