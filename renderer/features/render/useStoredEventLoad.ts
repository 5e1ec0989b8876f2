// Loads an SSE event the host stored on disk for being over the per-event cap (FRM-8), only when the user asks: one
// slice per call, decoded as UTF-8 as it comes, with progress and a Cancel between slices (UX-5), from the session
// being shown.

import { useCallback, useRef, useState } from 'react';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';
import { currentSessionId } from '../../store/sessionSlice';
import { readStoredSlices } from './storedSlices';

export type StoredEventState =
  | { status: 'idle' }
  | { status: 'loading'; read: number; startedAt: number }
  | { status: 'loaded'; text: string; bytes: number }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string };

export function useStoredEventLoad(stored: { sha256: string; size: number }): {
  state: StoredEventState;
  load: () => void;
  cancel: () => void;
} {
  const host = useHost();
  const sessionId = useAppStore(currentSessionId);
  const [state, setState] = useState<StoredEventState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);
  const load = useCallback(() => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
    const pieces: string[] = [];
    const startedAt = Date.now();
    setState({ status: 'loading', read: 0, startedAt });
    const readSlice = async (offset: number, length: number) => {
      const slice = await host.readStoredBytes({ sessionId, sha256: stored.sha256, offset, length });
      const bytes = Uint8Array.from(atob(slice.base64), (c) => c.charCodeAt(0));
      pieces.push(decoder.decode(bytes, { stream: true }));
      return bytes.length;
    };
    readStoredSlices(stored.size, readSlice, {
      signal: controller.signal,
      onProgress: (read) => setState({ status: 'loading', read, startedAt }),
      endedEarly: 'The stored event ended early.',
    })
      .then((run): StoredEventState =>
        run.cancelled
          ? { status: 'cancelled' }
          : { status: 'loaded', text: pieces.join('') + decoder.decode(), bytes: run.read },
      )
      .then(setState, (error: unknown) =>
        setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        running.current = null;
      });
  }, [host, sessionId, stored.sha256, stored.size]);
  const cancel = useCallback(() => running.current?.abort(), []);
  return { state, load, cancel };
}
