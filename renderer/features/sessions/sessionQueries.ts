// Query options for the sessions feature's server-like state (docs/architecture.md#state-in-the-renderer): the recent
// sessions list and the mock agents running on the host. They live with the feature because nothing else reads them.

import { queryOptions } from '@tanstack/react-query';
import type { HostApi } from '../../../shared/host/hostApi';

export const recentSessionsKey = ['sessions', 'recent'] as const;
export const mockAgentsKey = ['sessions', 'mocks'] as const;

/** Saved sessions, files opened before and the journals of earlier runs, newest first (SES-8). */
export function recentSessionsQuery(host: HostApi) {
  return queryOptions({
    queryKey: recentSessionsKey,
    queryFn: () => host.listSessions(),
    retry: false,
  });
}

export function mockAgentsQuery(host: HostApi) {
  return queryOptions({
    queryKey: mockAgentsKey,
    queryFn: () => host.listMockAgents(),
    retry: false,
  });
}
