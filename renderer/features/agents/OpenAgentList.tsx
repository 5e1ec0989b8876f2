// The agents open now (UX-1), each with its settings and a close button, or the way to the demo agent when none is
// open. The state comes from useAgentLibrary.ts.

import { agentName } from '../../../shared/agentName';
import { VisibleName } from '../render';
import { AgentSettingsDialog } from './AgentSettingsDialog';
import type { AgentLibraryState } from './useAgentLibrary';
import { onListArrowKeys } from '../../ui/listKeys';

export function OpenAgentList({ library }: { library: AgentLibraryState }) {
  const { agents, activeId, setActive, open, forget } = library;
  if (agents.length === 0) {
    return (
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
    );
  }
  return (
    <ul className="agent-list" onKeyDown={onListArrowKeys} data-testid="agent-list">
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
  );
}
