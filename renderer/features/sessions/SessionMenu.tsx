// The top bar's session actions (SES-2, SES-5, SES-7): open a session file, save (also Ctrl/Cmd+S), export as a
// session file or HAR, serve as a mock agent. Save, export and mock act on the session being replayed, else on this
// run's recording; the buttons' titles say which.

import { useEffect } from 'react';
import { useAppStore } from '../../store/appStore';
import { BESIDE_INPUT_ID, SESSION_FILE_INPUT_ID, useSessionUi } from './sessionUiStore';
import { useOpenSession, useSaveSession } from './useSessionActions';
import { useOpenBeside } from './useOpenBeside';

export function SessionMenu() {
  const replayTitle = useAppStore((state) => state.replay?.session.title);
  // A session in browse mode is too large to load whole, which saving, exporting and mocking need.
  const browsing = useAppStore((state) => state.replay?.session.browse === true);
  const browseNote = 'Not for a session in browse mode: it is too large to load whole';
  const save = useSaveSession();
  const open = useOpenSession();
  const beside = useOpenBeside();
  const opening = useSessionUi((state) => state.opening);
  const openExport = useSessionUi((state) => state.openExport);
  const openMock = useSessionUi((state) => state.openMock);
  const what = replayTitle ? `the replayed session “${replayTitle}”` : 'this run';

  const { mutate: saveNow } = save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      // The browser's own "Save page" would save the app's HTML, never what the user means here.
      event.preventDefault();
      if (!event.repeat) saveNow();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [saveNow]);

  return (
    <div className="session-menu" role="group" aria-label="Session" data-testid="session-menu">
      <button
        type="button"
        onClick={() => document.getElementById(SESSION_FILE_INPUT_ID)?.click()}
        disabled={opening !== null}
        title="Open a session file or a HAR file to replay it (or drop it on the window)"
        data-testid="session-open"
      >
        {opening ? openingLabel(opening) : 'Open session…'}
      </button>
      <input
        id={SESSION_FILE_INPUT_ID}
        type="file"
        accept=".switchboard,.har,.json,.jsonl,application/json"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that picking the same file again (after fixing it) opens it again.
          event.target.value = '';
          if (file) open.mutate({ file });
        }}
        data-testid="session-file-input"
      />
      <button
        type="button"
        onClick={() => document.getElementById(BESIDE_INPUT_ID)?.click()}
        disabled={opening !== null}
        title="Open a session file in a tab beside the live run, to look at both or compare them"
        data-testid="session-open-beside"
      >
        Beside…
      </button>
      <input
        id={BESIDE_INPUT_ID}
        type="file"
        accept=".switchboard,.har,.json,.jsonl,application/json"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) beside.mutate({ file });
        }}
        data-testid="session-beside-input"
      />
      <button
        type="button"
        onClick={() => save.mutate()}
        disabled={save.isPending || browsing}
        title={browsing ? browseNote : `Save ${what} into the data folder, secrets redacted (Ctrl+S)`}
        data-testid="session-save"
      >
        {save.isPending ? 'Saving…' : 'Save session'}
      </button>
      <button
        type="button"
        onClick={() => openExport('session')}
        disabled={browsing}
        title={browsing ? browseNote : `Export ${what} as a file, after reviewing what redaction removes`}
        data-testid="session-export"
      >
        Export…
      </button>
      <button
        type="button"
        onClick={() => openExport('har')}
        disabled={browsing}
        title={browsing ? browseNote : `Export ${what} as HAR 1.2`}
        data-testid="session-export-har"
      >
        HAR…
      </button>
      <button
        type="button"
        onClick={openMock}
        disabled={browsing}
        title={browsing ? browseNote : `Serve ${what} as a mock A2A agent on 127.0.0.1`}
        data-testid="session-mock"
      >
        Mock…
      </button>
    </div>
  );
}

function openingLabel(opening: { loaded: number; total?: number }): string {
  return opening.total ? `Reading ${opening.loaded} / ${opening.total} frames…` : 'Opening…';
}
