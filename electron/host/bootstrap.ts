// The host's side of `bootstrap` (shared/host/bootstrap.ts): the host's description and the sidebar's four first
// reads, asked of the host's own methods at once, so the renderer gets in one round trip exactly what the five calls
// would have answered.

import type { BootstrapPart, HostBootstrap } from '../../shared/host/bootstrap';
import type { HostApi } from '../../shared/host/hostApi';

type BootstrapSources = Pick<
  HostApi,
  'getInfo' | 'loadLibrary' | 'listSessions' | 'listMockAgents' | 'listProxies'
>;

export async function hostBootstrap(host: BootstrapSources): Promise<HostBootstrap> {
  const [info, library, recentSessions, mockAgents, proxies] = await Promise.all([
    host.getInfo(),
    part(() => host.loadLibrary()),
    part(() => host.listSessions()),
    part(() => host.listMockAgents()),
    part(() => host.listProxies()),
  ]);
  return { info, library, recentSessions, mockAgents, proxies };
}

/** A read's outcome as a value: its failure keeps the name and message the call's own rejection would carry. */
async function part<T>(read: () => Promise<T>): Promise<BootstrapPart<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    return { ok: false, error: { name: failure.name, message: failure.message } };
  }
}
