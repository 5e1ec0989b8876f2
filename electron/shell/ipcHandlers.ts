// The body of every IPC handler: refuse callers that are not the app's own window, then dispatch through the
// contract. main.ts registers one per method; the desktop-bridge e2e project runs the same function.

import type { HostApi, HostCallResult, HostMethod } from '../../shared/host/hostApi';
import { dispatchHostCall } from '../../shared/host/dispatch';
import type { SenderFrameLike } from './ipcSender';

export const FORBIDDEN_SENDER: HostCallResult = {
  ok: false,
  error: { name: 'ForbiddenSender', message: 'Only the Switchboard window may call the host.' },
};

export function createIpcHandler(
  host: HostApi,
  method: HostMethod,
  isTrusted: (frame: SenderFrameLike | null | undefined) => boolean,
) {
  return (
    event: { senderFrame: SenderFrameLike | null | undefined },
    ...args: unknown[]
  ): Promise<HostCallResult> =>
    isTrusted(event.senderFrame) ? dispatchHostCall(host, method, args) : Promise.resolve(FORBIDDEN_SENDER);
}
