// The window: address bar and session actions on top, the replay bar while a session is replayed, then sidebar |
// main tabs | inspector, each divider draggable. Session dialogs, notes and the drop overlay sit above it all.

import { AddressBar } from '../request';
import { InspectorPane } from './InspectorPane';
import { MainTabs } from './MainTabs';
import { RetainedNote } from './RetainedNote';
import { AgentLibrary } from '../agents';
import { CommandPalette } from '../palette';
import { ProxiesPanel, ProxyAgentDialog } from '../proxies';
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
import { SplitPanes, type SplitPane } from '../../ui/split/SplitPanes';
import { ThemeSwitch } from '../../ui/theme/ThemeSwitch';

export function Workspace() {
  const replaying = useAppStore((state) => state.replay !== null);
  // A session too large to replay is listed from the host instead of shown through the tabs (browse mode).
  const browsed = useAppStore((state) => (state.replay?.session.browse ? state.replay.session : null));
  const inspecting = useAppStore((state) => state.selectedFrameId !== null);
  const panes: SplitPane[] = [
    {
      id: 'sidebar',
      defaultSize: 18,
      minSize: 10,
      content: (
        <div className="sidebar-column">
          <AgentLibrary />
          <SessionsPanel />
          <ProxiesPanel />
        </div>
      ),
    },
    {
      id: 'main',
      defaultSize: inspecting ? 44 : 82,
      minSize: 20,
      fill: true,
      dividerTestId: 'sidebar-separator',
      content: (
        <main className="main-column">
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
        </main>
      ),
    },
  ];
  if (inspecting)
    panes.push({
      id: 'inspector',
      defaultSize: 38,
      minSize: 15,
      dividerTestId: 'inspector-separator',
      content: <InspectorPane />,
    });
  return (
    <div
      className="workspace"
      data-mode={browsed ? 'browse' : replaying ? 'replay' : 'live'}
      data-testid="workspace"
    >
      <header className="top-bar">
        <h1 className="brand">Switchboard</h1>
        <AddressBar />
        <SessionMenu />
        <ThemeSwitch />
      </header>
      <ReplayBar />
      <SessionTabs />
      <SplitPanes className="panels" panes={panes} />
      <CommandPalette />
      <ExportDialog />
      <ResendDialog />
      <MockAgentDialog />
      <ProxyAgentDialog />
      <SessionNotes />
      <DropOverlay />
    </div>
  );
}
