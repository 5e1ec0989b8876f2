// The host side of every transport: takes a method name and arguments that came from outside (IPC, HTTP, a test),
// checks both against the contract, calls the host and wraps the outcome in the envelope. A thrown error never
// escapes as an exception across a transport; it becomes `{ ok: false }` with a name and message.

import { z } from 'zod';
import { isHostMethod, type HostApi, type HostCallResult } from './hostApi';
import { hostArgSchemas } from './schemas';

export async function dispatchHostCall(
  host: HostApi,
  method: unknown,
  args: unknown,
): Promise<HostCallResult> {
  if (!isHostMethod(method)) {
    return failure('UnknownMethod', `The host has no method called ${JSON.stringify(String(method))}.`);
  }
  const parsed = hostArgSchemas[method].safeParse(args);
  if (!parsed.success) {
    return failure('InvalidArguments', `${method}: ${z.prettifyError(parsed.error)}`);
  }
  try {
    // Each schema's output is that method's parameter tuple; TypeScript cannot relate the two through the index.
    const call = host[method] as (...callArgs: unknown[]) => Promise<unknown>;
    const value = await call.apply(host, parsed.data as unknown[]);
    return { ok: true, value };
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    const message = error instanceof Error ? error.message : String(error);
    return failure(name, message);
  }
}

function failure(name: string, message: string): HostCallResult {
  return { ok: false, error: { name, message } };
}
