// Query options for the host's description (version, edition, platform).

import { queryOptions } from '@tanstack/react-query';
import type { HostApi } from '../../shared/host/hostApi';

export const hostInfoKey = ['host', 'info'] as const;

export function hostInfoQuery(host: HostApi) {
  return queryOptions({
    queryKey: hostInfoKey,
    queryFn: () => host.getInfo(),
    staleTime: Infinity,
    retry: 2,
  });
}
