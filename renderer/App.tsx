// The root component: connects to the host, then shows the workspace. `data-app-state` tells tests (and people
// reading the DOM) when the app has booted: booting → ready, or error with the reason shown.

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { StatusBar, Workspace } from './features/layout';
import { useHost } from './host/HostContext';
import { useHostEvents } from './useHostEvents';
import { hostInfoQuery } from './queries/hostInfo';

export function App() {
  const host = useHost();
  const info = useQuery(hostInfoQuery(host));
  useHostEvents();
  const state = info.isSuccess ? 'ready' : info.isError ? 'error' : 'booting';
  // The same element every render, so the host's answer re-renders the root's attributes and the status bar, not the
  // whole workspace a second time on the way to ready.
  const workspace = useMemo(() => <Workspace />, []);
  return (
    <div className="app" data-app-state={state} data-testid="app-root">
      {info.isError ? (
        <div className="fatal" role="alert">
          <h1>Switchboard cannot reach its host</h1>
          <p>{info.error.message}</p>
        </div>
      ) : (
        workspace
      )}
      <StatusBar info={info.data} />
    </div>
  );
}
