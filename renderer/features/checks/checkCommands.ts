// The Checks panel's entries in the command palette (UX-3): run the checks, probe the active agent, run or stop the
// conformance suite, and download the reports once there are some. Each shows the panel, so the user sees what the
// command did.

import type { MainTab } from '../../store/layoutSlice';
import { useActsStore, type ActsActions } from './actsStore';
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
  acts?: ActsActions,
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
  if (acts) commands.push(...actsCommands(acts, activeAgentId, showTab));
  return commands;
}

/** The conformance suite: run it with the choices last made, stop it, download its result. */
function actsCommands(
  acts: ActsActions,
  activeAgentId: string | null,
  showTab: (tab: MainTab) => void,
): CheckCommand[] {
  const { running, result } = useActsStore.getState();
  const commands: CheckCommand[] = [];
  if (running) {
    commands.push({ id: 'acts:stop', label: 'Stop the conformance suite', run: () => void acts.stop() });
  } else if (activeAgentId) {
    commands.push({
      id: 'acts:run',
      label: 'Run the conformance suite (ACTS) on the active agent (sends test requests)',
      run: () => {
        showTab('checks');
        void acts.start(activeAgentId);
      },
    });
  }
  if (result) {
    commands.push(
      {
        id: 'acts:export',
        label: 'Export the conformance result as ACTS reports',
        run: () => acts.download('acts'),
      },
      {
        id: 'acts:export-junit',
        label: 'Export the conformance result as JUnit XML',
        run: () => acts.download('junit'),
      },
    );
  }
  return commands;
}
