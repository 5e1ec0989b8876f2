// Makes the host connection available to every component; components never pick a transport themselves.

import { createContext, useContext, type ReactNode } from 'react';
import type { HostConnection } from '../../shared/host/hostApi';

const HostContext = createContext<HostConnection | null>(null);

export function HostProvider({ host, children }: { host: HostConnection; children: ReactNode }) {
  return <HostContext.Provider value={host}>{children}</HostContext.Provider>;
}

export function useHost(): HostConnection {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost() needs a <HostProvider> above it.');
  return host;
}
