// "Import cURL" (MSG-8): paste a curl command line from API docs or a terminal; it fills the editor (what was noted
// or ignored is said in the editor's notice), or the dialog says in words why it cannot be imported.

import { useRef, useState } from 'react';
import { draftFromCurl, type DraftImport } from './editorRequest';

export function ImportCurlDialog({ onImport }: { onImport: (imported: DraftImport) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    try {
      onImport(draftFromCurl(text));
      setError(null);
      setText('');
      dialog.current?.close();
    } catch (problem) {
      setError(problem instanceof Error ? problem.message : String(problem));
    }
  };
  return (
    <>
      <button type="button" onClick={() => dialog.current?.showModal()} data-testid="raw-import-curl">
        Import cURL
      </button>
      <dialog ref={dialog} className="dialog" aria-label="Import a curl command">
        {/* Not a form: the dialog sits inside the editor's form, and forms do not nest. */}
        <div className="dialog-body">
          <h2>Import a curl command</h2>
          <textarea
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={10}
            spellCheck={false}
            placeholder="curl -X POST https://… -H 'Content-Type: application/json' -d '{…}'"
            data-testid="curl-import-text"
          />
          {error && (
            <p className="raw-outcome error" role="alert" data-testid="curl-import-error">
              {error}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="button" onClick={submit} disabled={text.trim() === ''} data-testid="curl-import-go">
              Import
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
