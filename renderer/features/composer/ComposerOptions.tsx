// The message's extras (MSG-4: metadata, extensions, referenceTaskIds) and the send configuration (MSG-5: blocking,
// accepted output modes, history length), folded away until needed; each field shows its own problem or warning.

import { useId, useState, type ReactNode } from 'react';
import { useAppStore } from '../../store/appStore';
import type { DraftNote, NoteField } from './draft';
import { JsonEditor } from './JsonEditor';

export function ComposerOptions({
  problems,
  warnings,
  onSubmit,
}: {
  problems: DraftNote[];
  warnings: DraftNote[];
  onSubmit(): void;
}) {
  return (
    <div className="composer-options">
      <MessageOptions problems={problems} warnings={warnings} onSubmit={onSubmit} />
      <SendOptionsFields problems={problems} warnings={warnings} />
    </div>
  );
}

function Notes({
  field,
  problems,
  warnings,
}: {
  field: NoteField;
  problems: DraftNote[];
  warnings: DraftNote[];
}) {
  return (
    <>
      {problems
        .filter((note) => note.field === field)
        .map((note, i) => (
          <p
            key={`p${i}`}
            className="composer-note error"
            role="alert"
            data-testid={`composer-${field}-problem`}
          >
            {note.message}
          </p>
        ))}
      {warnings
        .filter((note) => note.field === field)
        .map((note, i) => (
          <p key={`w${i}`} className="composer-note warning" data-testid={`composer-${field}-warning`}>
            {note.message}
          </p>
        ))}
    </>
  );
}

function MessageOptions({
  problems,
  warnings,
  onSubmit,
}: {
  problems: DraftNote[];
  warnings: DraftNote[];
  onSubmit(): void;
}) {
  const metadataJson = useAppStore((state) => state.metadataJson);
  const extensionsText = useAppStore((state) => state.extensionsText);
  const referenceTaskIdsText = useAppStore((state) => state.referenceTaskIdsText);
  const setExtras = useAppStore((state) => state.setMessageExtras);
  const id = useId();
  const used = [metadataJson, extensionsText, referenceTaskIdsText].filter(
    (text) => text.trim() !== '',
  ).length;
  const fields: NoteField[] = ['metadata', 'extensions', 'referenceTaskIds'];
  const troubled = problems.some((note) => note.field && fields.includes(note.field));
  return (
    <Section
      testId="composer-message-options"
      forceOpen={troubled}
      summary={<>Message options{used > 0 && <span className="composer-badge">{used} set</span>}</>}
    >
      <div className="composer-section-body">
        <span className="composer-field-label">Metadata (a JSON object)</span>
        <JsonEditor
          value={metadataJson}
          onChange={(json) => setExtras({ metadataJson: json })}
          onSubmit={onSubmit}
          modelPath="composer/metadata.json"
          label="Message metadata"
          testId="composer-metadata"
          height={70}
        />
        <Notes field="metadata" problems={problems} warnings={warnings} />
        <label htmlFor={`${id}-ext`} className="composer-field-label">
          Extensions (URIs, one per line or separated by spaces)
        </label>
        <textarea
          id={`${id}-ext`}
          rows={2}
          value={extensionsText}
          placeholder="https://example.com/ext/v1"
          onChange={(event) => setExtras({ extensionsText: event.target.value })}
          data-testid="composer-extensions"
        />
        <Notes field="extensions" problems={problems} warnings={warnings} />
        <label htmlFor={`${id}-refs`} className="composer-field-label">
          Referenced task ids
        </label>
        <input
          id={`${id}-refs`}
          value={referenceTaskIdsText}
          placeholder="task ids, separated by spaces or commas"
          onChange={(event) => setExtras({ referenceTaskIdsText: event.target.value })}
          data-testid="composer-reference-tasks"
        />
        <Notes field="referenceTaskIds" problems={problems} warnings={warnings} />
      </div>
    </Section>
  );
}

function SendOptionsFields({ problems, warnings }: { problems: DraftNote[]; warnings: DraftNote[] }) {
  const streaming = useAppStore((state) => state.streaming);
  const blocking = useAppStore((state) => state.blocking);
  const modes = useAppStore((state) => state.acceptedOutputModesText);
  const history = useAppStore((state) => state.historyLengthText);
  const setOptions = useAppStore((state) => state.setSendOptions);
  const id = useId();
  const troubled = problems.some(
    (note) => note.field === 'historyLength' || note.field === 'acceptedOutputModes',
  );
  const summary = [
    streaming ? 'streaming' : blocking ? 'blocking' : 'returns at once',
    modes.trim() && 'output modes',
    history.trim() && `history ${history.trim()}`,
  ].filter(Boolean);
  return (
    <Section
      testId="composer-send-options"
      forceOpen={troubled}
      summary={
        <>
          Send options <span className="muted">({summary.join(', ')})</span>
        </>
      }
    >
      <div className="composer-section-body">
        <label
          title={streaming ? 'A stream answers at once; this applies to sends without streaming.' : undefined}
        >
          <input
            type="checkbox"
            checked={streaming || blocking}
            disabled={streaming}
            onChange={(event) => setOptions({ blocking: event.target.checked })}
            data-testid="composer-blocking"
          />{' '}
          Wait for the task to finish or ask for input (blocking)
          {streaming && <span className="muted"> — not used while streaming</span>}
        </label>
        <label htmlFor={`${id}-modes`} className="composer-field-label">
          Accepted output modes
        </label>
        <input
          id={`${id}-modes`}
          value={modes}
          placeholder="media types, e.g. text/plain application/json"
          onChange={(event) => setOptions({ acceptedOutputModesText: event.target.value })}
          data-testid="composer-output-modes"
        />
        <Notes field="acceptedOutputModes" problems={problems} warnings={warnings} />
        <label htmlFor={`${id}-history`} className="composer-field-label">
          History length
        </label>
        <input
          id={`${id}-history`}
          value={history}
          inputMode="numeric"
          placeholder="the agent’s default"
          onChange={(event) => setOptions({ historyLengthText: event.target.value })}
          data-testid="composer-history-length"
        />
        <Notes field="historyLength" problems={problems} warnings={warnings} />
      </div>
    </Section>
  );
}

/**
 * A folded section that opens by itself while one of its fields has a problem, so the reason Send is disabled is
 * never hidden; once open (by the user or by a problem) it stays open until the user folds it. Its fields are built
 * only while it is open, so a folded section costs no editor.
 */
function Section({
  testId,
  forceOpen,
  summary,
  children,
}: {
  testId: string;
  forceOpen: boolean;
  summary: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const shown = open || forceOpen;
  return (
    <details
      className="composer-section"
      data-testid={testId}
      open={shown}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>{summary}</summary>
      {shown && children}
    </details>
  );
}
