// Which fault rules a proxied request meets (PRX-4, docs/proxy.md#fault-rules), and the plain sentence each fault
// leaves on the frame. Operations are compared as the model's operations, not as strings, so a rule written as
// `message/send` also catches a 1.0 `SendMessage`, a REST `POST …/message:send` and a gRPC `SendMessage`.

import type { Operation } from '../a2a/adapter';
import { operationNamed, restOperationOf } from '../a2a/operationNames';
import type { FaultAction, FaultRule } from './faultRules';
import type { ProxiedRequest } from './proxyTypes';

/** The operation a request is: as the forwarder named it, else from its path (REST, gRPC) or JSON-RPC method. */
export function requestOperation(request: ProxiedRequest): Operation | undefined {
  if (request.operation !== undefined) {
    const named = operationNamed(request.operation);
    if (named) return named;
  }
  if (request.binding === 'HTTP+JSON') return restOperationOf(request.method, request.path);
  if (request.binding === 'GRPC') {
    const path = request.path.split('?')[0] ?? '';
    return operationNamed(path.slice(path.lastIndexOf('/') + 1));
  }
  if (request.binding === 'JSONRPC') return operationNamed(jsonRpcMethod(request.body) ?? '');
  return undefined;
}

function jsonRpcMethod(body: Uint8Array): string | undefined {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(body));
    if (typeof parsed === 'object' && parsed !== null && 'method' in parsed)
      return typeof parsed.method === 'string' ? parsed.method : undefined;
  } catch {
    return undefined;
  }
  return undefined;
}

/** Whether a rule's match holds for a request; a disabled rule matches nothing. */
export function ruleMatches(
  rule: FaultRule,
  request: ProxiedRequest,
  operation = requestOperation(request),
): boolean {
  if (!rule.enabled) return false;
  const { match } = rule;
  if (
    match.operation !== undefined &&
    (operation === undefined || operationNamed(match.operation) !== operation)
  )
    return false;
  if (match.taskId !== undefined && request.taskId !== match.taskId) return false;
  if (match.text !== undefined) {
    const text = request.messageText;
    if (text === undefined || !text.toLowerCase().includes(match.text.toLowerCase())) return false;
  }
  return true;
}

/** What a fault did, in one sentence for the frame's FaultMark. */
export function describeFault(action: FaultAction): string {
  switch (action.kind) {
    case 'delay-first-byte':
      return `Delayed the first byte by ${action.ms} ms`;
    case 'delay-events':
      return `Delayed each event after the first by ${action.ms} ms`;
    case 'drop-stream':
      return `Dropped the stream after ${action.afterEvents} ${action.afterEvents === 1 ? 'event' : 'events'}`;
    case 'error':
      return `Answered an error instead of calling the agent${action.message ? `: ${action.message}` : ''}`;
    case 'corrupt-event':
      return action.how === 'garbage'
        ? `Replaced event ${action.eventIndex + 1} with bytes that are not JSON`
        : `Cut event ${action.eventIndex + 1} short in the middle of its JSON`;
    case 'stall':
      return 'Sent the head, then nothing until the client went away';
  }
}
