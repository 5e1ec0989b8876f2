// The bottom line: which edition and host this window talks to.

import type { HostInfo } from '../../../shared/host/hostApi';

export function StatusBar({ info }: { info: HostInfo | undefined }) {
  return (
    <footer className="status-bar" data-testid="host-info">
      {info ? (
        <>
          <span data-testid="host-edition">{info.edition}</span> edition · {info.appName} {info.appVersion} ·{' '}
          {info.platform}/{info.arch} · Node {info.nodeVersion}
          {info.electronVersion && <> · Electron {info.electronVersion}</>}
        </>
      ) : (
        'Connecting to the host…'
      )}
    </footer>
  );
}
