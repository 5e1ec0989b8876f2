// Loads a stored file part's bytes from the host only when the user asks (SEC-4): one slice per call, decoded as it
// comes (storedBytes.ts), with progress and a Cancel between slices (UX-5), from the session being shown (this
// run's, or the one replayed).

import { useCallback, useRef, useState } from 'react';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';
import type { StoredString } from '../../../shared/wire/storedString';
import { StoredBase64Decoder } from './storedBytes';
import { currentSessionId } from '../../store/sessionSlice';
import { readStoredSlices } from './storedSlices';

export type StoredLoadState =
  | { status: 'idle' }
  | { status: 'loading'; read: number; total: number; startedAt: number }
  | { status: 'loaded'; bytes: Uint8Array<ArrayBuffer> }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string };

const NOT_BASE64 = 'The stored file part is not valid base64.';

export function useStoredLoad(stored: StoredString): {
  state: StoredLoadState;
  load: () => void;
  cancel: () => void;
} {
  const host = useHost();
  const sessionId = useAppStore(currentSessionId);
  const [state, setState] = useState<StoredLoadState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);
  const load = useCallback(() => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    const decoder = new StoredBase64Decoder();
    const startedAt = Date.now();
    setState({ status: 'loading', read: 0, total: stored.length, startedAt });
    const readSlice = async (read: number, length: number) => {
      const slice = await host.readStoredBytes({
        sessionId,
        sha256: stored.sha256,
        offset: stored.offset + read,
        length,
      });
      // The slice is base64 of the stored characters, which are themselves base64 text.
      const text = atob(slice.base64);
      decoder.push(text);
      if (decoder.failed) throw new Error(NOT_BASE64);
      return text.length;
    };
    readStoredSlices(stored.length, readSlice, {
      signal: controller.signal,
      onProgress: (read) => setState({ status: 'loading', read, total: stored.length, startedAt }),
      endedEarly: 'The stored body ended early.',
    })
      .then((run): StoredLoadState => {
        if (run.cancelled) return { status: 'cancelled' };
        const bytes = decoder.end();
        return bytes ? { status: 'loaded', bytes } : { status: 'failed', message: NOT_BASE64 };
      })
      .then(setState, (error: unknown) =>
        setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        running.current = null;
      });
  }, [host, sessionId, stored]);
  const cancel = useCallback(() => running.current?.abort(), []);
  return { state, load, cancel };
}
