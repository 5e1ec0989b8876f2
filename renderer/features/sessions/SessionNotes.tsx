// What the session actions said: where a session was saved and how many secrets were redacted, what a download
// held, why a file was not opened (the host's own words). Kept until dismissed, newest last; errors are alerts. A
// session that takes over a second to open shows the shared progress notice with Cancel (UX-5).

import { useAppStore } from '../../store/appStore';
import { ProgressNotice } from '../../ui/ProgressNotice';
import { useSessionUi } from './sessionUiStore';

export function SessionNotes() {
  const notes = useAppStore((state) => state.sessionNotes);
  const dismiss = useAppStore((state) => state.dismissSessionNote);
  const opening = useSessionUi((state) => state.opening);
  const saving = useSessionUi((state) => state.saving);
  if (notes.length === 0 && !opening && !saving) return null;
  return (
    <div className="session-notes" data-testid="session-notes">
      {opening && (
        <ProgressNotice
          testId="session-opening"
          className="session-note"
          label={`Opening ${opening.name}`}
          done={opening.loaded}
          {...(opening.total !== undefined ? { total: opening.total } : {})}
          unit={opening.unit ?? 'frames read'}
          startedAt={opening.startedAt}
          onCancel={opening.cancel}
        />
      )}
      {saving && (
        <ProgressNotice
          testId="session-saving"
          className="session-note"
          label="Saving the session"
          startedAt={saving.startedAt}
          onCancel={saving.cancel}
        />
      )}
      {notes.map((note) => (
        <div
          key={note.id}
          className={`session-note ${note.tone}`}
          role={note.tone === 'error' ? 'alert' : 'status'}
          data-testid="session-note"
          data-tone={note.tone}
        >
          <span className="session-note-text">{note.text}</span>
          <button
            type="button"
            className="icon"
            onClick={() => dismiss(note.id)}
            aria-label="Dismiss"
            data-testid="session-note-dismiss"
          >
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
