// Cancelling from the window (UX-5, renderer/ui/cancellableOp.ts): Cancel tells the host once and stops the window's
// own steps, a host AbortError is told apart from a failure across the bridge, and a session whose pages are being
// read stops between pages so nothing half-read is shown.

import { describe, expect, it, vi } from 'vitest';
import { HostCallError } from '../../../../shared/host/proxy';
import type { Frame } from '../../../../shared/wire/frame';
import { readAllSessionFrames } from '../../../../renderer/features/sessions/readSessionFrames';
import { cancelledError, isCancelled, startCancellable } from '../../../../renderer/ui/cancellableOp';
import { onOperationProgress } from '../../../../renderer/ui/operationProgress';
import type { HostEvent, HostEventListener } from '../../../../shared/host/hostApi';

describe('a cancellable operation', () => {
  it('asks the host to cancel its opId once and aborts its signal', () => {
    const cancelOperation = vi.fn(async () => ({ cancelled: true }));
    const op = startCancellable({ cancelOperation });
    expect(op.signal.aborted).toBe(false);
    expect(() => op.throwIfCancelled('nothing')).not.toThrow();
    op.cancel();
    op.cancel();
    expect(cancelOperation).toHaveBeenCalledTimes(1);
    expect(cancelOperation).toHaveBeenCalledWith({ opId: op.opId });
    expect(op.signal.aborted).toBe(true);
    expect(() => op.throwIfCancelled('the session was not opened')).toThrow(
      'Cancelled: the session was not opened.',
    );
  });

  it('gives each operation its own id', () => {
    const host = { cancelOperation: async () => ({ cancelled: false }) };
    expect(startCancellable(host).opId).not.toBe(startCancellable(host).opId);
  });

  it('tells a cancel from a failure, also when it crossed the bridge', () => {
    expect(isCancelled(cancelledError('x'))).toBe(true);
    expect(isCancelled(new HostCallError('AbortError', 'Cancelled: the session was not saved.'))).toBe(true);
    expect(isCancelled(new HostCallError('Error', 'disk full'))).toBe(false);
    expect(isCancelled(new Error('disk full'))).toBe(false);
    // The desktop preload's own copy of HostCallError (bundled apart from the window) is told apart by shape.
    const fromPreload = Object.assign(new Error('Cancelled: the session was not opened.'), {
      name: 'HostCallError',
      remoteName: 'AbortError',
    });
    expect(isCancelled(fromPreload)).toBe(true);
    expect(isCancelled(Object.assign(new Error('x'), { remoteName: 'Error' }))).toBe(false);
    expect(isCancelled('AbortError')).toBe(false);
  });
});

describe('reading a session that is cancelled', () => {
  it('stops after the page under way and keeps nothing', async () => {
    const controller = new AbortController();
    const frame = { id: 'f' } as unknown as Frame;
    const readSessionFrames = vi.fn(async ({ from }: { from: number }) => {
      if (from >= 2) controller.abort();
      return { frames: [frame, frame], total: 10 };
    });
    await expect(
      readAllSessionFrames({ readSessionFrames }, 's-1', undefined, 2, controller.signal),
    ).rejects.toMatchObject({ name: 'AbortError', message: 'Cancelled: the session was not opened.' });
    expect(readSessionFrames).toHaveBeenCalledTimes(2);
  });
});

describe("an operation's progress events", () => {
  it('reaches only the listener of its opId, until it stops listening', () => {
    const listeners = new Set<HostEventListener>();
    const host = {
      onEvent(listener: HostEventListener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const emit = (event: HostEvent) => listeners.forEach((listener) => listener(event));
    const seen: number[] = [];
    const stop = onOperationProgress(host, 'op-a', (progress) => seen.push(progress.done));
    emit({ type: 'progress', progress: { opId: 'op-a', done: 1, total: 3, unit: 'requests' } });
    emit({ type: 'progress', progress: { opId: 'op-b', done: 2, total: 3, unit: 'requests' } });
    emit({ type: 'open-session', path: '/tmp/x.switchboard' });
    stop();
    emit({ type: 'progress', progress: { opId: 'op-a', done: 3, total: 3, unit: 'requests' } });
    expect(seen).toEqual([1]);
    expect(listeners.size).toBe(0);
  });
});
