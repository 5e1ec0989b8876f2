// SES-4 through the host API: a run recorded against the 1.0 peer is saved, opened from the file, and re-sent to the
// live peer; the diff has no differences (ids and times aside), and the new run is recorded like any traffic.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import { LIVE_SESSION_ID, type HostService } from '../../shared/host/hostApi';
import { peers, type PeerHandle } from '../peers';
import { recordSampleRun } from './support/sampleRun';
import { suiteTempDir } from '../unit/support/tempDir';

let host: HostService;
let peer: PeerHandle;
let agentId: string;
const tempDir = suiteTempDir('sb-resend-');

beforeAll(async () => {
  host = createHost({
    edition: 'test',
    appVersion: '1',
    dataDir: tempDir(),
  });
  peer = await peers['v1.0']();
  const opened = await host.openAgent({ url: peer.baseUrl });
  if (!opened.ok) throw new Error(opened.message);
  agentId = opened.agent.id;
});
afterAll(async () => {
  await peer?.close();
  await host?.close();
});

it('re-sends a saved session to the live agent: same states and artifacts, only ids and times differ', async () => {
  const asked = await recordSampleRun(host, agentId, { stream: 'hello again', reply: 'blue' });
  await host.runOperation({ agentId, operation: 'get', input: { taskId: asked.taskId! } });
  const saved = await host.saveSession({ sessionId: LIVE_SESSION_ID, title: 'to re-send' });
  const opened = await host.openSession({ path: saved.path });

  const result = await host.resendSession({ sessionId: opened.sessionId, agentId });
  expect(result.steps.map((step) => step.operation)).toEqual(['stream', 'send', 'send', 'get']);
  expect(result.steps.every((step) => step.newFrameId && step.newFrameId !== step.recordedFrameId)).toBe(
    true,
  );
  expect(result.differences).toEqual([]);
  expect(result.timing).toHaveLength(4);

  // One request alone, by its frame id.
  const one = await host.resendSession({
    sessionId: opened.sessionId,
    agentId,
    frameIds: [result.steps[0]!.recordedFrameId],
  });
  expect(one.steps).toHaveLength(1);
  expect(one.differences).toEqual([]);

  // Served as a mock from the app: listed while it runs, answers its card, gone once stopped.
  const mock = await host.startMockAgent({ sessionId: opened.sessionId, timing: 'compressed' });
  expect(await host.listMockAgents()).toEqual([mock]);
  expect((await fetch(mock.cardUrl)).status).toBe(200);
  expect(await host.stopMockAgent({ id: mock.id })).toEqual({ stopped: true });
  expect(await host.listMockAgents()).toEqual([]);
  await expect(fetch(mock.cardUrl)).rejects.toThrow();

  // The re-sent traffic is in the live recording like everything else.
  const live = await host.openSession({ path: LIVE_SESSION_ID });
  expect(live.frameCount).toBeGreaterThan(opened.frameCount);
});

it('a request whose secret was redacted is not re-sent with the mask as its value, and says which field', async () => {
  const target = await host.createPushTarget({ agentId, mode: 'token' });
  await host.runOperation({
    agentId,
    operation: 'send',
    input: {
      message: { parts: [{ kind: 'text', text: 'hello push' }] },
      blocking: true,
      pushNotification: { url: target.url, token: target.token },
    },
  });
  const saved = await host.saveSession({ sessionId: LIVE_SESSION_ID, title: 'with a push token' });
  const opened = await host.openSession({ path: saved.path });
  const result = await host.resendSession({ sessionId: opened.sessionId, agentId });
  const refused = result.steps.filter((step) => step.status === 'refused');
  expect(refused).toHaveLength(1);
  expect(refused[0]!.message).toMatch(/"token" redacted/);
  expect(result.differences.some((d) => d.step === refused[0]!.index)).toBe(true);
});
