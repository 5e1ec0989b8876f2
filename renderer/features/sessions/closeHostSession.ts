// Letting the host drop a session the window no longer shows. Closing only frees memory on the host, so it is
// skipped while the session is still in use: the live run, a mock agent serving it, or a tab holding it (UX-2).

import { LIVE_SESSION_ID, type HostApi } from '../../../shared/host/hostApi';
import { useSideSessions } from './sideSessionsStore';

export async function closeUnlessServed(host: HostApi, sessionId: string): Promise<void> {
  if (sessionId === LIVE_SESSION_ID) return;
  // A session held in a tab beside the live run (UX-2) may be replayed again, re-sent or mocked from there.
  if (useSideSessions.getState().opened.some((held) => held.session.sessionId === sessionId)) return;
  try {
    const mocks = await host.listMockAgents();
    if (mocks.some((mock) => mock.sessionId === sessionId)) return;
  } catch {
    return;
  }
  await closeQuietly(host, sessionId);
}

export async function closeQuietly(host: Pick<HostApi, 'closeSession'>, sessionId: string): Promise<void> {
  try {
    await host.closeSession({ sessionId });
  } catch {
    // Closing only frees memory on the host; the user has nothing to do about a failure.
  }
}
