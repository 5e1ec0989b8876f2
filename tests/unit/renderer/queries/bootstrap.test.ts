// The bootstrap answer in the query cache: each list under its own query's key, no fetch on mount while a query
// holds what the bootstrap brought, the usual fetch once that data has been replaced, and a failed list left for
// its own query to ask for; a failed bootstrap call seeds nothing.

import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { HostBootstrap } from '../../../../shared/host/bootstrap';
import {
  bootstrapKeys,
  loadBootstrap,
  refetchUnlessBootstrapped,
  seedBootstrap,
} from '../../../../renderer/queries/bootstrap';
import { hostInfoKey } from '../../../../renderer/queries/hostInfo';
import { BROWSER_HOST_INFO } from '../../support/hostInfo';

const boot: HostBootstrap = {
  info: BROWSER_HOST_INFO,
  library: { ok: true, value: { entries: [{ url: 'http://127.0.0.1:1/', name: 'Kept' }] } },
  recentSessions: { ok: false, error: { name: 'Error', message: 'The sessions folder cannot be read.' } },
  mockAgents: { ok: true, value: [] },
  proxies: { ok: true, value: [] },
};

/** Mounts one observer of `key` as a component's useQuery would, and says whether it asked the host. */
async function mountAsks(client: QueryClient, key: readonly unknown[]): Promise<boolean> {
  const queryFn = vi.fn(async () => ['fetched']);
  const observer = new QueryObserver<string[], Error, string[], string[], readonly unknown[]>(client, {
    queryKey: key,
    queryFn,
    refetchOnMount: refetchUnlessBootstrapped,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  unsubscribe();
  return queryFn.mock.calls.length > 0;
}

describe('seedBootstrap', () => {
  it("puts the host's description and each list read under its query's key", () => {
    const client = new QueryClient();
    seedBootstrap(client, boot);
    expect(client.getQueryData(hostInfoKey)).toEqual(boot.info);
    expect(client.getQueryData(bootstrapKeys.library)).toEqual({
      entries: [{ url: 'http://127.0.0.1:1/', name: 'Kept' }],
    });
    expect(client.getQueryData(bootstrapKeys.mockAgents)).toEqual([]);
    expect(client.getQueryData(bootstrapKeys.proxies)).toEqual([]);
  });

  it('leaves a list the host could not read to its own query', async () => {
    const client = new QueryClient();
    seedBootstrap(client, boot);
    expect(client.getQueryData(bootstrapKeys.recentSessions)).toBeUndefined();
    expect(await mountAsks(client, bootstrapKeys.recentSessions)).toBe(true);
  });

  it('spares a seeded query the fetch on mount, and fetches as usual once its data was replaced', async () => {
    const client = new QueryClient();
    seedBootstrap(client, boot);
    expect(await mountAsks(client, bootstrapKeys.proxies)).toBe(false);
    // A host event's list (a proxy started since), as useProxies puts it in.
    client.setQueryData(bootstrapKeys.proxies, [{ id: 'proxy-1' }]);
    expect(await mountAsks(client, bootstrapKeys.proxies)).toBe(true);
  });

  it('changes nothing for a query the bootstrap never filled', async () => {
    const client = new QueryClient();
    client.setQueryData(['sessions', 'mocks'], []);
    expect(await mountAsks(client, ['sessions', 'mocks'])).toBe(true);
  });
});

describe('loadBootstrap', () => {
  it("seeds the cache from the host's answer", async () => {
    const client = new QueryClient();
    expect(await loadBootstrap({ bootstrap: async () => boot }, client)).toBe(true);
    expect(client.getQueryData(hostInfoKey)).toEqual(boot.info);
  });

  it('seeds nothing when the call fails, so every query asks the host alone as before', async () => {
    const client = new QueryClient();
    const failing = async (): Promise<HostBootstrap> => {
      throw new Error('The Switchboard server did not answer.');
    };
    expect(await loadBootstrap({ bootstrap: failing }, client)).toBe(false);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
