// The checks feature: the Checks tab (checks, probes, the conformance suite) and its palette commands. Other
// features import it only from here.

export { ChecksPanel } from './ChecksPanel';
export { checkCommands } from './checkCommands';
export { useActs } from './useActs';
export { useChecks } from './useChecks';
