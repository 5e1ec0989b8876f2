// The top of the agent library (UX-1, CARD-1, CARD-2, NET-1): open an agent by URL (with a custom card path when the
// card is at none of the well-known paths, and, behind a collapsed "Connection…", the settings dialog's TLS and proxy
// fields for a card behind a private CA, a self-signed certificate or mutual TLS), paste a card or open a card file. The state and handlers come from
// useAgentLibrary.ts, so this part only lays them out.

import { ConnectionFieldset } from './ConnectionFieldset';
import { PasteCardDialog } from './PasteCardDialog';
import type { AgentLibraryState } from './useAgentLibrary';

export function OpenAgentControls({ library }: { library: AgentLibraryState }) {
  const { open, url, setUrl, cardPath, setCardPath, cardFile, submit, openCardFile } = library;
  const { connection, setConnection, connectionShown, setConnectionShown } = library;
  return (
    <>
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
        <label htmlFor="agent-card-path" className="visually-hidden">
          Card path
        </label>
        <input
          id="agent-card-path"
          data-testid="agent-card-path"
          className="open-agent-card-path"
          placeholder="Card path, if not well-known (optional)"
          title="Tried after the well-known paths, relative to the agent URL. Any URL that answers a card also works."
          value={cardPath}
          onChange={(event) => setCardPath(event.target.value)}
          spellCheck={false}
        />
        <button
          type="button"
          className="link"
          aria-expanded={connectionShown}
          onClick={() => setConnectionShown(!connectionShown)}
          data-testid="open-agent-connection-toggle"
        >
          {connectionShown ? 'Connection ▾' : 'Connection…'}
        </button>
        {/* Rendered only when shown, so the settings dialog's fieldset is the only one on the page otherwise. */}
        {connectionShown && <ConnectionFieldset draft={connection} setDraft={setConnection} />}
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
    </>
  );
}
