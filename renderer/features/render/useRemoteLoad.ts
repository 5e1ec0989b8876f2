// Loads a remote image or file only when the user asks (SEC-3). The host fetches it — a plain GET without the agent's
// credentials, no redirects followed — and records the exchange as a frame like any other
// (docs/architecture.md#frames-are-the-single-source-of-truth), so the renderer never contacts another origin and the
// CSP needs no http(s) sources.

import { useCallback, useState } from 'react';
import { useHost } from '../../host/HostContext';
import { readRemoteFrame, REMOTE_MAX_BYTES, type RemoteState } from './remoteFrame';

export function useRemoteLoad(url: string): { state: RemoteState; load: () => void } {
  const host = useHost();
  const [state, setState] = useState<RemoteState>({ status: 'idle' });
  const load = useCallback(() => {
    setState({ status: 'loading' });
    host
      .fetchRaw({
        method: 'GET',
        url,
        headers: [['Accept', 'image/*, */*;q=0.5']],
        maxBodyBytes: REMOTE_MAX_BYTES,
        timeouts: { connectMs: 10_000, totalMs: 30_000 },
        source: 'content-load',
      })
      .then(
        (frame) => setState(readRemoteFrame(frame)),
        (error: unknown) =>
          setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
  }, [host, url]);
  return { state, load };
}
