// Bundled into an init script for the desktop-bridge project: builds `window.host` with the preload's own
// buildPreloadApi, over an ipcRenderer whose invoke goes to the real host in the test process.

import { buildPreloadApi, type IpcRendererLike } from '../../../electron/preloadApi';
import { hostEventChannel } from '../../../shared/host/hostApi';

type Relay = (event: unknown, ...args: unknown[]) => void;

interface HarnessWindow {
  __switchboardIpcInvoke(channel: string, args: unknown[]): Promise<unknown>;
  __switchboardIpcEmit?: (payload: unknown) => void;
}

const harness = window as unknown as HarnessWindow;
const relays = new Set<Relay>();

const ipc: IpcRendererLike = {
  invoke: (channel, ...args) => harness.__switchboardIpcInvoke(channel, args),
  on(channel, listener) {
    if (channel === hostEventChannel) relays.add(listener);
  },
  removeListener(_channel, listener) {
    relays.delete(listener);
  },
};

harness.__switchboardIpcEmit = (payload) => {
  for (const relay of relays) relay({}, payload);
};

Object.defineProperty(window, 'host', { value: buildPreloadApi(ipc), enumerable: true });
