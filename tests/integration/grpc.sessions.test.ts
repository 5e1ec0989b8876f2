// Sessions of gRPC traffic (WIRE-3 with SES-1, SES-4, TL-1): a run over 1.0 gRPC against the SDK 1.3.0 gRPC service
// is saved, opened from the file, read into the timeline exactly as a JSON-RPC run would be, and re-sent to the live
// agent over gRPC with no differences but ids and times.

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import { LIVE_SESSION_ID, type HostService } from '../../shared/host-api';
import { TimelineModel } from '../../shared/timeline/timelineModel';
import type { PeerHandle } from '../peers/types';
import { startV10GrpcPeer } from '../peers/v10Peer';
import { recordSampleRun } from './support/sampleRun';

let host: HostService;
let peer: PeerHandle;
let agentId: string;

beforeAll(async () => {
  host = createHost({
    edition: 'test',
    appVersion: '1',
    dataDir: await mkdtemp(path.join(tmpdir(), 'sb-grpc-')),
  });
  peer = await startV10GrpcPeer();
  const opened = await host.openAgent({ url: peer.baseUrl, settings: { selection: { binding: 'GRPC' } } });
  if (!opened.ok) throw new Error(opened.message);
  expect(opened.agent.chosen).toMatchObject({ binding: 'GRPC', generation: '1.0' });
  agentId = opened.agent.id;
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
});
