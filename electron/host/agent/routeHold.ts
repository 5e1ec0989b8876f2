// Not sending into a void (CARD-3): once an interface answered an operation with 404, 405 or an HTML page, the agent
// probably does not speak the card's generation there. The answer's outcome says so in words, and further operations
// on that interface are held (refused, nothing sent) until the user asks to send anyway, which clears the hold. Raw
// requests are never held: the request editor is where the user goes next.

import type { CardInterface } from '../../../shared/a2a/detect';
import type { OperationOutcome } from '../../../shared/host/agent';
import { routeMissing, routeMissingMessage } from '../../../shared/a2a/routeMissing';
import type { HttpFrame } from '../../../shared/wire/frame';
import type { AgentRecord } from './agentRecord';

/** One hold per interface: the same URL under another generation or binding is another set of routes. */
export function routeKey(chosen: CardInterface): string {
  return `${chosen.generation} ${chosen.bindingWire} ${chosen.url}`;
}

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
  if (!frame || !missing) return outcome;
  const message = routeMissingMessage(missing);
  agent.missingRoutes ??= new Map();
  agent.missingRoutes.set(key, { message, frameId: frame.id });
  return { ...outcome, message, routeMissing: { frameId: frame.id } };
}
