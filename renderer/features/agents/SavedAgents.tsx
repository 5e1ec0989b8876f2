// The saved library in the sidebar (UX-1): agents opened before and not open now, to open again or remove, and the
// library's import and export. The state comes from useAgentLibrary.ts.

import { downloadText } from '../../ui/fileText';
import { VisibleName } from '../render';
import { exportLibrary } from './libraryList';
import type { AgentLibraryState } from './useAgentLibrary';
import { onListArrowKeys } from '../../ui/listKeys';

export function SavedAgents({ library: state }: { library: AgentLibraryState }) {
  const { library, libraryProblem, notice, saved, open, forgetSaved, libraryFile, importFile } = state;
  return (
    <section className="library" aria-label="Saved agents">
      <h3>Library</h3>
      {libraryProblem && (
        <p className="error-text" role="alert" data-testid="library-problem">
          {libraryProblem}
        </p>
      )}
      {notice && (
        <p className="muted" role="status" data-testid="library-notice">
          {notice}
        </p>
      )}
      {saved.length === 0 ? (
        <p className="muted">Agents you open are kept here.</p>
      ) : (
        <ul className="agent-list" onKeyDown={onListArrowKeys} data-testid="library-list">
          {saved.map((entry) => (
            <li key={entry.url} className="agent-row">
              <button
                type="button"
                className="agent"
                onClick={() =>
                  open.mutate({
                    kind: 'url',
                    url: entry.url,
                    ...(entry.cardPath ? { cardPath: entry.cardPath } : {}),
                    ...(entry.settings ? { settings: entry.settings } : {}),
                  })
                }
                title={entry.url}
                data-testid="library-item"
              >
                <VisibleName text={entry.name ?? entry.url} />
                {(entry.routeHolds?.length ?? 0) > 0 && (
                  <span
                    className="muted"
                    data-testid="library-held"
                    title="An earlier send found the route missing; sends stay held until you send anyway."
                  >
                    {' '}
                    (sends held)
                  </span>
                )}
              </button>
              <button
                type="button"
                className="icon"
                title="Remove from the library"
                onClick={() => forgetSaved(entry.url)}
                data-testid="library-remove"
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="agent-sources">
        <button
          type="button"
          onClick={() => downloadText('switchboard-agents.json', exportLibrary(library))}
          disabled={library.length === 0}
          data-testid="library-export"
        >
          Export
        </button>
        <button type="button" onClick={() => libraryFile.current?.click()} data-testid="library-import">
          Import
        </button>
        <input
          ref={libraryFile}
          type="file"
          accept=".json,application/json"
          hidden
          onChange={(event) => void importFile(event.target.files?.[0])}
          data-testid="library-file-input"
        />
      </div>
    </section>
  );
}
