// The running recording proxies as the host reports them (PRX-1), and the actions on them. The list is read once,
// then replaced by each `proxies` event the host publishes: after a start, stop or change of rules, and as traffic
// moves a proxy's exchange and client counts (throttled by the host), so nothing is polled.

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { HostApi } from '../../../shared/host/hostApi';
import type { ProxyOptions, ProxyStatus } from '../../../shared/proxy/proxyTypes';
import { useHost } from '../../host/HostContext';
import { bootstrapKeys, refetchUnlessBootstrapped } from '../../queries/bootstrap';

export const proxiesKey = bootstrapKeys.proxies;
const savedSessionsKey = ['proxies', 'saved-sessions'] as const;

function proxiesQuery(host: HostApi) {
  return queryOptions({
    queryKey: proxiesKey,
    queryFn: () => host.listProxies(),
    retry: false,
    refetchOnMount: refetchUnlessBootstrapped,
  });
}

export function useProxies() {
  const host = useHost();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      host.onEvent((event) => {
        if (event.type === 'proxies') queryClient.setQueryData<ProxyStatus[]>(proxiesKey, event.proxies);
      }),
    [host, queryClient],
  );
  return useQuery(proxiesQuery(host));
}

/** Sessions the host knows (saved, opened before, earlier runs), for "Serve a saved session instead" (PRX-5). */
export function useSavedSessions(enabled: boolean) {
  const host = useHost();
  return useQuery({ queryKey: savedSessionsKey, queryFn: () => host.listSessions(), retry: false, enabled });
}

function useProxyMutation<T, R>(call: (host: HostApi, input: T) => Promise<R>) {
  const host = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => call(host, input),
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: proxiesKey });
    },
  });
}

export function useStartProxy() {
  return useProxyMutation((host, options: ProxyOptions) => host.startProxy(options));
}

export function useStopProxy() {
  return useProxyMutation((host, id: string) => host.stopProxy({ id }));
}

export function useSetFaultRules() {
  return useProxyMutation((host, input: { id: string; rules: unknown }) => host.setProxyFaultRules(input));
}
