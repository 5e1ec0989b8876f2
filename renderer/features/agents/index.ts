// The agents feature: the agent library, each agent's settings and sign-in, and the hooks other features use to act
// on the agent in view. Other features import it only from here.

export { AgentLibrary } from './AgentLibrary';
export { exportLibrary } from './libraryList';
export {
  useActiveAgent,
  useCloseStream,
  useConfigureAgent,
  useRunOperation,
  useTrustOrigin,
} from './useAgentActions';
export { useAgentSources } from './useAgentSources';
