// Not sending into a void (CARD-3): once an interface answered an operation with 404, 405 or an HTML page, the agent
// probably does not speak the card's generation there. The answer's outcome says so in words, and further operations
// on that interface are held (refused, nothing sent) until the user asks to send anyway, which clears the hold. Raw
// requests are never held: the request editor is where the user goes next.

import type { OperationOutcome } from '../../../shared/host/agent';
import { routeMissing, routeMissingMessage } from '../../../shared/a2a/routeMissing';
import type { HttpFrame } from '../../../shared/wire/frame';
import type { AgentRecord } from './agentRecord';

export { routeKey } from './routeKey';

/** The refusal for a held interface, or nothing when the send may go (and then the hold, if any, is lifted). */
export function heldSend(
  agent: AgentRecord,
  key: string,
  despite: boolean | undefined,
): OperationOutcome | undefined {
  const held = agent.missingRoutes?.get(key);
  if (!held) return undefined;
  if (despite) {
    agent.missingRoutes?.delete(key);
    return undefined;
  }
  return {
    status: 'refused',
    message: `${held.message} Nothing was sent: Switchboard holds further sends to this interface until you choose to send anyway.`,
    findings: [],
    routeMissing: { frameId: held.frameId },
  };
}

/** The outcome of a finished exchange, told in words and the interface held when its route seems missing. */
export function noteRouteMissing(
  agent: AgentRecord,
  key: string,
  frame: HttpFrame | undefined,
  outcome: OperationOutcome,
): OperationOutcome {
  const missing = frame ? routeMissing(frame) : undefined;
  if (!frame || !missing) {
    if (isA2AAnswer(frame, outcome)) agent.missingRoutes?.delete(key);
    return outcome;
  }
  const message = routeMissingMessage(missing);
  agent.missingRoutes ??= new Map();
  agent.missingRoutes.set(key, { message, frameId: frame.id });
  return { ...outcome, message, routeMissing: { frameId: frame.id } };
}

/** Operations whose answers say nothing about the rest of the interface (an agent may lack an extended card). */
const OPTIONAL_OPERATIONS: ReadonlySet<string> = new Set(['extendedCard', 'raw']);

/** A real A2A answer (a result, an A2A error, a stream) shows the route is there after all: the hold is lifted. */
export function isA2AAnswer(frame: HttpFrame | undefined, outcome: OperationOutcome): boolean {
  if (outcome.status === 'stream') return true;
  const a2a = frame?.a2a;
  if (!a2a || OPTIONAL_OPERATIONS.has(a2a.operation)) return false;
  return a2a.outcome === 'result' || a2a.outcome === 'error' || a2a.outcome === 'stream';
}

/**
 * Writes the interface's hold (or its absence) where the agent's holds outlive the run, when it changed during the
 * call; a failed write is said in the outcome, since the send itself went as asked.
 */
export async function persistHold(
  agent: AgentRecord,
  key: string,
  before: { message: string; frameId: string } | undefined,
  outcome: OperationOutcome,
): Promise<OperationOutcome> {
  const after = agent.missingRoutes?.get(key);
  if (!agent.holdStore || after === before) return outcome;
  try {
    await (after
      ? agent.holdStore.set(agent.cardUrl, agent.cardText, key, after)
      : agent.holdStore.clear(agent.cardUrl, key));
    return outcome;
  } catch (error) {
    const what = after ? 'saved for the next run' : 'removed from the agent library';
    return {
      ...outcome,
      message: `${outcome.message} (The hold could not be ${what}: ${(error as Error).message})`,
    };
  }
}
