// The click-to-load gate for remote images and files (SEC-3): nothing is requested until the user clicks, and the
// button names the host it will contact. Loaded bytes are handed to `children`.

import type { ReactNode } from 'react';
import type { RemoteState } from './remoteFrame';
import { useRemoteLoad } from './useRemoteLoad';

export function RemoteLoad({
  url,
  host,
  what,
  children,
}: {
  url: string;
  host: string;
  what: 'image' | 'file';
  children: (loaded: Extract<RemoteState, { status: 'loaded' }>) => ReactNode;
}) {
  const { state, load } = useRemoteLoad(url);
  if (state.status === 'loaded') return <>{children(state)}</>;
  return (
    <span className="remote-load">
      <button
        type="button"
        className="render-action"
        data-testid="load-remote"
        title={url}
        disabled={state.status === 'loading'}
        onClick={load}
      >
        {state.status === 'loading'
          ? `Loading from ${host}…`
          : state.status === 'failed'
            ? `Try again: load ${what} from ${host}`
            : `Load ${what} from ${host}`}
      </button>
      {state.status === 'failed' && (
        <span className="render-error" role="alert" data-testid="remote-error">
          {state.message}
        </span>
      )}
    </span>
  );
}
