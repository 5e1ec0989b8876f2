// The Checks panel's entries in the command palette (UX-3): run the checks, probe the active agent, and download the
// report once there is one. Each shows the panel, so the user sees what the command did.

import type { MainTab } from '../../store/layoutSlice';
import { useChecksStore, type ChecksActions } from './checksStore';

export interface CheckCommand {
  id: string;
  label: string;
  run(): void;
}

export function checkCommands(
  checks: ChecksActions,
  activeAgentId: string | null,
  showTab: (tab: MainTab) => void,
): CheckCommand[] {
  const { report } = useChecksStore.getState();
  const commands: CheckCommand[] = [
    {
      id: 'checks:run',
      label: report ? 'Re-run the conformance checks' : 'Run the conformance checks',
      run: () => {
        showTab('checks');
        void checks.run();
      },
    },
  ];
  if (activeAgentId) {
    commands.push({
      id: 'checks:probe',
      label: 'Probe the active agent (sends test requests)',
      run: () => {
        showTab('checks');
        void checks.probe(activeAgentId);
      },
    });
  }
  if (report) {
    commands.push(
      {
        id: 'checks:export-json',
        label: 'Export the check report as JSON',
        run: () => void checks.download('json'),
      },
      {
        id: 'checks:export-junit',
        label: 'Export the check report as JUnit XML',
        run: () => void checks.download('junit'),
      },
    );
  }
  return commands;
}
