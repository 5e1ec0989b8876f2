// A held session played against the network, for the session service (sessionService.ts): re-sent to a live agent
// and compared with the recording (SES-4), or served on loopback as a mock agent (SES-7) until stopped.

import { randomBytes } from 'node:crypto';
import type { MockAgentInfo } from '../../../shared/session/types';
import { startMockAgent } from './mockAgent';
import { resendSession } from './resend';
import type { ReportProgress } from '../operationAborts';
import { heldSession, type HeldSessions, type Request } from './heldSessions';

export async function resendHeldSession(
  held: HeldSessions,
  { sessionId, agentId, frameIds }: Request<'resendSession'>,
  signal?: AbortSignal,
  report?: ReportProgress,
) {
  const loaded = await heldSession(held, sessionId, true);
  const { newFrames: _newFrames, ...result } = await resendSession(held.options.host, {
    frames: loaded.frames,
    agentId,
    ...(frameIds ? { frameIds } : {}),
    ...(signal ? { signal } : {}),
    ...(report ? { onProgress: report } : {}),
  });
  // The new run's frames reached the renderer live, as every frame does; the result carries the comparison.
  return result;
}

export async function startHeldMock(
  held: HeldSessions,
  { sessionId, timing = 'original', port }: Request<'startMockAgent'>,
): Promise<MockAgentInfo> {
  const loaded = await heldSession(held, sessionId, true);
  const mock = await startMockAgent({
    frames: loaded.frames,
    agents: loaded.agents,
    timing,
    ...(port !== undefined ? { port } : {}),
  });
  const info: MockAgentInfo = {
    id: `m-${randomBytes(6).toString('hex')}`,
    sessionId,
    url: mock.url,
    cardUrl: mock.cardUrl,
    timing,
  };
  held.mocks.set(info.id, { info, close: () => mock.close() });
  return info;
}

export async function stopHeldMock(held: HeldSessions, id: string): Promise<{ stopped: boolean }> {
  const mock = held.mocks.get(id);
  if (!mock) return { stopped: false };
  held.mocks.delete(id);
  await mock.close();
  return { stopped: true };
}

/** Stops every mock agent when the host shuts down; one that fails to stop must not keep the others running. */
export async function stopAllMocks(held: HeldSessions): Promise<void> {
  await Promise.all([...held.mocks.values()].map((mock) => mock.close().catch(() => undefined)));
  held.mocks.clear();
}
