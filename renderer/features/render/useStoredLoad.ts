// Loads a stored file part's bytes from the host only when the user asks (SEC-4): one slice per call, decoded as it
// comes (storedBytes.ts), with progress, from the session being shown (this run's, or the one replayed).

import { useCallback, useRef, useState } from 'react';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';
import { STORED_READ_MAX_BYTES, type StoredString } from '../../../shared/wire/storedString';
import { StoredBase64Decoder } from './storedBytes';
import { currentSessionId } from '../../store/sessionSlice';

export type StoredLoadState =
  | { status: 'idle' }
  | { status: 'loading'; read: number; total: number }
  | { status: 'loaded'; bytes: Uint8Array<ArrayBuffer> }
  | { status: 'failed'; message: string };

export function useStoredLoad(stored: StoredString): { state: StoredLoadState; load: () => void } {
  const host = useHost();
  const sessionId = useAppStore(currentSessionId);
  const [state, setState] = useState<StoredLoadState>({ status: 'idle' });
  const running = useRef(false);
  const load = useCallback(() => {
    if (running.current) return;
    running.current = true;
    const decoder = new StoredBase64Decoder();
    const step = async (read: number): Promise<StoredLoadState> => {
      setState({ status: 'loading', read, total: stored.length });
      if (read >= stored.length) {
        const bytes = decoder.end();
        return bytes
          ? { status: 'loaded', bytes }
          : { status: 'failed', message: 'The stored file part is not valid base64.' };
      }
      const length = Math.min(STORED_READ_MAX_BYTES, stored.length - read);
      const slice = await host.readStoredBytes({
        sessionId,
        sha256: stored.sha256,
        offset: stored.offset + read,
        length,
      });
      // The slice is base64 of the stored characters, which are themselves base64 text.
      const text = atob(slice.base64);
      if (text.length === 0) return { status: 'failed', message: 'The stored body ended early.' };
      decoder.push(text);
      if (decoder.failed) return { status: 'failed', message: 'The stored file part is not valid base64.' };
      return step(read + text.length);
    };
    step(0)
      .then(setState, (error: unknown) =>
        setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        running.current = false;
      });
  }, [host, sessionId, stored]);
  return { state, load };
}
