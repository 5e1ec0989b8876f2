// The window: address bar and session actions on top, the replay bar while a session is replayed, then sidebar |
// main tabs | inspector, each divider draggable. Session dialogs, notes and the drop overlay sit above it all.

import { Group, Panel, Separator } from 'react-resizable-panels';
import { FrameInspector } from '../frames';
import { AddressBar } from '../request';
import { MainTabs } from './MainTabs';
import { RetainedNote } from './RetainedNote';
import { AgentLibrary } from '../agents';
import { CommandPalette } from '../palette';
import {
  DropOverlay,
  ExportDialog,
  MockAgentDialog,
  ReplayBar,
  ResendDialog,
  SessionBrowser,
  SessionMenu,
  SessionNotes,
  SessionsPanel,
  SessionTabs,
  SideRuns,
} from '../sessions';
import { useAppStore } from '../../store/appStore';

export function Workspace() {
  const replaying = useAppStore((state) => state.replay !== null);
  // A session too large to replay is listed from the host instead of shown through the tabs (browse mode).
  const browsed = useAppStore((state) => (state.replay?.session.browse ? state.replay.session : null));
  return (
    <div
      className="workspace"
      data-mode={browsed ? 'browse' : replaying ? 'replay' : 'live'}
      data-testid="workspace"
    >
      <header className="top-bar">
        <span className="brand">Switchboard</span>
        <AddressBar />
        <SessionMenu />
      </header>
      <ReplayBar />
      <SessionTabs />
      <Group orientation="horizontal" className="panels">
        <Panel defaultSize="18" minSize="10" id="sidebar">
          <div className="sidebar-column">
            <AgentLibrary />
            <SessionsPanel />
          </div>
        </Panel>
        <Separator className="separator" />
        <Panel defaultSize="44" minSize="20" id="main">
          {browsed ? (
            <SessionBrowser key={browsed.sessionId} session={browsed} />
          ) : (
            <SideRuns
              live={
                <div className="main-column">
                  <RetainedNote />
                  <MainTabs />
                </div>
              }
            />
          )}
        </Panel>
        <Separator className="separator" data-testid="inspector-separator" />
        <Panel defaultSize="38" minSize="15" id="inspector">
          <FrameInspector />
        </Panel>
      </Group>
      <CommandPalette />
      <ExportDialog />
      <ResendDialog />
      <MockAgentDialog />
      <SessionNotes />
      <DropOverlay />
    </div>
  );
}
