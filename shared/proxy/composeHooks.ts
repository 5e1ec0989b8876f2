// Several parts of the proxy hook into one forwarding path (trace context, push routing, fault rules). This joins
// their ProxyHooks into one, in a fixed order, so the forwarder calls a single set and no part knows about another.

import type { FaultMark, ForwardChange, ProxiedRequest, ProxyAnswer, ProxyHooks } from './proxyTypes';

/**
 * Joins hooks in order. `beforeForward` changes pile up (each hook sees the request as the previous ones left it);
 * the first `answerInstead` that answers wins; `shapeAnswer` runs as a pipeline, and no hook can lose the marks of
 * the faults an earlier one injected.
 */
export function composeHooks(parts: readonly ProxyHooks[]): ProxyHooks {
  const composed: ProxyHooks = {};
  const forwarders = parts.filter((part) => part.beforeForward);
  const answerers = parts.filter((part) => part.answerInstead);
  const shapers = parts.filter((part) => part.shapeAnswer);
  if (forwarders.length > 0) composed.beforeForward = (request) => forwardThrough(forwarders, request);
  if (answerers.length > 0) {
    composed.answerInstead = (request) => {
      for (const part of answerers) {
        const answer = part.answerInstead!(request);
        if (answer) return answer;
      }
      return undefined;
    };
  }
  if (shapers.length > 0) {
    composed.shapeAnswer = (request, answer, closed) => {
      let current = answer;
      for (const part of shapers)
        current = keepMarks(current.faults, part.shapeAnswer!(request, current, closed));
      return current;
    };
  }
  return composed;
}

function forwardThrough(parts: readonly ProxyHooks[], request: ProxiedRequest): ForwardChange | undefined {
  let current = request;
  let change: ForwardChange | undefined;
  const notes: string[] = [];
  for (const part of parts) {
    const next = part.beforeForward!(current);
    if (!next) continue;
    change = { ...change, ...next };
    if (next.note) notes.push(next.note);
    current = changedRequest(current, next);
  }
  if (change && notes.length > 0) change.note = notes.join('; ');
  return change;
}

/**
 * The request as a hook changed it, field by field: a request may keep some fields as getters on its prototype (the
 * recording proxy works out a call's operation only when asked), which a spread would not carry over.
 */
function changedRequest(request: ProxiedRequest, change: ForwardChange): ProxiedRequest {
  const { operation, taskId, messageText } = request;
  return {
    proxyId: request.proxyId,
    binding: request.binding,
    generation: request.generation,
    method: request.method,
    path: request.path,
    headers: change.headers ?? request.headers,
    body: change.body ?? request.body,
    ...(operation !== undefined ? { operation } : {}),
    ...(taskId !== undefined ? { taskId } : {}),
    ...(messageText !== undefined ? { messageText } : {}),
  };
}

function keepMarks(before: readonly FaultMark[] | undefined, after: ProxyAnswer): ProxyAnswer {
  if (!before || before.length === 0) return after;
  const missing = before.filter((mark) => !after.faults?.includes(mark));
  if (missing.length === 0) return after;
  return { ...after, faults: [...missing, ...(after.faults ?? [])] };
}
