// Builds a HostApi from a single "invoke" function by looping over the contract's method names. Every transport's
// client side (preload, HTTP bridge, in-process) is this function with a different invoke, so none of them
// hand-writes a method or a channel name.

import { hostMethodNames, type HostApi, type HostCallResult, type HostMethod } from './hostApi';

export type HostInvoke = (method: HostMethod, args: unknown[]) => Promise<HostCallResult>;

export class HostCallError extends Error {
  constructor(
    readonly remoteName: string,
    message: string,
  ) {
    super(message);
    this.name = 'HostCallError';
  }
}

export function unwrapHostResult(result: unknown): unknown {
  if (typeof result !== 'object' || result === null || !('ok' in result)) {
    throw new HostCallError('ProtocolError', 'The host answered with something that is not a call result.');
  }
  const envelope = result as HostCallResult;
  if (envelope.ok) return envelope.value;
  throw new HostCallError(envelope.error.name, envelope.error.message);
}

export function createHostProxy(invoke: HostInvoke): HostApi {
  const proxy: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const method of hostMethodNames) {
    proxy[method] = async (...args: unknown[]) => unwrapHostResult(await invoke(method, args));
  }
  // The loop above covers exactly the contract's names (checked in host-api.ts), so this is the full interface.
  return proxy as unknown as HostApi;
}
