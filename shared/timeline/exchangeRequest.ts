// Rebuilds, from a recorded `http` frame, what the adapters need to decode it again: the adapter of its generation
// and binding, and the encoded request it answered. Live frames, saved sessions and raw requests all decode the
// same way (docs/architecture.md#frames-are-the-single-source-of-truth): nothing but the frame is needed.

import type { EncodedRequest, GenerationAdapter, Operation } from '../a2a/adapter';
import { operations } from '../a2a/adapter';
import { findAdapter } from '../a2a/adapters';
import { bindings, isGeneration, type Binding } from '../a2a/generation';
import type { HttpFrame } from '../wire/frame';

export interface ExchangeRequest {
  adapter: GenerationAdapter;
  request: EncodedRequest;
}

const BINDINGS: ReadonlySet<string> = new Set<string>(bindings);

export function exchangeRequest(frame: HttpFrame): ExchangeRequest | undefined {
  const a2a = frame.a2a;
  if (!a2a || !isGeneration(a2a.generation) || !BINDINGS.has(a2a.binding)) return undefined;
  if (!(operations as readonly string[]).includes(a2a.operation)) return undefined;
  const adapter = findAdapter(a2a.generation, a2a.binding as Binding);
  if (!adapter) return undefined;
  const operation = a2a.operation as Operation;
  const method = frame.request.method.toUpperCase();
  const request: EncodedRequest = {
    operation,
    method: method === 'GET' || method === 'DELETE' ? method : 'POST',
    url: frame.request.url,
    headers: frame.request.headers,
    streaming: operation === 'stream' || operation === 'subscribe',
    ...(frame.request.body ? { body: frame.request.body.text } : {}),
    ...(a2a.rpc ? { rpc: a2a.rpc } : {}),
  };
  return { adapter, request };
}
