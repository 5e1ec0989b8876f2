// The sidebar's agent library (UX-1, CARD-1, CARD-2): open an agent by URL, paste a card or open a card file, try
// the demo agent; the agents open now, each with its settings; the saved library to open again; import and export.

import { useRef, useState, type FormEvent } from 'react';
import { useAppStore } from '../../store/appStore';
import { AgentSettingsDialog } from './AgentSettingsDialog';
import { agentName } from '../../../shared/agentName';
import { downloadText, readFileText } from '../../ui/fileText';
import { exportLibrary, importLibrary } from './libraryEntries';
import { PasteCardDialog } from './PasteCardDialog';
import { VisibleName } from '../render';
import { useAgentSources } from './useAgentSources';
import { useForgetAgent } from './useAgentActions';
import { useForgetSaved, useLoadLibrary, useSaveLibrary } from './useLibrary';

export function AgentLibrary() {
  useLoadLibrary();
  const agents = useAppStore((state) => state.agents);
  const activeId = useAppStore((state) => state.activeAgentId);
  const setActive = useAppStore((state) => state.setActiveAgent);
  const library = useAppStore((state) => state.library);
  const libraryProblem = useAppStore((state) => state.libraryProblem);
  const open = useAgentSources();
  const forget = useForgetAgent();
  const forgetSaved = useForgetSaved();
  const save = useSaveLibrary();
  const [url, setUrl] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const cardFile = useRef<HTMLInputElement>(null);
  const libraryFile = useRef<HTMLInputElement>(null);
  const failure = open.data && !open.data.ok ? open.data.message : open.error?.message;
  const openUrls = new Set(agents.map((a) => a.cardUrl));
  const saved = library.filter((entry) => !openUrls.has(entry.url));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim() !== '') open.mutate({ kind: 'url', url: url.trim() });
  };
  const openCardFile = async (file: File | undefined) => {
    if (!file) return;
    const read = await readFileText(file);
    if (read.ok) open.mutate({ kind: 'text', text: read.text, name: file.name });
    else setNotice(read.message);
  };
  const importFile = async (file: File | undefined) => {
    if (!file) return;
    const read = await readFileText(file);
    if (!read.ok) return setNotice(read.message);
    const merged = importLibrary(library, read.text);
    if (!merged.ok) return setNotice(merged.message);
    save.mutate(merged.entries);
    setNotice(`Imported ${merged.added} new agent${merged.added === 1 ? '' : 's'}.`);
  };

  return (
    <nav className="sidebar" aria-label="Agents">
      <h2>Agents</h2>
      <form className="open-agent" onSubmit={submit}>
        <label htmlFor="agent-url" className="visually-hidden">
          Agent URL
        </label>
        <input
          id="agent-url"
          data-testid="agent-url"
          placeholder="Agent URL or card URL"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          spellCheck={false}
        />
        <button type="submit" data-testid="open-agent" disabled={open.isPending}>
          {open.isPending ? 'Opening…' : 'Open'}
        </button>
      </form>
      <div className="agent-sources">
        <PasteCardDialog onOpen={(text) => open.mutate({ kind: 'text', text, name: 'pasted card' })} />
        <button type="button" onClick={() => cardFile.current?.click()} data-testid="open-card-file">
          Open card file
        </button>
        <input
          ref={cardFile}
          type="file"
          accept=".json,application/json"
          hidden
          onChange={(event) => void openCardFile(event.target.files?.[0])}
          data-testid="card-file-input"
        />
      </div>
      {failure && (
        <pre className="error-text" role="alert" data-testid="open-agent-error">
          {failure}
        </pre>
      )}
      {agents.length === 0 ? (
        <div className="empty" data-testid="agents-empty">
          <p>
            No agents open. Enter an agent's base URL (discovery finds its card) or the full URL of its card.
          </p>
          <button
            type="button"
            className="primary"
            onClick={() => open.mutate({ kind: 'demo' })}
            data-testid="try-demo"
          >
            Try the demo agent
          </button>
        </div>
      ) : (
        <ul className="agent-list" data-testid="agent-list">
          {agents.map((agent) => (
            <li key={agent.id} className="agent-row">
              <button
                type="button"
                className={agent.id === activeId ? 'agent selected' : 'agent'}
                aria-current={agent.id === activeId}
                onClick={() => setActive(agent.id)}
                data-testid="agent-item"
              >
                <span className="agent-name">
                  <VisibleName text={agentName(agent)} />
                </span>
                <span className="badge">A2A {agent.chosen?.generation ?? agent.generation}</span>
              </button>
              <AgentSettingsDialog key={agent.id} agent={agent} />
              <button
                type="button"
                className="icon"
                title="Close this agent (it stays in the library)"
                onClick={() => forget.mutate(agent.id)}
                data-testid="agent-close"
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
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
          <ul className="agent-list" data-testid="library-list">
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
    </nav>
  );
}
