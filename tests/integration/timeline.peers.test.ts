// The timeline model fed with the frames the host really published (every revision, every SSE frame, as copies):
// task states in order with times, artifacts assembled from their chunks, the conversation with the user's own
// message read back from the request, for every peer's preferred interface and a multi-turn exchange.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationOutcome } from '../../shared/host/agent';
import type { Frame } from '../../shared/wire/frame';
import { TimelineModel } from '../../shared/timeline/timelineModel';
import { peers } from '../peers';
import type { PeerHandle } from '../peers/types';
import { expectStatus, recordingHost } from './support/recordingHost';

const recording = recordingHost();
const { host } = recording;
const received: Frame[] = [];
host.onEvent((event) => {
  if (event.type === 'frames') received.push(...structuredClone(event.frames));
});

for (const name of Object.keys(peers) as Array<keyof typeof peers>) {
  describe(`timeline × ${name}`, () => {
    let peer: PeerHandle;
    let agentId: string;
    beforeAll(async () => {
      peer = await peers[name]();
      const opened = await host.openAgent({ url: peer.baseUrl });
      if (!opened.ok) throw new Error(opened.message);
      agentId = opened.agent.id;
    });
    afterAll(() => peer?.close());

    it('a streamed task: states in order, the artifact assembled, the sent message in the conversation', async () => {
      await recording.flush();
      const start = received.length;
      const outcome = await host.runOperation({
        agentId,
        operation: 'stream',
        input: { message: { parts: [{ kind: 'text', text: 'hello timeline' }] }, blocking: true },
      });
      expectStatus(outcome, 'stream');
      await host.awaitStream({ exchangeId: outcome.exchangeId! });
      await recording.flush();
      const model = new TimelineModel();
      model.ingest(received.slice(start));
      const [task] = model.taskList();
      expect(model.taskList()).toHaveLength(1);
      expect(task!.agentId).toBe(agentId);
      const states = task!.states.map((s) => s.state);
      expect(states.at(-1)).toBe('completed');
      expect(states).toContain('working');
      expect(task!.states.every((s) => !s.illegal)).toBe(true);
      const times = task!.states.map((s) => s.at);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      const text = task!.artifacts
        .flatMap((a) => a.parts.map((p) => (p.kind === 'text' ? p.text : '')))
        .join('');
      expect(text).toContain('Echo: hello timeline');
      expect(task!.artifacts.every((a) => a.complete)).toBe(true);
      const sent = model.conversation.find((c) => c.origin === 'sent');
      expect(sent?.message.parts[0]).toMatchObject({ kind: 'text', text: 'hello timeline' });
      expect(model.entries[0]).toMatchObject({ kind: 'request', exchangeId: outcome.exchangeId });
      expect(model.entries.at(-1)).toMatchObject({ kind: 'stream-end', exchangeId: outcome.exchangeId });
      const events = model.entries.filter((e) => e.kind === 'event');
      expect(events.length).toBeGreaterThanOrEqual(3);
      // The counts the timeline's header shows are kept as entries are added, and agree with a recount.
      for (const kind of Object.keys(model.counts) as Array<keyof typeof model.counts>)
        expect(model.counts[kind], kind).toBe(model.entries.filter((e) => e.kind === kind).length);
      expect(events.every((e) => e.gapMs !== undefined && e.gapMs >= 0 && e.size! > 0 && !e.severity)).toBe(
        true,
      );
    });

    it('multi-turn: the question, the reply on the same task, completed', async () => {
      await recording.flush();
      const start = received.length;
      const first: OperationOutcome = await host.runOperation({
        agentId,
        operation: 'send',
        input: { message: { parts: [{ kind: 'text', text: 'need input' }] }, blocking: true },
      });
      expectStatus(first, 'result');
      const taskId = first.taskId!;
      const second = await host.runOperation({
        agentId,
        operation: 'send',
        input: {
          message: {
            parts: [{ kind: 'text', text: 'Ada' }],
            taskId,
            ...(first.contextId ? { contextId: first.contextId } : {}),
          },
          blocking: true,
        },
      });
      expectStatus(second, 'result');
      await recording.flush();
      const model = new TimelineModel();
      model.ingest(received.slice(start));
      const task = model.tasks.get(taskId)!;
      expect(task.states.map((s) => s.state)).toEqual(
        expect.arrayContaining(['input-required', 'completed']),
      );
      expect(task.states.at(-1)?.state).toBe('completed');
      const roles = model.conversation
        .filter((c) => c.taskId === taskId || c.origin === 'sent')
        .map((c) => c.role);
      expect(roles.filter((r) => r === 'user')).toHaveLength(2);
      expect(model.conversation.some((c) => c.role === 'agent' && c.taskId === taskId)).toBe(true);
    });
  });
}
