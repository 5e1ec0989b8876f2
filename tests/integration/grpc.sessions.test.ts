// Sessions of gRPC traffic (WIRE-3 with SES-1, SES-4, TL-1): a run over 1.0 gRPC against the SDK 1.3.0 gRPC service
// is saved, opened from the file, read into the timeline exactly as a JSON-RPC run would be, and re-sent to the live
// agent over gRPC with no differences but ids and times.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import { LIVE_SESSION_ID, type HostService } from '../../shared/host/hostApi';
import { TimelineModel } from '../../shared/timeline/timelineModel';
import type { PeerHandle } from '../peers/types';
import { startV10GrpcPeer } from '../peers/v10Peer';
import { recordSampleRun } from './support/sampleRun';
import { suiteTempDir } from '../unit/support/tempDir';

let host: HostService;
let peer: PeerHandle;
let agentId: string;
let streamedAddress: string;
const tempDir = suiteTempDir('sb-grpc-');

beforeAll(async () => {
  host = createHost({
    edition: 'test',
    appVersion: '1',
    dataDir: tempDir(),
  });
  peer = await startV10GrpcPeer();
  const opened = await host.openAgent({ url: peer.baseUrl, settings: { selection: { binding: 'GRPC' } } });
  if (!opened.ok) throw new Error(opened.message);
  expect(opened.agent.chosen).toMatchObject({ binding: 'GRPC', generation: '1.0' });
  agentId = opened.agent.id;
  streamedAddress = opened.agent.chosen!.url;
});
afterAll(async () => {
  await peer?.close();
  await host?.close();
});

it('saves a gRPC run, reads it back into the timeline, and re-sends it over gRPC', async () => {
  const asked = await recordSampleRun(host, agentId, { stream: 'hello grpc session', reply: 'green' });
  const saved = await host.saveSession({ sessionId: LIVE_SESSION_ID, title: 'over gRPC' });
  const opened = await host.openSession({ path: saved.path });
  const page = await host.readSessionFrames({ sessionId: opened.sessionId, from: 0, count: 1000 });
  const grpcFrames = page.frames.filter((f) => f.kind === 'http' && f.a2a?.binding === 'GRPC');
  expect(grpcFrames.length).toBe(3);

  const model = new TimelineModel();
  model.ingest(page.frames);
  const tasks = model.taskList();
  expect(tasks).toHaveLength(2);
  const streamed = tasks.find((t) => t.id !== asked.taskId)!;
  expect(streamed.states.map((s) => s.state).at(-1)).toBe('completed');
  const echoed = streamed.artifacts
    .flatMap((a) => a.parts.map((p) => (p.kind === 'text' ? p.text : '')))
    .join('');
  expect(echoed).toBe('Echo: hello grpc session');
  const multiTurn = tasks.find((t) => t.id === asked.taskId)!;
  expect(multiTurn.states.map((s) => s.state)).toContain('input-required');
  expect(multiTurn.states.at(-1)!.state).toBe('completed');
  const sent = model.conversation.filter((c) => c.origin === 'sent').map((c) => c.message.parts[0]);
  expect(sent).toContainEqual(expect.objectContaining({ kind: 'text', text: 'green' }));

  const result = await host.resendSession({ sessionId: opened.sessionId, agentId });
  expect(result.steps.map((step) => step.operation)).toEqual(['stream', 'send', 'send']);
  expect(result.differences).toEqual([]);

  // Served as a mock: its card points gRPC clients at the mock's own gRPC listener, which answers from the session.
  const mock = await host.startMockAgent({ sessionId: opened.sessionId, timing: 'compressed' });
  try {
    const overMock = await host.openAgent({ url: mock.url, settings: { selection: { binding: 'GRPC' } } });
    if (!overMock.ok) throw new Error(overMock.message);
    const address = overMock.agent.chosen!.url;
    expect(address).toMatch(/^127\.0\.0\.1:\d+$/);
    // Not the recorded agent's: every gRPC interface of the served card moved to the mock.
    expect(address).not.toBe(streamedAddress);
    const grpcInterfaces = overMock.agent.interfaces.filter((i) => i.binding === 'GRPC').map((i) => i.url);
    expect(grpcInterfaces).toEqual([address, `grpc://${address}`]);
    const replayed = await host.runOperation({
      agentId: overMock.agent.id,
      operation: 'stream',
      input: { message: { parts: [{ kind: 'text', text: 'hello grpc session' }] }, blocking: true },
    });
    expect(replayed.status).toBe('stream');
    const end = await host.awaitStream({ exchangeId: replayed.exchangeId! });
    expect(end.ended).toBe('complete');
    const again = await host.readSessionFrames({ sessionId: LIVE_SESSION_ID, from: 0, count: 100_000 });
    const events = again.frames.filter((f) => f.kind === 'sse' && f.exchangeId === replayed.exchangeId);
    expect(
      events
        .map((e) => (e.kind === 'sse' ? e.a2a?.state : undefined))
        .filter(Boolean)
        .at(-1),
    ).toBe('completed');

    const unknown = await host.runOperation({
      agentId: overMock.agent.id,
      operation: 'get',
      input: { taskId: 'never-recorded' },
    });
    expect(unknown.status).toBe('error');
    expect(unknown.error?.message).toBe('This session recorded no GetTask call like this one.');
  } finally {
    await host.stopMockAgent({ id: mock.id });
  }
});
