// The composer's "Add" row (MSG-1..3): a file by picker, a file by URI, a data part or another text part, the hint
// that files can be dropped, and how reading the picked files goes.

import { useRef } from 'react';
import { useAppStore } from '../../store/appStore';
import type { useAddFiles } from './useAddFiles';

export function ComposerAddBar({ files }: { files: ReturnType<typeof useAddFiles> }) {
  const addParts = useAppStore((state) => state.addParts);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="composer-add">
      <span className="muted">Add</span>
      <button type="button" onClick={() => fileInput.current?.click()} data-testid="composer-add-file">
        File…
      </button>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        onChange={(event) => {
          const picked = event.target.files ? [...event.target.files] : [];
          // Cleared so picking the same file again still adds it.
          event.target.value = '';
          void files.addFiles(picked);
        }}
        data-testid="composer-file-input"
      />
      <button
        type="button"
        onClick={() => addParts([{ kind: 'file', source: 'uri', name: '', mediaType: '', uri: '' }])}
        data-testid="composer-add-file-uri"
      >
        File by URI
      </button>
      <button
        type="button"
        onClick={() => addParts([{ kind: 'data', json: '{}', mediaType: '' }])}
        data-testid="composer-add-data"
      >
        Data
      </button>
      <button
        type="button"
        onClick={() => addParts([{ kind: 'text', text: '' }])}
        data-testid="composer-add-text"
      >
        Text
      </button>
      <span className="muted composer-drop-hint">or drop files here</span>
      {files.reading > 0 && <span className="muted">Reading {files.reading} file(s)…</span>}
      {files.error && (
        <span className="composer-note error" role="alert">
          {files.error}
        </span>
      )}
    </div>
  );
}
