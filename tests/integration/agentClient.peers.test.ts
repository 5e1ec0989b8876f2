// The host's agent client against the real peers (SDK 0.2.5, 0.3.14, 1.3.0 plain and compat, and the hand-written
// 0.1 agent): discovery, then every operation on every generation × binding the card offers, each asserted on the
// frames the host published — exact request bytes, the response, SSE events tiling the stream, the ids learnt.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentSummary, OperationOutcome, OperationRequest } from '../../shared/host/agent';
import type { SendInput } from '../../shared/a2a/adapter';
import { peers } from '../peers';
import { peerInterfaces, type PeerName } from './support/peerInterfaces';
import { PEER_BEARER_TOKEN } from '../peers/peerAuth';
import type { PeerHandle } from '../peers/types';
import { startWebhookReceiver, type WebhookReceiver } from '../peers/webhookReceiver';
import { expectStatus, expectTiledStream, recordingHost } from './support/recordingHost';
import { eventJson } from '../../shared/wire/eventJson';

const combos = peerInterfaces;
const cardFile: Record<PeerName, string> = {
  'v0.1': '/.well-known/agent.json',
  'v0.2': '/.well-known/agent.json',
  'v0.3': '/.well-known/agent-card.json',
  'v1.0': '/.well-known/agent-card.json',
  'v1.0-compat': '/.well-known/agent-card.json',
};

const recording = recordingHost();
const { host } = recording;
let webhook: WebhookReceiver;
beforeAll(async () => {
  webhook = await startWebhookReceiver();
});
afterAll(() => webhook.close());

const text = (value: string, extra: Partial<SendInput['message']> = {}): SendInput['message'] => ({
  parts: [{ kind: 'text', text: value }],
  ...extra,
});

function taskOf(outcome: OperationOutcome) {
  expectStatus(outcome, 'result');
  if (outcome.result?.type !== 'task') throw new Error(`expected a task, got ${outcome.result?.type}`);
  return outcome.result.task;
}

for (const name of Object.keys(combos) as PeerName[]) {
  describe(`agent client × peer ${name}`, () => {
    let peer: PeerHandle;
    let opened: { agent: AgentSummary; attempts: string[] };

    beforeAll(async () => {
      peer = await peers[name]();
      const result = await host.openAgent({ url: peer.baseUrl });
      if (!result.ok) throw new Error(result.message);
      opened = result;
    });
    afterAll(() => peer?.close());

    it('discovers the card, every attempt a frame', async () => {
      await recording.flush();
      const attempts = opened.attempts.map((id) => recording.http(id));
      const found = attempts.find((f) => f.id === opened.agent.cardFrameId)!;
      expect(found.request.url).toBe(`${peer.baseUrl}${cardFile[name]}`);
      expect(found.request.headers).toContainEqual(['A2A-Version', '1.0']);
      expect(found.response?.status).toBe(200);
      expect(found.source).toBe('discovery:card');
      expect(opened.agent.cardText).toBe(found.response?.body.text);
      // 0.1 and 0.2 serve only agent.json, so agent-card.json was tried first and answered 404.
      if (cardFile[name].endsWith('agent.json')) {
        expect(attempts[0]!.request.url).toBe(`${peer.baseUrl}/.well-known/agent-card.json`);
        expect(attempts[0]!.response?.status).toBe(404);
      }
      expect(opened.agent.generation).toBe(combos[name][0]![0]);
      const offered = opened.agent.interfaces.map((i) => [i.generation, i.binding]);
      for (const combo of combos[name]) expect(offered).toContainEqual(combo);
    });

    it('opens the same agent from the full URL of its card, in one attempt', async () => {
      const direct = await host.openAgent({ url: peer.cardUrl });
      if (!direct.ok) throw new Error(direct.message);
      expect(direct.attempts.length).toBe(name === 'v1.0-compat' ? 2 : 1);
      expect(direct.agent.cardUrl).toBe(peer.cardUrl);
      expect(direct.agent.interfaces).toEqual(opened.agent.interfaces);
      await host.forgetAgent({ agentId: direct.agent.id });
      await expect(
        host.runOperation({ agentId: direct.agent.id, operation: 'get', input: { taskId: 'x' } }),
      ).rejects.toThrow(`No open agent has the id "${direct.agent.id}"; open it again.`);
    });

    if (name === 'v1.0-compat') {
      it('sees the compat server answer a different card without A2A-Version', async () => {
        expect(opened.agent.variants).toHaveLength(1);
        const variant = opened.agent.variants[0]!;
        // @a2a-js/sdk 1.3.0 compat: a 0.3 card that also embeds the 1.0 interfaces
        // (docs/protocol.md#card-fields-generation-by-generation).
        expect(variant).toMatchObject({ a2aVersion: null, superset: true });
        expect(JSON.parse(variant.cardText)).toMatchObject({
          protocolVersion: '0.3',
          preferredTransport: 'JSONRPC',
        });
        await recording.flush();
        const frame = recording.http(variant.frameId);
        expect(frame.request.headers.some(([n]) => n.toLowerCase() === 'a2a-version')).toBe(false);
        expect(variant.cardText).not.toBe(opened.agent.cardText);
      });
    } else {
      it('finds no card variants on a server that does not vary its card', () => {
        expect(opened.agent.variants).toEqual([]);
      });
    }

    for (const [generation, binding] of combos[name]) {
      describe(`${generation} ${binding}`, () => {
        let agentId: string;
        const call = (request: Omit<OperationRequest, 'agentId'>) =>
          host.runOperation({ ...request, agentId } as OperationRequest);

        beforeAll(async () => {
          const again = await host.openAgent({
            url: peer.baseUrl,
            settings: {
              selection: { generation, binding },
              ...(generation === '0.3' || generation === '1.0'
                ? { auth: { type: 'bearer' as const, token: PEER_BEARER_TOKEN } }
                : {}),
            },
          });
          if (!again.ok) throw new Error(again.message);
          expect(again.agent.chosen).toMatchObject({ generation, binding });
          agentId = again.agent.id;
        });

        it('send: the frame holds the exact request and answer, labelled with the task', async () => {
          const outcome = await call({
            operation: 'send',
            input: { message: text('hello there'), blocking: true },
          });
          const task = taskOf(outcome);
          expect(task.status.state).toBe('completed');
          expect(outcome.message).toBe(`Task ${task.id} is ${task.status.stateWire}.`);
          await recording.flush();
          const frame = recording.http(outcome.exchangeId!);
          expect(frame.state).toBe('done');
          expect(frame.a2a).toMatchObject({
            agentId,
            operation: 'send',
            generation,
            binding,
            taskId: task.id,
            outcome: 'result',
          });
          const sent = JSON.parse(frame.request.body!.text) as Record<string, unknown>;
          expect(JSON.stringify(sent)).toContain('hello there');
          expect(frame.response?.status).toBeLessThan(300);
          expect(JSON.parse(frame.response!.body.text)).toBeTruthy();
          expect(frame.timing.start).toBeLessThanOrEqual(frame.timing.firstByte!);
          expect(frame.timing.firstByte).toBeLessThanOrEqual(frame.timing.end!);
          // Published when sent and when done, same id, rising revisions.
          const revs = recording.revisions(frame.id);
          expect(revs.map((r) => r.state)).toEqual(['pending', 'done']);
          expect(revs.map((r) => r.rev)).toEqual([0, 1]);
          if (generation === '1.0') expect(frame.request.headers).toContainEqual(['A2A-Version', '1.0']);
          if (generation === '0.3' || generation === '1.0') {
            expect(frame.secrets).toEqual([{ in: 'request-header', name: 'Authorization' }]);
          }
          const get = await call({ operation: 'get', input: { taskId: task.id } });
          expect(taskOf(get).status.state).toBe('completed');
        });

        it('stream: every SSE event is a frame with raw text, span and parsed value, in order', async () => {
          const outcome = await call({
            operation: 'stream',
            input: { message: text('hello stream'), blocking: true },
          });
          expectStatus(outcome, 'stream');
          const end = await host.awaitStream({ exchangeId: outcome.exchangeId! });
          expect(end).toMatchObject({ ended: 'complete' });
          await recording.flush();
          const exchange = recording.http(outcome.exchangeId!);
          const events = recording.events(exchange.id);
          expectTiledStream(exchange, events);
          expect(events.length).toBeGreaterThanOrEqual(3);
          expect(recording.revisions(exchange.id).map((r) => r.state)).toEqual([
            'pending',
            'streaming',
            'done',
          ]);
          for (const event of events) {
            expect(eventJson(event)).toEqual(JSON.parse(event.event!.data));
            expect(event.findings?.filter((f) => f.severity === 'error') ?? []).toEqual([]);
            expect(event.timing.start).toBeGreaterThanOrEqual(exchange.timing.firstByte!);
          }
          expect(events.at(-1)!.a2a?.state).toBe('completed');
          expect(events.filter((e) => e.a2a?.item === 'artifact-update').length).toBeGreaterThanOrEqual(2);
          const taskId = events.find((e) => e.a2a?.taskId)!.a2a!.taskId;
          expect(exchange.a2a).toMatchObject({ operation: 'stream', taskId, outcome: 'stream' });
          expect(end.events).toBe(exchange.stream!.events);
        });

        /** A task that keeps working: 0.1 has no non-blocking send, so it is streamed with a known id. */
        async function startSlowTask(label: string): Promise<{ taskId: string; streamId?: string }> {
          if (generation === '0.1') {
            const taskId = `${label}-${Date.now()}`;
            const outcome = await call({
              operation: 'stream',
              input: { message: text(`slow ${label}`, { taskId }), blocking: true },
            });
            expectStatus(outcome, 'stream');
            return { taskId, streamId: outcome.exchangeId! };
          }
          const started = taskOf(
            await call({ operation: 'send', input: { message: text(`slow ${label}`), blocking: false } }),
          );
          return { taskId: started.id };
        }

        it('subscribe and cancel are separate from closing a stream', async () => {
          const { taskId, streamId } = await startSlowTask('cancel');
          const opened = peer.nextStreamOpened();
          const watch = await call({ operation: 'subscribe', input: { taskId } });
          expectStatus(watch, 'stream');
          await opened;
          // Closing our own stream hangs up without touching the task …
          const closed = await host.closeStream({ exchangeId: watch.exchangeId! });
          expect(closed).toEqual({
            closed: true,
            message: 'Stream closed. The task goes on at the agent; cancel it to stop it.',
          });
          const still = await call({ operation: 'get', input: { taskId } });
          expect(taskOf(still).status.state).toBe('working');
          await recording.flush();
          const closedFrame = recording.http(watch.exchangeId!);
          expect(closedFrame.error).toMatchObject({ kind: 'aborted', label: 'Closed by you' });
          expect(closedFrame.stream?.ended).toBe('closed-by-user');
          expect(await host.closeStream({ exchangeId: watch.exchangeId! })).toEqual({
            closed: false,
            message: 'That stream has already ended.',
          });
          // … and cancelling is an operation sent to the agent.
          const canceled = await call({ operation: 'cancel', input: { taskId } });
          expect(taskOf(canceled).status.state).toBe('canceled');
          if (streamId)
            expect(await host.awaitStream({ exchangeId: streamId })).toMatchObject({ ended: 'complete' });
        });

        if (generation !== '0.1') {
          it('activates extensions with the header of its generation (WIRE-4)', async () => {
            const uri = 'https://switchboard.test/ext/trace/v1';
            await host.configureAgent({ agentId, settings: { extensions: [uri] } });
            try {
              const outcome = await call({
                operation: 'send',
                input: { message: text('hello'), blocking: true },
              });
              expectStatus(outcome, 'result');
              await recording.flush();
              const header = generation === '1.0' ? 'A2A-Extensions' : 'X-A2A-Extensions';
              expect(recording.http(outcome.exchangeId!).request.headers).toContainEqual([header, uri]);
            } finally {
              await host.configureAgent({ agentId, settings: { extensions: [] } });
            }
            // A message's own extensions are activated in the header too.
            const own = 'https://switchboard.test/ext/own/v1';
            const withOwn = await call({
              operation: 'send',
              input: { message: { ...text('hello'), extensions: [own] }, blocking: true },
            });
            await recording.flush();
            const header = generation === '1.0' ? 'A2A-Extensions' : 'X-A2A-Extensions';
            expect(recording.http(withOwn.exchangeId!).request.headers).toContainEqual([header, own]);
          });
        }

        it('an unknown task is an A2A error, named for the generation', async () => {
          const outcome = await call({ operation: 'get', input: { taskId: 'no-such-task' } });
          expectStatus(outcome, 'error');
          expect(outcome.error?.name).toBe('TaskNotFoundError');
          expect(outcome.message).toMatch(/^The agent answered with an error/);
        });

        it('list tasks, or a clear refusal where the generation has no list', async () => {
          const outcome = await call({ operation: 'list', input: { pageSize: 20 } });
          if (generation === '1.0') {
            expectStatus(outcome, 'result');
            expect(outcome.result?.type).toBe('task-page');
          } else {
            expect(outcome).toEqual({
              status: 'refused',
              message: `A2A ${generation} over ${binding} has no "list" operation.`,
              findings: [],
            });
          }
        });

        it('push config create, get, list and delete where offered', async () => {
          if (!opened.agent.cardText.includes('"pushNotifications":true')) return;
          const { taskId, streamId } = await startSlowTask('push');
          const config = {
            id: 'cfg-1',
            url: webhook.urlFor(`/hook/client/${name}/${generation}/${binding}`),
            token: 'tok',
          };
          const set = await call({ operation: 'pushConfigSet', input: { taskId, config } });
          expectStatus(set, 'result');
          expect(set.result).toMatchObject({ type: 'push-config', config: { url: config.url } });
          await recording.flush();
          expect(recording.http(set.exchangeId!).secrets).toEqual(
            expect.arrayContaining([{ in: 'request-json', key: 'token' }]),
          );
          const get = await call({ operation: 'pushConfigGet', input: { taskId, configId: 'cfg-1' } });
          expect(get.result).toMatchObject({ type: 'push-config', config: { url: config.url } });
          if (generation !== '0.1') {
            const list = await call({ operation: 'pushConfigList', input: { taskId } });
            const del = await call({ operation: 'pushConfigDelete', input: { taskId, configId: 'cfg-1' } });
            if (name === 'v0.2') {
              // @a2a-js/sdk 0.2.5 has only set and get (docs/protocol.md#the-official-sdk-as-a-test-peer).
              expect(list.error?.name).toBe('MethodNotFoundError');
              expect(del.error?.name).toBe('MethodNotFoundError');
            } else {
              expect(list.result).toMatchObject({ type: 'push-configs', configs: [{ url: config.url }] });
              expect(del.result).toEqual({ type: 'empty' });
            }
          }
          await call({ operation: 'cancel', input: { taskId } });
          if (streamId) await host.awaitStream({ exchangeId: streamId });
        });

        if (generation === '0.3' || generation === '1.0') {
          it('extended card with the bearer token, the secret marked on the frame', async () => {
            const outcome = await call({ operation: 'extendedCard', input: {} });
            expectStatus(outcome, 'result');
            expect(outcome.result).toMatchObject({ type: 'card', card: { name: expect.any(String) } });
            await recording.flush();
            const frame = recording.http(outcome.exchangeId!);
            expect(frame.request.headers).toContainEqual(['Authorization', `Bearer ${PEER_BEARER_TOKEN}`]);
            expect(frame.secrets).toEqual([{ in: 'request-header', name: 'Authorization' }]);
          });
        }
      });
    }
  });
}

describe('frames reach listeners in batches, in order', () => {
  it('a stream of many events arrives in fewer messages than frames', () => {
    const total = recording.batchSizes.reduce((sum, size) => sum + size, 0);
    expect(total).toBeGreaterThan(recording.batchSizes.length);
    // Order: every sse frame comes after its exchange's first revision and before its final one.
    const seen = new Set<string>();
    for (const frame of recording.frames()) {
      if (frame.kind === 'sse') expect(seen.has(frame.exchangeId)).toBe(true);
      seen.add(frame.id);
    }
  });
});
