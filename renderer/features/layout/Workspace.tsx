// The window: address bar on top, then sidebar | main tabs | inspector, each divider draggable.

import { Group, Panel, Separator } from 'react-resizable-panels';
import { FrameInspector } from '../frames/FrameInspector';
import { AddressBar } from '../request/AddressBar';
import { MainTabs } from './MainTabs';
import { AgentLibrary } from '../agents/AgentLibrary';
import { CommandPalette } from '../palette/CommandPalette';

export function Workspace() {
  return (
    <div className="workspace">
      <header className="top-bar">
        <span className="brand">Switchboard</span>
        <AddressBar />
      </header>
      <Group orientation="horizontal" className="panels">
        <Panel defaultSize="18" minSize="10" id="sidebar">
          <AgentLibrary />
        </Panel>
        <Separator className="separator" />
        <Panel defaultSize="44" minSize="20" id="main">
          <MainTabs />
        </Panel>
        <Separator className="separator" data-testid="inspector-separator" />
        <Panel defaultSize="38" minSize="15" id="inspector">
          <FrameInspector />
        </Panel>
      </Group>
      <CommandPalette />
    </div>
  );
}
