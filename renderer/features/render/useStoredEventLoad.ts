// Loads an SSE event the host stored on disk for being over the per-event cap (FRM-8), only when the user asks: one
// slice per call, decoded as UTF-8 as it comes, with progress, from the session being shown.

import { useCallback, useRef, useState } from 'react';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';
import { currentSessionId } from '../../store/sessionSlice';
import { STORED_READ_MAX_BYTES } from '../../../shared/wire/storedString';

export type StoredEventState =
  | { status: 'idle' }
  | { status: 'loading'; read: number }
  | { status: 'loaded'; text: string; bytes: number }
  | { status: 'failed'; message: string };

export function useStoredEventLoad(stored: { sha256: string; size: number }): {
  state: StoredEventState;
  load: () => void;
} {
  const host = useHost();
  const sessionId = useAppStore(currentSessionId);
  const [state, setState] = useState<StoredEventState>({ status: 'idle' });
  const running = useRef(false);
  const load = useCallback(() => {
    if (running.current) return;
    running.current = true;
    const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
    const pieces: string[] = [];
    const step = async (read: number): Promise<StoredEventState> => {
      setState({ status: 'loading', read });
      if (read >= stored.size)
        return { status: 'loaded', text: pieces.join('') + decoder.decode(), bytes: read };
      const length = Math.min(STORED_READ_MAX_BYTES, stored.size - read);
      const slice = await host.readStoredBytes({ sessionId, sha256: stored.sha256, offset: read, length });
      const bytes = Uint8Array.from(atob(slice.base64), (c) => c.charCodeAt(0));
      if (bytes.length === 0) return { status: 'failed', message: 'The stored event ended early.' };
      pieces.push(decoder.decode(bytes, { stream: true }));
      return step(read + bytes.length);
    };
    step(0)
      .then(setState, (error: unknown) =>
        setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        running.current = false;
      });
  }, [host, sessionId, stored.sha256, stored.size]);
  return { state, load };
}
