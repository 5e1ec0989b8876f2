// Re-sending a recorded session (SES-4) against real peers: one host records a conversation (send, stream, a
// multi-turn task, get, a long task watched, resubscribed and cancelled, an error, the extended card), the frames are
// masked as a saved session would be, and a second host re-sends them. Against the same peer only ids and times
// differ; against a peer that behaves differently, or from a modified recording, the diff says what changed.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationOutcome, OperationRequest } from '../../shared/host/agent';
import { SECRET_PLACEHOLDER } from '../../shared/host/agent';
import type { SendInput } from '../../shared/a2a/adapter';
import type { Binding, Generation } from '../../shared/a2a/generation';
import type { Frame, HttpFrame } from '../../shared/wire/frame';
import { digestRun } from '../../shared/session/runDigest';
import type { ResendResult } from '../../shared/session/types';
import { compareRuns } from '../../renderer/features/sessions/compareRuns';
import { resendView, type ResendView } from '../../renderer/features/sessions/resendView';
import { resendSession } from '../../electron/host/session/resend';
import { peers, type PeerHandle } from '../peers';
import { startHostilePeer, type HostilePeerHandle } from '../peers/hostilePeer';
import { PEER_BEARER_TOKEN } from '../peers/peerAuth';
import { expectStatus, recordingHost, type RecordingHost } from './support/recordingHost';

const recorder = recordingHost();
const replayer = recordingHost();
afterAll(async () => {
  await recorder.host.close();
  await replayer.host.close();
});

const combos: Array<{ peer: 'v1.0' | 'v0.3'; generation: Generation; binding: Binding }> = [
  { peer: 'v1.0', generation: '1.0', binding: 'JSONRPC' },
  { peer: 'v1.0', generation: '1.0', binding: 'HTTP+JSON' },
  { peer: 'v0.3', generation: '0.3', binding: 'JSONRPC' },
  { peer: 'v0.3', generation: '0.3', binding: 'HTTP+JSON' },
];

const text = (value: string, extra: Partial<SendInput['message']> = {}): SendInput['message'] => ({
  parts: [{ kind: 'text', text: value }],
  ...extra,
});

/** Resolves once `test` holds for what the recording host has received. */
function until(recording: RecordingHost, test: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (test()) return resolve();
    const off = recording.host.onEvent(() => {
      if (!test()) return;
      off();
      resolve();
    });
  });
}

async function openAgent(recording: RecordingHost, url: string, generation: Generation, binding: Binding) {
  const opened = await recording.host.openAgent({
    url,
    settings: { selection: { generation, binding }, auth: { type: 'bearer', token: PEER_BEARER_TOKEN } },
  });
  if (!opened.ok) throw new Error(opened.message);
  return opened.agent;
}

/** The frames as a saved session holds them: the credential replaced by the mask (AUTH-4). */
function asSaved(frames: readonly Frame[]): Frame[] {
  const copy = structuredClone(frames) as Frame[];
  for (const frame of copy) {
    if (frame.kind !== 'http') continue;
    frame.request.headers = frame.request.headers.map(([name, value]) =>
      name.toLowerCase() === 'authorization' ? [name, `Bearer ${SECRET_PLACEHOLDER}`] : [name, value],
    );
  }
  return copy;
}

function taskOf(outcome: OperationOutcome) {
  expectStatus(outcome, 'result');
  if (outcome.result?.type !== 'task') throw new Error(`expected a task, got ${outcome.result?.type}`);
  return outcome.result.task;
}

/**
 * The conversation every combination records: eight requests, two of them streams the next requests overlap
 * (a cancel while the long task streams, a resubscription closed by the user).
 */
async function record(peer: PeerHandle, agentId: string): Promise<Frame[]> {
  const { host } = recorder;
  const from = recorder.frames().length;
  const call = (request: Omit<OperationRequest, 'agentId'>) =>
    host.runOperation({ ...request, agentId } as OperationRequest);

  taskOf(await call({ operation: 'send', input: { message: text('hello there'), blocking: true } }));
  const stream = await call({
    operation: 'stream',
    input: { message: text('hello stream'), blocking: true },
  });
  expectStatus(stream, 'stream');
  expect(await host.awaitStream({ exchangeId: stream.exchangeId! })).toMatchObject({ ended: 'complete' });

  const question = taskOf(
    await call({ operation: 'send', input: { message: text('need input'), blocking: true } }),
  );
  expect(question.status.state).toBe('input-required');
  const answer = taskOf(
    await call({
      operation: 'send',
      input: {
        message: text('blue', { taskId: question.id, contextId: question.contextId! }),
        blocking: true,
      },
    }),
  );
  expect(answer.status.state).toBe('completed');
  taskOf(await call({ operation: 'get', input: { taskId: question.id } }));

  // A long task: streamed, watched from a second stream that the user closes, then cancelled while streaming.
  const slowOpened = peer.nextStreamOpened();
  const slow = await call({ operation: 'stream', input: { message: text('slow please'), blocking: true } });
  expectStatus(slow, 'stream');
  await slowOpened;
  await until(recorder, () => recorder.events(slow.exchangeId!).some((e) => e.a2a?.state === 'working'));
  const slowTask = recorder.events(slow.exchangeId!).find((e) => e.a2a?.taskId)!.a2a!.taskId!;
  const watchOpened = peer.nextStreamOpened();
  const watch = await call({ operation: 'subscribe', input: { taskId: slowTask } });
  expectStatus(watch, 'stream');
  await watchOpened;
  await until(recorder, () => recorder.events(watch.exchangeId!).some((e) => e.dispatched));
  await host.closeStream({ exchangeId: watch.exchangeId! });
  expect(taskOf(await call({ operation: 'cancel', input: { taskId: slowTask } })).status.state).toBe(
    'canceled',
  );
  expect(await host.awaitStream({ exchangeId: slow.exchangeId! })).toMatchObject({ ended: 'complete' });

  expectStatus(await call({ operation: 'get', input: { taskId: 'no-such-task' } }), 'error');
  expectStatus(await call({ operation: 'extendedCard', input: {} }), 'result');
  await recorder.flush();
  return recorder.frames().slice(from);
}

/**
 * Differential (UX-2): comparing the recording with the new run as two runs says what the re-send said, step for
 * step. Only the "now" column differs in wording: the re-send reports the call's status, the compare the frame's.
 */
function expectCompareAgrees(result: ResendResult & { newFrames: Frame[] }, recorded: Frame[]): void {
  const shape = (view: ResendView) => ({
    headline: view.headline,
    clean: view.clean,
    unplaced: view.unplaced,
    rows: view.rows.map((row) => [row.step, row.operation, row.recorded, row.differences, row.timing]),
  });
  const compared = compareRuns(recorded, result.newFrames);
  expect(shape(resendView(compared, recorded))).toEqual(shape(resendView(result, recorded)));
  expect(compared.steps.map((s) => s.newFrameId)).toEqual(result.steps.map((s) => s.newFrameId));
}

const httpFrames = (frames: readonly Frame[]) => frames.filter((f): f is HttpFrame => f.kind === 'http');
const bodyOf = (frame: HttpFrame) => frame.request.body?.text ?? '';

for (const combo of combos) {
  const { generation, binding } = combo;
  describe(`re-send ${combo.peer} ${binding}`, () => {
    let peer: PeerHandle;
    let recorded: Frame[];
    let liveAgentId: string;

    beforeAll(async () => {
      peer = await peers[combo.peer]();
      const agent = await openAgent(recorder, peer.baseUrl, generation, binding);
      recorded = asSaved(await record(peer, agent.id));
      liveAgentId = (await openAgent(replayer, peer.baseUrl, generation, binding)).id;
    });
    afterAll(() => peer?.close());

    it('to the same peer: every step answered alike, only ids and times differ', async () => {
      const result = await resendSession(replayer.host, { frames: recorded, agentId: liveAgentId });
      expect(result.differences).toEqual([]);
      expectCompareAgrees(result, recorded);
      // Not empty for want of anything to compare: the recording's digest holds the whole conversation.
      const digest = digestRun(recorded);
      expect(digest.steps.map((s) => s.finalState)).toEqual([
        'completed',
        'completed',
        'input-required',
        'completed',
        'completed',
        'canceled',
        'working',
        'canceled',
        undefined,
        undefined,
      ]);
      expect(digest.steps[1]!.states).toEqual(['submitted', 'working', 'completed']);
      expect(digest.steps[3]!.artifacts).toEqual([
        { name: 'answer', content: ['Noted: blue'], complete: true },
      ]);
      expect(digest.steps[8]!.error?.name).toBe('TaskNotFoundError');
      expect(digest.steps[9]!.document).toContain('"name"');
      expect(result.steps.map((s) => [s.index, s.operation, s.status])).toEqual([
        [1, 'send', 'result'],
        [2, 'stream', 'stream'],
        [3, 'send', 'result'],
        [4, 'send', 'result'],
        [5, 'get', 'result'],
        [6, 'stream', 'stream'],
        [7, 'subscribe', 'stream'],
        [8, 'cancel', 'result'],
        [9, 'get', 'error'],
        [10, 'extendedCard', 'result'],
      ]);
      expect(result.steps[1]!.message).toMatch(/^Stream ended \(complete\) after \d+ events\.$/);
      expect(result.timing.map((t) => t.step)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

      const sent = httpFrames(result.newFrames);
      const before = httpFrames(recorded).filter((f) => f.source.startsWith('agent:'));
      expect(sent.map((f) => f.id)).toEqual(result.steps.map((s) => s.newFrameId));
      expect(sent.every((f) => f.source === 'agent:raw' && f.a2a?.agentId === liveAgentId)).toBe(true);
      expect(sent.map((f) => f.a2a?.operation)).toEqual(before.map((f) => f.a2a?.operation));
      // The live agent's credential went out, once; never the mask the saved session held.
      for (const frame of sent) {
        const auth = frame.request.headers.filter(([name]) => name.toLowerCase() === 'authorization');
        expect(auth).toEqual([['Authorization', `Bearer ${PEER_BEARER_TOKEN}`]]);
      }
      // The follow-up turn, the get, the resubscription and the cancel name the new run's tasks, not the old ones.
      const newTask = (index: number) => sent[index]!.a2a!.taskId!;
      const oldTask = (index: number) => before[index]!.a2a!.taskId!;
      expect(newTask(2)).not.toBe(oldTask(2));
      expect(bodyOf(sent[3]!)).toContain(newTask(2));
      expect(bodyOf(sent[3]!)).not.toContain(oldTask(2));
      expect(`${sent[4]!.request.url} ${bodyOf(sent[4]!)}`).toContain(newTask(2));
      const slowTask = result.newFrames.find(
        (f) => f.kind === 'sse' && f.exchangeId === sent[5]!.id && f.a2a?.taskId,
      );
      const slowId = slowTask?.kind === 'sse' ? slowTask.a2a!.taskId! : '';
      expect(slowId).not.toBe('');
      for (const index of [6, 7])
        expect(`${sent[index]!.request.url} ${bodyOf(sent[index]!)}`).toContain(slowId);
      expect(sent[6]!.stream?.ended).toBe('closed-by-user');
      // Every SSE frame of the new run belongs to an exchange it started.
      const ids = new Set(sent.map((f) => f.id));
      for (const frame of result.newFrames)
        if (frame.kind === 'sse') expect(ids.has(frame.exchangeId)).toBe(true);
    });

    it('from a modified recording: the diff names the step and what changed', async () => {
      const modified = structuredClone(recorded);
      const first = httpFrames(modified).find((f) => f.source === 'agent:send')!;
      first.request.body!.text = first.request.body!.text.replace('hello there', 'fail now');
      const result = await resendSession(replayer.host, { frames: modified, agentId: liveAgentId });
      const name = binding === 'JSONRPC' ? (generation === '1.0' ? 'SendMessage' : 'message/send') : 'send';
      expect(result.differences.map((d) => [d.step, d.aspect, d.message])).toEqual([
        [1, 'final-state', `Step 1 (${name}): final state was completed, now failed`],
        [1, 'artifacts', `Step 1 (${name}): artifact "echo" is missing now`],
        [
          1,
          'messages',
          `Step 1 (${name}): the agent said nothing, now "Failing on purpose: the message contains \\"fail\\"."`,
        ],
      ]);
      expect(result.differences[0]).toMatchObject({ before: 'completed', after: 'failed' });
      expectCompareAgrees(result, modified);
    });

    if (combo.peer === 'v1.0' && binding === 'JSONRPC') {
      it('only the chosen requests, ids still mapped from the ones before them in the selection', async () => {
        const mine = httpFrames(recorded).filter((f) => f.source.startsWith('agent:'));
        const chosen = [mine[2]!.id, mine[3]!.id, mine[4]!.id];
        const result = await resendSession(replayer.host, {
          frames: recorded,
          agentId: liveAgentId,
          frameIds: chosen,
        });
        expect(result.steps.map((s) => s.recordedFrameId)).toEqual(chosen);
        expect(result.differences).toEqual([]);
      });

      it('refuses, in words, a selection that is not a request sent to an agent', async () => {
        // The card fetch that opened the agent: recorded by the same host, though before the conversation.
        const probe = httpFrames(recorder.frames()).find((f) => f.source.startsWith('discovery:'))!;
        await expect(
          resendSession(replayer.host, {
            frames: [probe, ...recorded],
            agentId: liveAgentId,
            frameIds: [probe.id],
          }),
        ).rejects.toThrow(
          `Frame "${probe.id}" is a ${probe.source} exchange, not a request sent to an agent; only those can be re-sent.`,
        );
        await expect(
          resendSession(replayer.host, { frames: recorded, agentId: liveAgentId, frameIds: ['nope'] }),
        ).rejects.toThrow('No frame in this session has the id "nope".');
        await expect(resendSession(replayer.host, { frames: [probe], agentId: liveAgentId })).rejects.toThrow(
          'This session has no requests sent to an agent, so there is nothing to re-send.',
        );
      });

      describe('to a peer that behaves differently', () => {
        let hostile: HostilePeerHandle;
        beforeAll(async () => {
          hostile = await startHostilePeer();
        });
        afterAll(() => hostile?.close());

        it('a gateway answering 502 to everything: each step reported, on the live interface', async () => {
          const opened = await replayer.host.openAgent({ url: hostile.agentUrl('html-502') });
          if (!opened.ok) throw new Error(opened.message);
          const result = await resendSession(replayer.host, { frames: recorded, agentId: opened.agent.id });
          for (const frame of httpFrames(result.newFrames)) {
            expect(frame.request.url).toBe(`${hostile.agentUrl('html-502')}/rpc`);
            expect(frame.response?.status).toBe(502);
          }
          const first = result.differences.filter((d) => d.step === 1).map((d) => d.message);
          expect(first).toEqual([
            'Step 1 (SendMessage): HTTP status was 200, now 502',
            'Step 1 (SendMessage): the answer was a result, now not a usable A2A answer',
            'Step 1 (SendMessage): the result was task, now none',
            'Step 1 (SendMessage): final state was completed, now none',
            'Step 1 (SendMessage): artifact "echo" is missing now',
          ]);
          const steps = new Set(result.differences.map((d) => d.step));
          expect([...steps]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
          expect(result.steps.every((s) => s.status === 'invalid')).toBe(true);
          expectCompareAgrees(result, recorded);
        });
      });
    }
  });
}

describe('re-send v0.1 JSONRPC (task ids chosen by the client)', () => {
  let peer: PeerHandle;
  afterAll(() => peer?.close());

  it('sends fresh task ids, so the same peer runs new tasks and answers alike', async () => {
    peer = await peers['v0.1']();
    const agent = await openAgent(recorder, peer.baseUrl, '0.1', 'JSONRPC');
    const call = (request: Omit<OperationRequest, 'agentId'>) =>
      recorder.host.runOperation({ ...request, agentId: agent.id } as OperationRequest);
    const from = recorder.frames().length;
    taskOf(await call({ operation: 'send', input: { message: text('hello there'), blocking: true } }));
    const stream = await call({
      operation: 'stream',
      input: { message: text('hello stream'), blocking: true },
    });
    await recorder.host.awaitStream({ exchangeId: stream.exchangeId! });
    const question = taskOf(
      await call({ operation: 'send', input: { message: text('need input'), blocking: true } }),
    );
    const follow = { taskId: question.id, contextId: question.contextId! };
    taskOf(await call({ operation: 'send', input: { message: text('blue', follow), blocking: true } }));
    taskOf(await call({ operation: 'get', input: { taskId: question.id } }));
    await recorder.flush();
    const recorded = recorder.frames().slice(from);

    const live = await openAgent(replayer, peer.baseUrl, '0.1', 'JSONRPC');
    const result = await resendSession(replayer.host, { frames: recorded, agentId: live.id });
    expect(result.differences).toEqual([]);
    expect(digestRun(recorded).steps.map((s) => s.finalState)).toEqual([
      'completed',
      'completed',
      'input-required',
      'completed',
      'completed',
    ]);
    const sent = httpFrames(result.newFrames);
    const before = httpFrames(recorded).filter((f) => f.source.startsWith('agent:'));
    for (const index of [0, 1, 2]) expect(sent[index]!.a2a?.taskId).not.toBe(before[index]!.a2a?.taskId);
    // The follow-up and the get name the new task the re-send chose for the question.
    expect(bodyOf(sent[3]!)).toContain(sent[2]!.a2a!.taskId!);
    expect(bodyOf(sent[4]!)).toContain(sent[2]!.a2a!.taskId!);
  });
});
