// The sidebar's agent library: open an agent by URL, see the agents opened, pick the active one.

import { useState, type FormEvent } from 'react';
import { useAppStore } from '../../store/appStore';
import { agentName } from './agentName';
import { useOpenAgent } from './useAgentActions';

export function AgentLibrary() {
  const agents = useAppStore((state) => state.agents);
  const activeId = useAppStore((state) => state.activeAgentId);
  const setActive = useAppStore((state) => state.setActiveAgent);
  const open = useOpenAgent();
  const [url, setUrl] = useState('');
  const failure = open.data && !open.data.ok ? open.data.message : open.error?.message;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim() === '') return;
    open.mutate({ url: url.trim() });
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
      {failure && (
        <pre className="error-text" role="alert" data-testid="open-agent-error">
          {failure}
        </pre>
      )}
      {agents.length === 0 ? (
        <p className="empty" data-testid="agents-empty">
          No agents yet. Enter an agent's base URL (discovery finds its card) or the full URL of its card.
        </p>
      ) : (
        <ul className="agent-list" data-testid="agent-list">
          {agents.map((agent) => (
            <li key={agent.id}>
              <button
                type="button"
                className={agent.id === activeId ? 'agent selected' : 'agent'}
                aria-current={agent.id === activeId}
                onClick={() => setActive(agent.id)}
                data-testid="agent-item"
              >
                <span className="agent-name">{agentName(agent)}</span>
                <span className="badge">A2A {agent.chosen?.generation ?? agent.generation}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
