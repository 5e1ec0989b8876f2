// Schema help for the request editor (MSG-8): which A2A operation a draft looks like, asked of the adapters
// themselves (an HTTP+JSON route by method and path, or a JSON-RPC body by its method name), with the body that
// generation's adapter writes for it as an example to start from. Nothing here knows a generation by name.

import { adapters } from '../../../shared/a2a/adapters';
import type { GenerationAdapter, Operation, OperationInputs } from '../../../shared/a2a/adapter';
import { identifyRequest, operationPathSuffix } from '../../../shared/a2a/identify';
import type { Binding, Generation } from '../../../shared/a2a/generation';

export interface RouteHint {
  generation: Generation;
  binding: Binding;
  operation: Operation;
  /** The body this adapter writes for the operation, pretty-printed; undefined when it sends none. */
  example?: string;
}

const TASK = 'task-1';
const examples: OperationInputs = {
  send: { message: { messageId: 'msg-1', parts: [{ kind: 'text', text: 'hello' }] }, blocking: true },
  stream: { message: { messageId: 'msg-1', parts: [{ kind: 'text', text: 'hello' }] }, blocking: true },
  get: { taskId: TASK },
  list: {},
  cancel: { taskId: TASK },
  subscribe: { taskId: TASK },
  pushConfigSet: { taskId: TASK, config: { url: 'https://example.com/push' } },
  pushConfigGet: { taskId: TASK, configId: 'config-1' },
  pushConfigList: { taskId: TASK },
  pushConfigDelete: { taskId: TASK, configId: 'config-1' },
  extendedCard: {},
};

function exampleBody(adapter: GenerationAdapter, operation: Operation, endpoint: string): string | undefined {
  const encoded = adapter.encode(operation, examples[operation], {
    endpoint,
    requestId: 1,
    newId: () => 'id-1',
  });
  if (!encoded.ok || !encoded.request.body) return undefined;
  try {
    return JSON.stringify(JSON.parse(encoded.request.body), null, 2);
  } catch {
    return encoded.request.body;
  }
}

function restHint(adapter: GenerationAdapter, method: string, url: URL): RouteHint | undefined {
  for (const operation of adapter.supports) {
    const suffix = operationPathSuffix(adapter, operation);
    if (!suffix || !suffix.test(url.pathname)) continue;
    const probe = adapter.encode(operation, examples[operation], {
      endpoint: url.origin,
      requestId: 1,
      newId: () => 'x',
    });
    if (!probe.ok || probe.request.method !== method) continue;
    const prefix = url.pathname.replace(suffix, '');
    const example = exampleBody(adapter, operation, `${url.origin}${prefix}`);
    return {
      generation: adapter.generation,
      binding: adapter.binding,
      operation,
      ...(example ? { example } : {}),
    };
  }
  return undefined;
}

/** Every generation and binding whose operation this request looks like. */
export function routeHints(method: string, url: string, body: string): RouteHint[] {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return [];
  }
  const verb = method.trim().toUpperCase();
  const hints: RouteHint[] = [];
  for (const adapter of adapters) {
    if (adapter.binding === 'HTTP+JSON') {
      const hint = restHint(adapter, verb, parsed);
      if (hint) hints.push(hint);
    } else if (adapter.binding === 'JSONRPC' && body.includes('"jsonrpc"')) {
      const found = identifyRequest(adapter, { method: verb, url, headers: [], bodyText: body }, url);
      if (found) {
        const example = exampleBody(adapter, found.operation, url);
        hints.push({
          generation: adapter.generation,
          binding: adapter.binding,
          operation: found.operation,
          ...(example ? { example } : {}),
        });
      }
    }
  }
  return hints;
}
