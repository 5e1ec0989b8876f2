// The agents opened in this window: what the host said about each (card, interfaces, settings with secrets
// hidden), which one is active, and the last problem opening one.

import type { StateCreator } from 'zustand';
import type { AgentSummary, LibraryEntry } from '../../shared/host/agent';

export interface AgentsSlice {
  agents: AgentSummary[];
  activeAgentId: string | null;
  /** The saved library (agents to open again), as last loaded or saved. */
  library: LibraryEntry[];
  libraryProblem: string | null;
  setLibrary(entries: LibraryEntry[], problem?: string | null): void;
  upsertAgent(agent: AgentSummary): void;
  removeAgent(id: string): void;
  setActiveAgent(id: string | null): void;
}

export const createAgentsSlice: StateCreator<AgentsSlice, [], [], AgentsSlice> = (set) => ({
  agents: [],
  activeAgentId: null,
  library: [],
  libraryProblem: null,
  setLibrary(entries, problem = null) {
    set({ library: entries, libraryProblem: problem });
  },
  upsertAgent(agent) {
    set((state) => {
      const index = state.agents.findIndex((a) => a.id === agent.id);
      const agents = [...state.agents];
      if (index === -1) agents.push(agent);
      else agents[index] = agent;
      return { agents };
    });
  },
  removeAgent(id) {
    set((state) => ({
      agents: state.agents.filter((a) => a.id !== id),
      activeAgentId: state.activeAgentId === id ? null : state.activeAgentId,
    }));
  },
  setActiveAgent(id) {
    set({ activeAgentId: id });
  },
});
