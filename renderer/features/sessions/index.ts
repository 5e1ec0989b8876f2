// The sessions feature: saving, opening, replaying, re-sending, exporting and serving recorded sessions. Other
// features import it only from here.

// Not on the first screen: loaded when a session is opened (lazySessionBrowser.ts), keeping the start small.
export { SessionBrowser } from './lazySessionBrowser';
export { CopyButton } from './CopyButton';
export { DropOverlay } from './DropOverlay';
export { ExportDialog } from './ExportDialog';
export { MockAgentDialog } from './MockAgentDialog';
export { ReplayBar } from './ReplayBar';
export { ResendDialog } from './ResendDialog';
export { SessionMenu } from './SessionMenu';
export { SessionNotes } from './SessionNotes';
export { SessionsPanel } from './SessionsPanel';
export { SessionTabs } from './SessionTabs';
export { SideRuns } from './SideRuns';
export { openSessionPicker, useSessionUi } from './sessionUiStore';
export { receiveSessionDetails } from './sessionDetails';
export { useBackToLive, useOpenSession, useSaveSession } from './useSessionActions';
export { useSideTabCommands } from './useOpenBeside';
