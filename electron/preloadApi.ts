// What the preload exposes as `window.host`: one function per contract method, each an `invoke` on the method's
// channel, plus `onEvent`. Built from the contract's name list, so no channel string is written by hand. Kept apart
// from preload.ts (which only touches `electron`) so tests and the desktop-bridge e2e project can run the very same
// code over a fake ipcRenderer.

import { hostChannel, hostEventChannel, type HostConnection, type HostEvent } from '../shared/host/hostApi';
import { createHostProxy } from '../shared/host/proxy';
import type { HostCallResult } from '../shared/host/hostApi';

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export function buildPreloadApi(ipc: IpcRendererLike): HostConnection {
  const api = createHostProxy(
    async (method, args) => (await ipc.invoke(hostChannel(method), ...args)) as HostCallResult,
  );
  return Object.freeze({
    ...api,
    onEvent(listener: (event: HostEvent) => void) {
      // The IPC event object (which exposes the sender) never reaches the page: only the payload does.
      const relay = (_event: unknown, payload: unknown) => listener(payload as HostEvent);
      ipc.on(hostEventChannel, relay);
      return () => {
        ipc.removeListener(hostEventChannel, relay);
      };
    },
  });
}
