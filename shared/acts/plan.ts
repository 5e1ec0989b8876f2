// Which ACTS tests run on which of an agent's interfaces, and why the others do not (ACTS §3.3, §12.3, §12.5). A test
// is planned once per interface chosen; one that cannot apply there is listed as not run with the reason, so the report
// accounts for every test the user asked for.

import { findAdapter } from '../a2a/adapters';
import type { Operation } from '../a2a/adapter';
import type { Binding, Generation } from '../a2a/generation';
import {
  LEVELS,
  type ActsCollection,
  type ActsOperation,
  type ActsSuite,
  type ActsTest,
  type Level,
  type Transport,
} from './actsTypes';
import type { RunInterface } from './actsReport';
import { cardFlag, profileOf } from '../a2a/profile';

/** The adapter operation each abstract operation runs as; the card fetch is a plain GET. */
export const ADAPTER_OPERATION: Record<ActsOperation, Operation | 'card'> = {
  send_message: 'send',
  send_streaming_message: 'stream',
  get_task: 'get',
  list_tasks: 'list',
  cancel_task: 'cancel',
  subscribe_to_task: 'subscribe',
  get_agent_card: 'card',
  get_extended_agent_card: 'extendedCard',
  create_push_config: 'pushConfigSet',
  get_push_config: 'pushConfigGet',
  list_push_configs: 'pushConfigList',
  delete_push_config: 'pushConfigDelete',
};

export const TRANSPORT_OF: Record<Binding, Transport> = {
  JSONRPC: 'jsonrpc',
  'HTTP+JSON': 'rest',
  GRPC: 'grpc',
};

/** Runner requirements (ACTS §3.2) this runner can meet: it reads every header, and sends the agent's credentials. */
const MET_REQUIREMENTS = new Set(['header_inspection', 'auth_credentials']);

export interface PlanOptions {
  /** Suite ids to run; all when empty or absent. */
  suites?: readonly string[];
  /** The least strict level included: `should` runs must and should tests. */
  level: Level;
  /** The agent implements ACTS's SUT behaviours (ACTS §11): tests that need them run. */
  behaviours: boolean;
  /** The agent's card, parsed, for preconditions. */
  card: unknown;
  interfaces: readonly RunInterface[];
}

export interface PlannedTest {
  suite: ActsSuite;
  test: ActsTest;
  where: RunInterface;
  /** Set when the test does not run here: why, in words. */
  skip?: string;
}

export type Plan = { ok: true; tests: PlannedTest[] } | { ok: false; message: string };

export function planRun(collection: ActsCollection, options: PlanOptions): Plan {
  const known = new Set(collection.suites.map((suite) => suite.id));
  const unknown = (options.suites ?? []).filter((id) => !known.has(id));
  if (unknown.length > 0) {
    return {
      ok: false,
      message: `There is no ACTS suite called ${unknown.join(', ')}; the suites are ${[...known].join(', ')}.`,
    };
  }
  if (options.interfaces.length === 0) return { ok: false, message: 'No interface to run the suite on.' };
  const wanted = new Set(options.suites && options.suites.length > 0 ? options.suites : known);
  const maxLevel = LEVELS.indexOf(options.level);
  const tests: PlannedTest[] = [];
  for (const where of options.interfaces) {
    for (const suite of collection.suites) {
      if (!wanted.has(suite.id)) continue;
      for (const test of suite.tests) {
        if (LEVELS.indexOf(test.level) > maxLevel) continue;
        const skip = whyNot(test, where, options, collection.spec_version);
        tests.push({ suite, test, where, ...(skip ? { skip } : {}) });
      }
    }
  }
  return { ok: true, tests };
}

function whyNot(
  test: ActsTest,
  where: RunInterface,
  options: PlanOptions,
  specVersion: string,
): string | undefined {
  if (test.steps.some((step) => step.kind === 'client')) {
    return 'A client test: it checks how a client parses answers, not the agent. Switchboard’s own decoders pass it in its unit tests.';
  }
  const transports = test.transport ?? test.preconditions?.transport;
  if (transports && !transports.includes(where.transport)) {
    return `Written for ${transports.join(' and ')} only; this interface is ${where.transport}.`;
  }
  if (test.steps.some((step) => step.kind === 'raw') && major(where.generation) !== major(specVersion)) {
    return `Its raw wire steps are A2A ${specVersion} requests as written; this interface speaks A2A ${where.generation}.`;
  }
  const adapter = findAdapter(where.generation, where.binding);
  for (const step of test.steps) {
    if (step.kind !== 'operation') continue;
    const op = ADAPTER_OPERATION[step.operation];
    if (op !== 'card' && adapter && !adapter.supports.has(op)) {
      return `It uses ${step.operationAsWritten}, which A2A ${where.generation} over ${where.binding} does not have.`;
    }
  }
  const unmet = test.runner_requirements.filter((need) => !MET_REQUIREMENTS.has(need));
  if (unmet.length > 0)
    return `It needs a runner that can ${unmet.join(', ')}, which this runner does not do.`;
  const precondition = unmetPrecondition(test, options.card, where.generation);
  if (precondition) return precondition;
  if (test.requires_behaviors.length > 0 && !options.behaviours) {
    return `It needs the agent to implement the ACTS test behaviours ${test.requires_behaviors.join(', ')}; say that it does to run it.`;
  }
  return undefined;
}

function major(version: string): string {
  return version.split('.', 1)[0] ?? version;
}

/** The card's capabilities under 1.0's names (a 0.3 card keeps the extended card flag at its root). */
function capabilitiesOf(card: unknown, generation: Generation): Record<string, unknown> {
  const root = typeof card === 'object' && card !== null ? (card as Record<string, unknown>) : {};
  const caps =
    typeof root.capabilities === 'object' && root.capabilities !== null
      ? { ...(root.capabilities as Record<string, unknown>) }
      : {};
  const flag = profileOf(generation).extendedCardFlag;
  const rootFlag = flag && !flag.startsWith('capabilities.') ? cardFlag(root, flag) : undefined;
  if (caps.extendedAgentCard === undefined && rootFlag !== undefined) caps.extendedAgentCard = rootFlag;
  return caps;
}

function unmetPrecondition(test: ActsTest, card: unknown, generation: Generation): string | undefined {
  const pre = test.preconditions;
  if (!pre) return undefined;
  const caps = capabilitiesOf(card, generation);
  for (const [name, want] of Object.entries(pre.capabilities ?? {})) {
    // An absent flag is false (ProtoJSON leaves out default values).
    const have = caps[name] ?? (typeof want === 'boolean' ? false : undefined);
    if (JSON.stringify(have) !== JSON.stringify(want)) {
      return `Its precondition is capabilities.${name} = ${JSON.stringify(want)}; the card says ${have === undefined ? 'nothing' : JSON.stringify(have)}.`;
    }
  }
  const root = typeof card === 'object' && card !== null ? (card as Record<string, unknown>) : {};
  const skills = Array.isArray(root.skills) ? root.skills : [];
  const skillIds = new Set(skills.map((skill) => (skill as { id?: unknown }).id));
  const missingSkills = (pre.skills ?? []).filter((id) => !skillIds.has(id));
  if (missingSkills.length > 0)
    return `Its precondition is the skill ${missingSkills.join(', ')}, which the card does not list.`;
  const extensions = Array.isArray(caps.extensions) ? caps.extensions : [];
  const uris = new Set(extensions.map((extension) => (extension as { uri?: unknown }).uri));
  const missing = (pre.extensions ?? []).filter((uri) => !uris.has(uri));
  if (missing.length > 0)
    return `Its precondition is the extension ${missing.join(', ')}, which the card does not declare.`;
  return undefined;
}
