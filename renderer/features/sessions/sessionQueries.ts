// Query options for the sessions feature's server-like state (docs/architecture.md#state-in-the-renderer): the recent
// sessions list and the mock agents running on the host. They live with the feature because nothing else reads them.

import { queryOptions } from '@tanstack/react-query';
import type { HostApi } from '../../../shared/host/hostApi';
import { bootstrapKeys, refetchUnlessBootstrapped } from '../../queries/bootstrap';

export const recentSessionsKey = bootstrapKeys.recentSessions;
export const mockAgentsKey = bootstrapKeys.mockAgents;

/** Saved sessions, files opened before and the journals of earlier runs, newest first (SES-8). */
export function recentSessionsQuery(host: HostApi) {
  return queryOptions({
    queryKey: recentSessionsKey,
    queryFn: () => host.listSessions(),
    retry: false,
    refetchOnMount: refetchUnlessBootstrapped,
  });
}

export function mockAgentsQuery(host: HostApi) {
  return queryOptions({
    queryKey: mockAgentsKey,
    queryFn: () => host.listMockAgents(),
    retry: false,
    refetchOnMount: refetchUnlessBootstrapped,
  });
}
