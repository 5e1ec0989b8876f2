// A dialog to paste an agent card's JSON (CARD-2): it opens like any agent, with no request made until an
// operation runs.

import { useRef, useState } from 'react';

export function PasteCardDialog({ onOpen }: { onOpen: (text: string) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  return (
    <>
      <button type="button" onClick={() => dialog.current?.showModal()} data-testid="paste-card">
        Paste card
      </button>
      <dialog ref={dialog} className="dialog" aria-label="Paste an agent card">
        <form
          method="dialog"
          onSubmit={() => {
            if (text.trim() !== '') onOpen(text);
          }}
        >
          <h2>Paste an agent card</h2>
          <textarea
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={16}
            spellCheck={false}
            placeholder='{"name": "…", "supportedInterfaces": [ … ] }'
            data-testid="paste-card-text"
          />
          <div className="dialog-actions">
            <button type="button" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" data-testid="paste-card-open" disabled={text.trim() === ''}>
              Open
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
