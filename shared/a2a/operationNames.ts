// Every name an A2A operation goes by on the wire, across generations and bindings (docs/protocol.md#operations-and-bindings):
// the model's own name (`send`), JSON-RPC methods (`message/send`, `tasks/send`, `SendMessage`), gRPC rpcs
// (`SendMessage`, `TaskSubscription`) and HTTP+JSON paths (`POST …/message:send`). Derived from the adapters, like
// request identification, so a user who names an operation in one generation's words matches it in every other's.

import { operations, type Operation } from './adapter';
import { adapters } from './adapters';
import { operationPathPattern } from './identify';

let names: Map<string, Operation> | undefined;

interface RestShape {
  operation: Operation;
  httpMethod: string;
  suffix: RegExp;
}

let restShapes: RestShape[] | undefined;

function nameTable(): Map<string, Operation> {
  if (names) return names;
  const table = new Map<string, Operation>();
  for (const operation of operations) table.set(operation.toLowerCase(), operation);
  for (const adapter of adapters) {
    for (const operation of operations) {
      const found = operationPathPattern(adapter, operation);
      if (!found) continue;
      if (found.rpcMethod) table.set(found.rpcMethod.toLowerCase(), operation);
      // A gRPC path is `/<package>.A2AService/<Method>`: the rpc's name is its last segment.
      if (adapter.binding === 'GRPC') table.set(lastSegment(found.pattern).toLowerCase(), operation);
    }
  }
  names = table;
  return table;
}

function lastSegment(pattern: string): string {
  return pattern.slice(pattern.lastIndexOf('/') + 1).replace(/\\/g, '');
}

/**
 * The operation a wire name stands for, in any generation's words and in any letter case: `send`, `message/send`,
 * `SendMessage` and `tasks/send` all give `send`. Undefined for a name no generation uses.
 */
export function operationNamed(name: string): Operation | undefined {
  return nameTable().get(name.trim().toLowerCase());
}

function restTable(): RestShape[] {
  if (restShapes) return restShapes;
  const list: RestShape[] = [];
  for (const adapter of adapters) {
    if (adapter.binding !== 'HTTP+JSON') continue;
    for (const operation of operations) {
      const found = operationPathPattern(adapter, operation);
      if (found)
        list.push({ operation, httpMethod: found.httpMethod, suffix: new RegExp(`${found.pattern}$`) });
    }
  }
  restShapes = list;
  return list;
}

/**
 * The operation an HTTP+JSON request is, from its method and path alone (whatever prefix the interface URL adds),
 * or undefined when no generation's REST binding has that shape.
 */
export function restOperationOf(httpMethod: string, path: string): Operation | undefined {
  const pathOnly = path.split('?')[0] ?? '';
  const method = httpMethod.toUpperCase();
  return restTable().find((shape) => shape.httpMethod === method && shape.suffix.test(pathOnly))?.operation;
}
