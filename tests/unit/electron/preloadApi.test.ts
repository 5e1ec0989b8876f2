// What the desktop preload exposes, over a fake ipcRenderer: one function per contract method on its own channel,
// results unwrapped, and events delivered without the IPC event object.

import { describe, expect, it, vi } from 'vitest';
import { hostChannel, hostEventChannel, hostMethodNames, type HostEvent } from '../../../shared/host/hostApi';
import { buildPreloadApi, type IpcRendererLike } from '../../../electron/preloadApi';

function fakeIpc(answer: unknown = { ok: true, value: 'answer' }) {
  const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  const ipc: IpcRendererLike & { emit(channel: string, payload: unknown): void } = {
    invoke: vi.fn(async () => answer),
    on(channel, listener) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
    },
    removeListener(channel, listener) {
      listeners.get(channel)?.delete(listener);
    },
    emit(channel, payload) {
      for (const listener of listeners.get(channel) ?? []) listener({ sender: 'secret ipc event' }, payload);
    },
  };
  return ipc;
}

describe('buildPreloadApi', () => {
  it('exposes the contract methods plus onEvent, frozen', () => {
    const api = buildPreloadApi(fakeIpc());
    expect(Object.keys(api).sort()).toEqual([...hostMethodNames, 'onEvent'].sort());
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('invokes each method on its own channel with its arguments', async () => {
    const ipc = fakeIpc();
    const api = buildPreloadApi(ipc);
    expect(await api.getInfo()).toBe('answer');
    await api.fetchRaw({ method: 'GET', url: 'http://127.0.0.1/' });
    expect(ipc.invoke).toHaveBeenNthCalledWith(1, hostChannel('getInfo'));
    expect(ipc.invoke).toHaveBeenNthCalledWith(2, hostChannel('fetchRaw'), {
      method: 'GET',
      url: 'http://127.0.0.1/',
    });
  });

  it('rejects with the host error name and message', async () => {
    const api = buildPreloadApi(fakeIpc({ ok: false, error: { name: 'ForbiddenSender', message: 'no' } }));
    await expect(api.getInfo()).rejects.toMatchObject({ remoteName: 'ForbiddenSender', message: 'no' });
  });

  it('delivers event payloads only, and stops after unsubscribe', () => {
    const ipc = fakeIpc();
    const api = buildPreloadApi(ipc);
    const seen: unknown[][] = [];
    const stop = api.onEvent((...args: unknown[]) => seen.push(args));
    const event: HostEvent = { type: 'frames', frames: [] };
    ipc.emit(hostEventChannel, event);
    stop();
    ipc.emit(hostEventChannel, event);
    expect(seen).toEqual([[event]]);
  });
});
