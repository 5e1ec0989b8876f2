// Tells which operation a recorded request was, so any frame — from the raw request editor, a saved session or a
// fixture — can be decoded. Derived from the adapters themselves: each operation is encoded once with placeholder
// ids, and a request matches by JSON-RPC method name, or by HTTP method and path shape.

import {
  operations,
  type EncodedRequest,
  type GenerationAdapter,
  type Operation,
  type OperationInputs,
} from './adapter';
import { isObject } from './decodeContext';

const TASK = 'TASK-PLACEHOLDER';
const CONFIG = 'CONFIG-PLACEHOLDER';

/** Placeholder inputs that let any adapter encode any operation, to learn its wire names and paths. */
export const SAMPLE: OperationInputs = {
  send: { message: { parts: [] }, blocking: true },
  stream: { message: { parts: [] }, blocking: true },
  get: { taskId: TASK },
  list: {},
  cancel: { taskId: TASK },
  subscribe: { taskId: TASK },
  pushConfigSet: { taskId: TASK, config: { url: 'http://placeholder/' } },
  pushConfigGet: { taskId: TASK, configId: CONFIG },
  pushConfigList: { taskId: TASK },
  pushConfigDelete: { taskId: TASK, configId: CONFIG },
  extendedCard: {},
};

interface Shape {
  operation: Operation;
  rpcMethod?: string;
  httpMethod: string;
  path: RegExp;
}

const ENDPOINT = 'http://endpoint.invalid/base';
const shapes = new WeakMap<GenerationAdapter, Shape[]>();

/**
 * The path an adapter puts after its interface URL for an operation, as a pattern source with task and config ids
 * as wildcards; undefined when the adapter cannot encode it. Identification and the re-send both read paths with it.
 */
export function operationPathPattern(
  adapter: GenerationAdapter,
  operation: Operation,
): { pattern: string; httpMethod: string; rpcMethod?: string } | undefined {
  if (!adapter.supports.has(operation)) return undefined;
  const encoded = adapter.encode(operation, SAMPLE[operation], {
    endpoint: ENDPOINT,
    requestId: 1,
    newId: () => 'id',
  });
  if (!encoded.ok) return undefined;
  const path = new URL(encoded.request.url).pathname.slice(prefixLength(adapter, ENDPOINT));
  return {
    pattern: escapeRegExp(path).replace(TASK, '[^/:]+').replace(CONFIG, '[^/:]+'),
    httpMethod: encoded.request.method,
    ...(encoded.request.rpc ? { rpcMethod: encoded.request.rpc.method } : {}),
  };
}

/** Matches a URL path that ends with the operation's own path (after any interface prefix). */
export function operationPathSuffix(adapter: GenerationAdapter, operation: Operation): RegExp | undefined {
  const found = operationPathPattern(adapter, operation);
  return found ? new RegExp(`${found.pattern}$`) : undefined;
}

function shapesOf(adapter: GenerationAdapter): Shape[] {
  const cached = shapes.get(adapter);
  if (cached) return cached;
  const list: Shape[] = [];
  for (const operation of operations) {
    const found = operationPathPattern(adapter, operation);
    if (!found) continue;
    const shape: Shape = {
      operation,
      httpMethod: found.httpMethod,
      path: new RegExp(`^(?:/[^/]+)?${found.pattern}$`),
    };
    if (found.rpcMethod) shape.rpcMethod = found.rpcMethod;
    list.push(shape);
  }
  shapes.set(adapter, list);
  return list;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: [string, string][];
  bodyText?: string;
}

/** The adapter request a recorded one corresponds to, or undefined when it is no operation of this adapter. */
export function identifyRequest(
  adapter: GenerationAdapter,
  request: RecordedRequest,
  endpoint: string,
): EncodedRequest | undefined {
  const base: Omit<EncodedRequest, 'operation' | 'streaming'> = {
    method: request.method as EncodedRequest['method'],
    url: request.url,
    headers: request.headers,
  };
  if (request.bodyText !== undefined) base.body = request.bodyText;
  const found = (operation: Operation, extra: Partial<EncodedRequest> = {}): EncodedRequest => ({
    ...base,
    operation,
    streaming: operation === 'stream' || operation === 'subscribe',
    ...extra,
  });
  let envelope: unknown;
  try {
    envelope = request.bodyText ? JSON.parse(request.bodyText) : undefined;
  } catch {
    envelope = undefined;
  }
  if (isObject(envelope) && typeof envelope.method === 'string' && envelope.jsonrpc !== undefined) {
    const shape = shapesOf(adapter).find((s) => s.rpcMethod === envelope.method);
    const id = envelope.id;
    if (!shape) return undefined;
    return found(shape.operation, {
      rpc: { method: envelope.method, id: typeof id === 'number' || typeof id === 'string' ? id : '' },
    });
  }
  let path: string;
  try {
    path = new URL(request.url).pathname.slice(prefixLength(adapter, endpoint));
  } catch {
    return undefined;
  }
  const shape = shapesOf(adapter).find(
    (s) => !s.rpcMethod && s.httpMethod === request.method && s.path.test(path),
  );
  return shape ? found(shape.operation) : undefined;
}

/** What of a request's path is the interface's own: gRPC paths are absolute (`/<package>.A2AService/<Method>`). */
function prefixLength(adapter: GenerationAdapter, endpoint: string): number {
  return adapter.binding === 'GRPC' ? 0 : new URL(endpoint).pathname.replace(/\/+$/, '').length;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
