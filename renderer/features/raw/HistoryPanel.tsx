// The history of sent requests (MSG-8), newest first, with search: opening one refills the editor (secret values
// were never kept, so they are typed again); "Show" selects its frame while it is still in the window.

import { useState } from 'react';
import { useAppStore } from '../../store/appStore';
import type { RawDraft } from './rawDraft';
import { searchHistory } from './requestHistory';
import { useRequestHistory } from './requestHistoryStore';

export function HistoryPanel({ onOpen }: { onOpen: (draft: RawDraft) => void }) {
  const entries = useRequestHistory((state) => state.entries);
  const clear = useRequestHistory((state) => state.clear);
  const selectFrame = useAppStore((state) => state.selectFrame);
  const frames = useAppStore((state) => state.frames);
  // The list changes in place (store/framesSlice.ts): the version renders "Show" again when a frame arrives.
  useAppStore((state) => state.framesVersion);
  const hasFrame = (id: string) => frames.some((frame) => frame.id === id);
  const [query, setQuery] = useState('');
  const found = searchHistory(entries, query);
  return (
    <section className="raw-history" aria-label="Request history" data-testid="raw-history">
      <div className="raw-history-head">
        <input
          type="search"
          aria-label="Search the history"
          placeholder="Search method, URL, headers, body"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          data-testid="raw-history-search"
        />
        <button type="button" onClick={clear} disabled={entries.length === 0} data-testid="raw-history-clear">
          Clear
        </button>
      </div>
      {found.length === 0 ? (
        <p className="muted" data-testid="raw-history-empty">
          {entries.length === 0 ? 'Nothing sent yet.' : 'No request matches.'}
        </p>
      ) : (
        <ol className="raw-history-list">
          {found.map((entry) => (
            <li key={entry.id} data-testid="raw-history-entry">
              <button type="button" onClick={() => onOpen(entry.draft)} data-testid="raw-history-open">
                <code>{entry.draft.method}</code> {entry.draft.url}
              </button>
              <span className="muted">
                {' '}
                {entry.outcome} · {new Date(entry.at).toLocaleTimeString()}
              </span>
              {entry.frameId && hasFrame(entry.frameId) && (
                <button
                  type="button"
                  onClick={() => selectFrame(entry.frameId!)}
                  data-testid="raw-history-frame"
                >
                  Show
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
