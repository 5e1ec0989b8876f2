// A session held in a tab beside the live run (UX-2) stays open on the host when a replay moves away from it, so
// it can be replayed, re-sent or mocked again from its tab; once its tab is closed the host may drop it.

import { afterEach, describe, expect, it } from 'vitest';
import type { HostApi } from '../../../../../shared/host/hostApi';
import type { SessionSummary } from '../../../../../shared/session/types';
import { useSideSessions } from '../../../../../renderer/features/sessions/sideSessionsStore';
import { closeUnlessServed } from '../../../../../renderer/features/sessions/closeHostSession';

const summary = (id: string): SessionSummary => ({
  sessionId: id,
  title: id,
  source: 'file',
  agents: [],
  frameCount: 0,
  notices: [],
});

function fakeHost(closed: string[]): HostApi {
  return {
    listMockAgents: () => Promise.resolve([]),
    closeSession: ({ sessionId }: { sessionId: string }) => {
      closed.push(sessionId);
      return Promise.resolve();
    },
  } as unknown as HostApi;
}

afterEach(() => {
  for (const held of useSideSessions.getState().opened)
    useSideSessions.getState().close(held.session.sessionId);
});

describe('closing a session on the host', () => {
  it('keeps a held session open, closes it once its tab is gone, never closes live', async () => {
    const closed: string[] = [];
    const host = fakeHost(closed);
    useSideSessions.getState().add(summary('held'), []);
    await closeUnlessServed(host, 'held');
    await closeUnlessServed(host, 'live');
    expect(closed).toEqual([]);
    useSideSessions.getState().close('held');
    await closeUnlessServed(host, 'held');
    await closeUnlessServed(host, 'other');
    expect(closed).toEqual(['held', 'other']);
  });
});
