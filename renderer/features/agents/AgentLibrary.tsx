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
      <OpenAgentList library={library} />
      <SavedAgents library={library} />
    </nav>
  );
}
