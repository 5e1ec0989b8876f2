// What the conformance suite section of the Checks tab holds (CHK-6): the suite's catalogue, the choices for the next
// run, the run in progress (tests as they finish) and the last result. Kept beside the feature so a run survives a
// trip to the Frames tab, where its links go.

import { create } from 'zustand';
import type { InterfaceChoice } from '../../../shared/host/agent';
import type { TestOutcome } from '../../../shared/acts/actsReport';
import type { ActsCatalog, ActsRunResult } from '../../../shared/acts/actsRunTypes';
import type { Level } from '../../../shared/acts/actsTypes';

export interface ActsChoices {
  /** Suite ids; empty means every suite. */
  suites: string[];
  level: Level;
  /** Interfaces of the agent's card to run on; empty means every interface Switchboard speaks. */
  interfaces: InterfaceChoice[];
  behaviours: boolean;
}

export interface ActsState {
  catalog: ActsCatalog | null;
  choices: ActsChoices;
  /** The run going on: its id, the agent, how far it got, and the tests finished so far. */
  running: {
    runId: string;
    agentId: string;
    done: number;
    total: number;
    outcomes: TestOutcome[];
    stopping: boolean;
    /** When it began, for the progress notice's elapsed time. */
    startedAt: number;
  } | null;
  result: ActsRunResult | null;
  problem: string | null;
  update(change: Partial<Omit<ActsState, 'update'>>): void;
}

export interface ActsActions {
  loadCatalog(): Promise<void>;
  start(agentId: string): Promise<void>;
  stop(): Promise<void>;
  download(format: 'acts' | 'json' | 'junit'): void;
}

export const useActsStore = create<ActsState>()((set) => ({
  catalog: null,
  choices: { suites: [], level: 'may', interfaces: [], behaviours: false },
  running: null,
  result: null,
  problem: null,
  update(change) {
    set(change);
  },
}));
