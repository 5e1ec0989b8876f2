// Hands a PDF part to the host to open with the OS's viewer (TL-4), only when the user clicks: the renderer cannot
// preview a PDF inside its CSP, so the host writes the bytes to a file of its own naming and opens that.

import { useCallback, useRef, useState } from 'react';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';
import { currentSessionId } from '../../store/sessionSlice';
import type { StoredString } from '../../../shared/wire/storedString';
import { bytesToBase64 } from './media';

export type PdfSource = { kind: 'bytes'; bytes: Uint8Array } | { kind: 'stored'; stored: StoredString };

export type OpenExternallyState =
  | { status: 'idle' }
  | { status: 'opening' }
  | { status: 'opened'; size: number }
  | { status: 'failed'; message: string };

export function useOpenExternally(source: PdfSource): { state: OpenExternallyState; open: () => void } {
  const host = useHost();
  const sessionId = useAppStore(currentSessionId);
  const [state, setState] = useState<OpenExternallyState>({ status: 'idle' });
  const running = useRef(false);
  const open = useCallback(() => {
    if (running.current) return;
    running.current = true;
    setState({ status: 'opening' });
    host
      .openExternally({
        mediaType: 'application/pdf',
        source:
          source.kind === 'bytes'
            ? { base64: bytesToBase64(source.bytes) }
            : { stored: { sessionId, ...source.stored } },
      })
      .then(
        ({ size }) => setState({ status: 'opened', size }),
        (error: unknown) =>
          setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        running.current = false;
      });
  }, [host, sessionId, source]);
  return { state, open };
}
