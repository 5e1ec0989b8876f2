// The conformance suite's half of the host contract (CHK-6): what the app and the command line learn about the
// vendored ACTS suite, how they ask for a run against an open agent, the progress they are told while it runs, and
// the result it ends with. Plain JSON only.

import type { InterfaceChoice } from '../host/agent';
import type { Binding } from '../a2a/generation';
import type { ActsReport, ActsSummary, RunInterface, TestOutcome } from './actsReport';
import type { Level, Transport } from './actsTypes';

export interface ActsCatalogTest {
  id: string;
  name: string;
  level: Level;
  /** The SUT behaviours (message prefixes) it needs; empty when it runs against any agent. */
  behaviours: string[];
  transport?: Transport[];
  /** A client-parsing test: it checks Switchboard's decoders, not the agent. */
  client: boolean;
}

export interface ActsCatalog {
  actsVersion: string;
  specVersion: string;
  title?: string;
  /** Where the tests come from, and their license. */
  source: string;
  suites: Array<{ id: string; name: string; description?: string; tests: ActsCatalogTest[] }>;
}

export interface ActsRunRequest {
  agentId: string;
  /** Suite ids; every suite when absent or empty. */
  suites?: string[];
  /** The least strict level that runs: `should` runs must and should tests. `may` (everything) by default. */
  level?: Level;
  /** Interfaces of the card to run on; every interface Switchboard speaks when absent. */
  interfaces?: InterfaceChoice[];
  /** Keep to interfaces of these bindings (every generation). */
  bindings?: Binding[];
  /** The agent implements ACTS's SUT behaviours (message prefixes such as `tck-complete-task`). */
  behaviours?: boolean;
  /** How long a stream may run before the runner closes it, when the test names no `timeout_ms`. */
  streamTimeoutMs?: number;
  /**
   * Values some tests expect the runner to supply (`{{insufficientAuthToken}}`, `{{otherUserTaskId}}`); a test that
   * needs one it was not given is listed as not run. Values in the test files themselves win (ACTS §12.2).
   */
  variables?: Record<string, string>;
  /**
   * ACTS documents of the user's own to run instead of the official suite: parsed YAML or JSON by name, and the name
   * of the one to start from (its `include`s name others). Checked before anything runs (ACTS §12.1).
   */
  documents?: { files: Record<string, unknown>; entry: string };
}

export interface ActsRunStarted {
  runId: string;
  /** Tests planned in all, those that will be listed as not run included. */
  planned: number;
  interfaces: RunInterface[];
}

/** Told while a run goes: after each test, and once more when it has finished. */
export interface ActsProgress {
  runId: string;
  done: number;
  total: number;
  /** The test that just finished. */
  outcome?: TestOutcome;
  finished?: boolean;
}

export interface ActsRunResult {
  runId: string;
  agentId: string;
  agentName: string;
  cardUrl: string;
  startedAt: string;
  finishedAt: string;
  /** The user stopped it: the tests it did not reach are listed as not run. */
  stopped: boolean;
  actsVersion: string;
  specVersion: string;
  level: Level;
  behaviours: boolean;
  suites: string[];
  interfaces: RunInterface[];
  outcomes: TestOutcome[];
  /** ACTS's own report (ACTS §13), one per interface. */
  reports: ActsReport[];
  summary: ActsSummary;
  /** Every must-level test that ran passed (ACTS §12.7). */
  conforms: boolean;
}
