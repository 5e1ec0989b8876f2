// What the Checks panel shows, kept beside the feature rather than in the component, so a report survives a trip to
// the Frames tab (its links go there) and the command palette can start a run too.

import { create } from 'zustand';
import type { CheckReport, ProbeResult } from '../../../shared/checks/types';

export interface ChecksState {
  report: CheckReport | null;
  /** How many frames the window held when the report was made, to say how many arrived since. */
  ranAt: number;
  /**
   * The store's timeline model the report was built with. The store makes a new one when it replaces its frames (a
   * session opened, a replay moved back), and then the report is about frames the window no longer holds.
   */
  ranOn: object | null;
  /** The last probe results and the agent they were run against; every later run of the checks includes them. */
  probes: ProbeResult[];
  probedAgent: { id: string; name: string } | null;
  busy: 'checks' | 'probes' | null;
  /** The probe run under way, so it can be cancelled (UX-5); null when none is. */
  probeRun: { startedAt: number; cancel(): void; cancelling: boolean } | null;
  /** What a cancelled probe run did, in words ("2 of 11 probes ran"); cleared by the next run. */
  cancelled: string | null;
  /** Why the last run or probe failed, in words for the user. */
  problem: string | null;
  update(change: Partial<Omit<ChecksState, 'update'>>): void;
}

/** What the panel and the palette can do (useChecks implements it). */
export interface ChecksActions {
  run(): Promise<void>;
  probe(agentId: string): Promise<void>;
  /** Stops a probe run after the probe under way; the report shows what ran (UX-5). */
  cancelProbes(): void;
  download(format: 'json' | 'junit'): Promise<void>;
}

export const useChecksStore = create<ChecksState>()((set) => ({
  report: null,
  ranAt: 0,
  ranOn: null,
  probes: [],
  probedAgent: null,
  busy: null,
  probeRun: null,
  cancelled: null,
  problem: null,
  update(change) {
    set(change);
  },
}));
