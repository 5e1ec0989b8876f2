// Every action the command palette offers (UX-3): switching views and agents, opening the demo agent, composing,
// closing streams, exporting the library, the session actions (open, save, export, mock, back to live) and the
// session tabs (open beside, compare, switch, close; UX-2). Built from the store each time the palette opens, so it
// lists what can be done now.

import { mainTabs, type MainTab } from '../../store/layoutSlice';
import { useAppStore } from '../../store/appStore';
import { agentName } from '../../../shared/agentName';
import { downloadText } from '../../ui/fileText';
import { exportLibrary, useAgentSources, useCloseStream } from '../agents';
import {
  openSessionPicker,
  useBackToLive,
  useSaveSession,
  useSessionUi,
  useSideTabCommands,
} from '../sessions';
import { checkCommands, useActs, useChecks } from '../checks';
import { useProxiesUi } from '../proxies';
import { setThemePreference, THEME_PREFERENCES } from '../../ui/theme/themePreference';

export interface Command {
  id: string;
  label: string;
  /** A hint shown on the right, e.g. a shortcut. */
  hint?: string;
  run(): void;
}

const TAB_NAMES: Record<MainTab, string> = {
  card: 'Card',
  conversation: 'Conversation',
  timeline: 'Timeline',
  tasks: 'Tasks',
  traces: 'Traces',
  frames: 'Frames',
  checks: 'Checks',
  raw: 'Raw request',
};

export function useCommands(): () => Command[] {
  const sources = useAgentSources();
  const closeStream = useCloseStream();
  const saveSession = useSaveSession();
  const backToLive = useBackToLive();
  const checks = useChecks();
  const acts = useActs();
  const sideTabCommands = useSideTabCommands();
  return () => {
    const state = useAppStore.getState();
    const commands: Command[] = mainTabs.map((tab) => ({
      id: `tab:${tab}`,
      label: `Go to ${TAB_NAMES[tab]}`,
      run: () => state.setActiveTab(tab),
    }));
    commands.push(
      {
        id: 'agent:open',
        label: 'Open an agent by URL…',
        run: () => document.getElementById('agent-url')?.focus(),
      },
      { id: 'agent:demo', label: 'Try the demo agent', run: () => sources.mutate({ kind: 'demo' }) },
    );
    for (const agent of state.agents) {
      commands.push({
        id: `agent:${agent.id}`,
        label: `Switch to ${agentName(agent)}`,
        run: () => state.setActiveAgent(agent.id),
      });
    }
    if (state.activeAgentId) {
      commands.push(
        {
          id: 'composer:focus',
          label: 'Write a message',
          hint: 'Ctrl+Enter sends',
          run: () => {
            state.setActiveTab('conversation');
            requestAnimationFrame(() =>
              document.querySelector<HTMLTextAreaElement>('[data-testid="composer-text"]')?.focus(),
            );
          },
        },
        {
          id: 'composer:stream',
          label: state.streaming ? 'Send without streaming' : 'Send with streaming',
          run: () => state.setStreaming(!state.streaming),
        },
        { id: 'composer:new-task', label: 'Start a new task', run: () => state.setTarget({ kind: 'new' }) },
      );
      const open = state.frames.filter(
        (f) => f.kind === 'http' && f.state === 'streaming' && f.a2a?.agentId === state.activeAgentId,
      );
      if (open.length > 0) {
        commands.push({
          id: 'streams:close',
          label: `Close ${open.length} open stream${open.length === 1 ? '' : 's'} (tasks go on)`,
          run: () => open.forEach((frame) => closeStream.mutate(frame.id)),
        });
      }
    }
    const sessionUi = useSessionUi.getState();
    commands.push(
      { id: 'session:open', label: 'Open session…', run: openSessionPicker },
      {
        id: 'session:save',
        label: state.replay ? 'Save session (the replayed one)' : 'Save session',
        hint: 'Ctrl+S',
        run: () => saveSession.mutate(),
      },
      { id: 'session:export-har', label: 'Export HAR…', run: () => sessionUi.openExport('har') },
      { id: 'session:export', label: 'Export session file…', run: () => sessionUi.openExport('session') },
      { id: 'session:mock', label: 'Serve as mock agent…', run: sessionUi.openMock },
      { id: 'proxy:open', label: 'Proxy an agent…', run: useProxiesUi.getState().openProxyDialog },
      ...sideTabCommands(),
    );
    if (state.replay) {
      commands.push(
        { id: 'session:live', label: 'Back to live', run: backToLive },
        { id: 'session:resend', label: 'Re-send to agent…', run: sessionUi.openResend },
      );
    }
    commands.push(...checkCommands(checks, state.activeAgentId, state.setActiveTab, acts));
    if (state.library.length > 0) {
      commands.push({
        id: 'library:export',
        label: 'Export the agent library',
        run: () => downloadText('switchboard-agents.json', exportLibrary(state.library)),
      });
    }
    commands.push(...themeCommands());
    return commands;
  };
}

const THEME_LABELS = {
  system: 'Theme: follow the system',
  light: 'Theme: light',
  dark: 'Theme: dark',
} as const;

/** The same three choices as the top bar's switch (UX-4). */
function themeCommands(): Command[] {
  return THEME_PREFERENCES.map((choice) => ({
    id: `theme:${choice}`,
    label: THEME_LABELS[choice],
    run: () => setThemePreference(choice),
  }));
}
