// The start's one host call (`bootstrap`, shared/host/bootstrap.ts) put into the query cache: the host's description
// and the sidebar's first lists land under the keys their own queries use, so the first render already shows them
// and none of those queries asks the host again on mount. A list the host could not read is left out, and its query
// asks for it alone as before, failing the same way.

import type { Query, QueryClient } from '@tanstack/react-query';
import type { HostBootstrap } from '../../shared/host/bootstrap';
import type { HostApi } from '../../shared/host/hostApi';
import { hostInfoKey } from './hostInfo';

/** The sidebar's queries that the bootstrap fills, by the part of the answer that fills them. */
export const bootstrapKeys = {
  library: ['library'],
  recentSessions: ['sessions', 'recent'],
  mockAgents: ['sessions', 'mocks'],
  proxies: ['proxies', 'running'],
} as const;

/** What each query was seeded with: while its data is still that value, it needs no fetch on mount. */
const seeded = new WeakMap<object, unknown>();

/**
 * Asks the host for the bootstrap and seeds the cache with it; true when it did. A failed call seeds nothing, so each
 * query then asks the host alone and shows its own failure, as before there was a bootstrap.
 */
export async function loadBootstrap(host: Pick<HostApi, 'bootstrap'>, client: QueryClient): Promise<boolean> {
  try {
    seedBootstrap(client, await host.bootstrap());
    return true;
  } catch {
    return false;
  }
}

export function seedBootstrap(client: QueryClient, boot: HostBootstrap): void {
  client.setQueryData(hostInfoKey, boot.info);
  for (const name of Object.keys(bootstrapKeys) as Array<keyof typeof bootstrapKeys>) {
    const part = boot[name];
    if (!part.ok) continue;
    const key = bootstrapKeys[name];
    client.setQueryData(key, part.value);
    const query = client.getQueryCache().find({ queryKey: key, exact: true });
    if (query) seeded.set(query, part.value);
  }
}

/**
 * `refetchOnMount` for the seeded queries: no fetch while the data is what the bootstrap brought a moment ago;
 * otherwise TanStack Query's default (fetch when stale). Invalidation and host events work as before.
 */
export function refetchUnlessBootstrapped<T>(query: Query<T, Error, T, readonly unknown[]>): boolean {
  return !seeded.has(query) || query.state.data !== seeded.get(query);
}
