// The sidebar's agent library (UX-1, CARD-1, CARD-2): open an agent by URL, paste a card or open a card file, try
// the demo agent; the agents open now, each with its settings; the saved library to open again; import and export.
// What it works with comes from useAgentLibrary.ts; each part of the sidebar is its own component.

import { OpenAgentControls } from './OpenAgentControls';
import { OpenAgentList } from './OpenAgentList';
import { SavedAgents } from './SavedAgents';
import { useAgentLibrary } from './useAgentLibrary';

export function AgentLibrary() {
  const library = useAgentLibrary();
  return (
    <nav className="sidebar" aria-label="Agents">
      <h2>Agents</h2>
      <OpenAgentControls library={library} />
      {library.failure && (
        <pre className="error-text" role="alert" data-testid="open-agent-error">
          {library.failure}
        </pre>
      )}
      {library.refusedFingerprint && !library.open.isPending && (
        // NET-1: the failure named the certificate's fingerprint; accepting fills the Connection field and retries.
        <button
          type="button"
          onClick={library.acceptRefused}
          title={`Accept only after checking SHA-256 ${library.refusedFingerprint} with the agent's owner`}
          data-testid="open-agent-accept-certificate"
        >
          Accept this certificate
        </button>
      )}
      <OpenAgentList library={library} />
      <SavedAgents library={library} />
    </nav>
  );
}
