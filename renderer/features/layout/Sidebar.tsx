// The agent library's place. Agents arrive with the agent client; until then it says how to start.

export function Sidebar() {
  return (
    <nav className="sidebar" aria-label="Agents">
      <h2>Agents</h2>
      <p className="empty" data-testid="agents-empty">
        No agents yet. Paste an agent's URL into the address bar to fetch its card.
      </p>
    </nav>
  );
}
