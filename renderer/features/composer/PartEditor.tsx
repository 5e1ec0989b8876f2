// One part of the message being composed (MSG-1..3): the main text box, another text, a file (inline bytes or a URI,
// with its name and media type) or a data part in a JSON editor; with buttons to move it and remove it, and the
// problems and warnings draft.ts found for it shown beside it.

import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { useAppStore } from '../../store/appStore';
import type { DataDraft, DraftPart, FileDraft, TextDraft } from '../../store/composerSlice';
import { formatSize } from './base64';
import type { DraftNote } from './draft';
import { JsonEditor } from './JsonEditor';

export interface PartEditorProps {
  part: DraftPart;
  index: number;
  count: number;
  problems: DraftNote[];
  warnings: DraftNote[];
  placeholder: string;
  onSubmit(): void;
}

const KIND_LABEL: Record<DraftPart['kind'], string> = {
  'main-text': 'Text',
  text: 'Text',
  file: 'File',
  data: 'Data',
};

export function PartEditor({
  part,
  index,
  count,
  problems,
  warnings,
  placeholder,
  onSubmit,
}: PartEditorProps) {
  const movePart = useAppStore((state) => state.movePart);
  const removePart = useAppStore((state) => state.removePart);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmit();
    }
  };
  // A message of only the text box needs no part header: the composer then looks like a plain chat box.
  const bare = part.kind === 'main-text' && count === 1;

  let body: ReactNode;
  switch (part.kind) {
    case 'main-text':
      body = <MainText placeholder={placeholder} onKeyDown={onKeyDown} />;
      break;
    case 'text':
      body = <ExtraText part={part} onKeyDown={onKeyDown} />;
      break;
    case 'file':
      body = <FileFields part={part} />;
      break;
    case 'data':
      body = <DataFields part={part} onSubmit={onSubmit} />;
      break;
  }

  if (bare) return <li className="composer-part bare">{body}</li>;
  return (
    <li
      className="composer-part"
      data-testid="composer-part"
      data-kind={part.kind === 'main-text' ? 'text' : part.kind}
    >
      <div className="composer-part-head">
        <span className="composer-part-label">
          Part {index + 1} · {KIND_LABEL[part.kind]}
        </span>
        <span className="composer-part-tools">
          <button
            type="button"
            onClick={() => movePart(part.id, -1)}
            disabled={index === 0}
            aria-label={`Move part ${index + 1} up`}
            data-testid="composer-part-up"
          >
            ↑
          </button>
          <button
            type="button"
            onClick={() => movePart(part.id, 1)}
            disabled={index === count - 1}
            aria-label={`Move part ${index + 1} down`}
            data-testid="composer-part-down"
          >
            ↓
          </button>
          {part.kind !== 'main-text' && (
            <button
              type="button"
              onClick={() => removePart(part.id)}
              aria-label={`Remove part ${index + 1}`}
              data-testid="composer-part-remove"
            >
              ✕
            </button>
          )}
        </span>
      </div>
      {body}
      {problems.map((note, i) => (
        <p key={`p${i}`} className="composer-note error" role="alert" data-testid="composer-part-problem">
          {note.message}
        </p>
      ))}
      {warnings.map((note, i) => (
        <p key={`w${i}`} className="composer-note warning" data-testid="composer-part-warning">
          {note.message}
        </p>
      ))}
    </li>
  );
}

function MainText({
  placeholder,
  onKeyDown,
}: {
  placeholder: string;
  onKeyDown(event: KeyboardEvent): void;
}) {
  const text = useAppStore((state) => state.composerText);
  const setText = useAppStore((state) => state.setComposerText);
  return (
    <textarea
      data-testid="composer-text"
      aria-label="Message text"
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={onKeyDown}
      rows={3}
    />
  );
}

function ExtraText({ part, onKeyDown }: { part: TextDraft; onKeyDown(event: KeyboardEvent): void }) {
  const updatePart = useAppStore((state) => state.updatePart);
  return (
    <textarea
      data-testid="composer-extra-text"
      aria-label="Text part"
      value={part.text}
      onChange={(event) => updatePart(part.id, { text: event.target.value })}
      onKeyDown={onKeyDown}
      rows={2}
    />
  );
}

function FileFields({ part }: { part: FileDraft }) {
  const updatePart = useAppStore((state) => state.updatePart);
  const id = useId();
  const canInline = part.bytes !== undefined || part.tooLarge === true;
  return (
    <div className="composer-file">
      <div className="composer-fields">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          value={part.name}
          placeholder="(none)"
          onChange={(event) => updatePart(part.id, { name: event.target.value })}
          data-testid="composer-file-name"
        />
        <label htmlFor={`${id}-type`}>Media type</label>
        <input
          id={`${id}-type`}
          value={part.mediaType}
          placeholder="(none)"
          onChange={(event) => updatePart(part.id, { mediaType: event.target.value })}
          data-testid="composer-file-type"
        />
      </div>
      <div className="composer-file-source" role="radiogroup" aria-label="Send the file as">
        <label>
          <input
            type="radio"
            name={`${id}-source`}
            checked={part.source === 'bytes'}
            disabled={!canInline}
            onChange={() => updatePart(part.id, { source: 'bytes' })}
            data-testid="composer-file-source-bytes"
          />{' '}
          Inline bytes{part.size !== undefined ? ` (${formatSize(part.size)})` : ''}
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-source`}
            checked={part.source === 'uri'}
            onChange={() => updatePart(part.id, { source: 'uri' })}
            data-testid="composer-file-source-uri"
          />{' '}
          URI
        </label>
        {part.source === 'uri' && (
          <input
            className="composer-file-uri"
            aria-label="File URI"
            value={part.uri}
            placeholder="https://…"
            onChange={(event) => updatePart(part.id, { uri: event.target.value })}
            data-testid="composer-file-uri"
          />
        )}
      </div>
    </div>
  );
}

function DataFields({ part, onSubmit }: { part: DataDraft; onSubmit(): void }) {
  const updatePart = useAppStore((state) => state.updatePart);
  const id = useId();
  return (
    <div className="composer-data">
      <div className="composer-fields">
        <label htmlFor={`${id}-type`}>Media type</label>
        <input
          id={`${id}-type`}
          value={part.mediaType}
          placeholder="(none)"
          onChange={(event) => updatePart(part.id, { mediaType: event.target.value })}
          data-testid="composer-data-type"
        />
      </div>
      <JsonEditor
        value={part.json}
        onChange={(json) => updatePart(part.id, { json })}
        onSubmit={onSubmit}
        modelPath={`composer/${part.id}.json`}
        label="Data part JSON"
        testId="composer-data-editor"
        height={110}
      />
    </div>
  );
}
