// Round trips against real agents (the official SDK peers and the hand-written 0.1 agent): for every generation ×
// binding a peer's card declares, every operation is encoded by the adapter, sent through the host, and its answer
// decoded — with no error finding. The card itself must be detected as declaring exactly these interfaces.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationAdapter, SendInput } from '../../shared/a2a/adapter';
import { findAdapter } from '../../shared/a2a/adapters';
import { detectCard, type CardInterface, type Detection } from '../../shared/a2a/detect';
import { terminalStates, type StreamItem, type Task } from '../../shared/a2a/model';
import { createHost } from '../../electron/host/createHost';
import { peers } from '../peers';
import { peerInterfaces, type PeerName } from './support/peerInterfaces';
import type { PeerHandle } from '../peers/types';
import { startWebhookReceiver, type WebhookReceiver } from '../peers/webhookReceiver';
import { errors, roundTrip, testContext, type RoundTrip } from './support/a2aRoundTrip';

const host = createHost({ edition: 'test', appVersion: '0' });
let webhook: WebhookReceiver;
beforeAll(async () => {
  webhook = await startWebhookReceiver();
});
afterAll(() => webhook.close());

const expectedInterfaces = peerInterfaces;

const text = (value: string): SendInput['message'] => ({ parts: [{ kind: 'text', text: value }] });

function taskOf(trip: RoundTrip): Task {
  expect(errors(trip.findings)).toEqual([]);
  if (trip.decoded.kind !== 'result')
    throw new Error(`expected a result, got ${trip.decoded.kind}: ${JSON.stringify(trip.decoded)}`);
  const result = trip.decoded.result;
  if (result.type !== 'task') throw new Error(`expected a task, got ${result.type}`);
  return result.task;
}

function items(trip: RoundTrip): StreamItem[] {
  expect(errors(trip.findings)).toEqual([]);
  return trip.events.map((event) => {
    if (event.kind !== 'item') throw new Error(`stream event ${event.kind}: ${JSON.stringify(event)}`);
    return event.item;
  });
}

function lastState(events: StreamItem[]): string | undefined {
  const states = events.flatMap((item) =>
    item.kind === 'status-update'
      ? [item.update.status.state]
      : item.kind === 'task'
        ? [item.task.status.state]
        : [],
  );
  return states.at(-1);
}

function artifactText(task: Task): string {
  return task.artifacts.flatMap((a) => a.parts.flatMap((p) => (p.kind === 'text' ? [p.text] : []))).join('');
}

for (const name of Object.keys(expectedInterfaces) as PeerName[]) {
  describe(`peer ${name}`, () => {
    let peer: PeerHandle;
    let card: Record<string, unknown>;
    let detection: Detection;

    beforeAll(async () => {
      peer = await peers[name]();
      const frame = await host.fetchRaw({
        method: 'GET',
        url: peer.cardUrl,
        headers: [['A2A-Version', '1.0']],
      });
      card = JSON.parse(frame.response?.body.text ?? 'null') as Record<string, unknown>;
      const detected = detectCard(card, { servedFrom: peer.cardUrl });
      if ('error' in detected) throw new Error(detected.error);
      detection = detected;
    });
    afterAll(() => peer?.close());

    it('declares exactly the expected interfaces', () => {
      expect(detection.interfaces.map((i) => [i.generation, i.binding])).toEqual(expectedInterfaces[name]);
      expect(detection.findings.filter((f) => f.severity === 'error')).toEqual([]);
    });

    for (const [generation, binding] of expectedInterfaces[name]) {
      describe(`${generation} ${binding}`, () => {
        let adapter: GenerationAdapter;
        let iface: CardInterface;
        const ctx = () => testContext(iface.url, iface.tenant ? { tenant: iface.tenant } : {});

        beforeAll(() => {
          adapter = findAdapter(generation, binding)!;
          iface = detection.interfaces.find((i) => i.generation === generation && i.binding === binding)!;
        });

        it('send: completes with the echoed artifact, and get returns the task', async () => {
          const task = taskOf(
            await roundTrip(host, adapter, 'send', { message: text('hello there'), blocking: true }, ctx()),
          );
          expect(task.status.state).toBe('completed');
          expect(artifactText(task)).toContain('hello there');
          const again = taskOf(await roundTrip(host, adapter, 'get', { taskId: task.id }, ctx()));
          expect([again.id, again.status.state]).toEqual([task.id, 'completed']);
        });

        it('stream: task events, artifact chunks, ending in a terminal state', async () => {
          const events = items(
            await roundTrip(
              host,
              adapter,
              'stream',
              { message: text('hello stream'), blocking: true },
              ctx(),
            ),
          );
          expect(events.filter((e) => e.kind === 'artifact-update').length).toBeGreaterThanOrEqual(2);
          expect(lastState(events)).toBe('completed');
          const lastStatus = events.filter((e) => e.kind === 'status-update').at(-1);
          if (generation !== '1.0' && lastStatus?.kind === 'status-update')
            expect(lastStatus.update.final).toBe(true);
        });

        it('multi-turn: input-required, then completed on the follow-up', async () => {
          const first = taskOf(
            await roundTrip(host, adapter, 'send', { message: text('need input'), blocking: true }, ctx()),
          );
          expect(first.status.state).toBe('input-required');
          const followUp = {
            parts: [{ kind: 'text' as const, text: 'Ada' }],
            taskId: first.id,
            ...(first.contextId ? { contextId: first.contextId } : {}),
          };
          const second = taskOf(
            await roundTrip(host, adapter, 'send', { message: followUp, blocking: true }, ctx()),
          );
          expect([second.id, second.status.state]).toEqual([first.id, 'completed']);
        });

        /** A task that keeps working until canceled: 0.1 has no non-blocking send, so it is streamed by a known id. */
        async function startSlowTask(
          label: string,
        ): Promise<{ taskId: string; running?: Promise<RoundTrip> }> {
          if (generation === '0.1') {
            const taskId = `${label}-${Date.now()}`;
            const opened = peer.nextStreamOpened();
            const running = roundTrip(
              host,
              adapter,
              'stream',
              { message: { ...text(`slow ${label}`), taskId }, blocking: true },
              ctx(),
            );
            await opened;
            return { taskId, running };
          }
          const started = taskOf(
            await roundTrip(
              host,
              adapter,
              'send',
              { message: text(`slow ${label}`), blocking: false },
              ctx(),
            ),
          );
          expect(terminalStates.has(started.status.state)).toBe(false);
          return { taskId: started.id };
        }

        it('cancel a running task while a subscriber watches it', async () => {
          const { taskId, running } = await startSlowTask('cancel');
          const subscribed = peer.nextStreamOpened();
          const watching = roundTrip(host, adapter, 'subscribe', { taskId }, ctx());
          await subscribed;
          const canceled = taskOf(await roundTrip(host, adapter, 'cancel', { taskId }, ctx()));
          expect(canceled.status.state).toBe('canceled');
          expect(lastState(items(await watching))).toBe('canceled');
          if (running) expect(lastState(items(await running))).toBe('canceled');
        });

        it('an unknown task id is TaskNotFoundError', async () => {
          const trip = await roundTrip(host, adapter, 'get', { taskId: 'no-such-task' }, ctx());
          expect(trip.decoded.kind).toBe('error');
          if (trip.decoded.kind === 'error') expect(trip.decoded.error.name).toBe('TaskNotFoundError');
        });

        if (generation !== '0.1') {
          it('a direct message answer', async () => {
            const trip = await roundTrip(
              host,
              adapter,
              'send',
              { message: text('message me'), blocking: true },
              ctx(),
            );
            expect(errors(trip.findings)).toEqual([]);
            expect(trip.decoded).toMatchObject({
              kind: 'result',
              result: { type: 'message', message: { role: 'agent' } },
            });
          });
        }

        it('push config: set, get, list and delete where the card offers push', async () => {
          const capabilities = (card.capabilities ?? {}) as Record<string, unknown>;
          if (capabilities.pushNotifications !== true) return;
          const { taskId, running } = await startSlowTask('push');
          // A live receiver: 0.1 agents challenge the URL (validationToken) before accepting it.
          const config = {
            id: 'cfg-1',
            url: webhook.urlFor(`/hook/${name}/${generation}/${binding}`),
            token: 'secret-token',
          };
          const set = await roundTrip(host, adapter, 'pushConfigSet', { taskId, config }, ctx());
          expect(errors(set.findings)).toEqual([]);
          expect(set.decoded).toMatchObject({
            kind: 'result',
            result: { type: 'push-config', config: { url: config.url } },
          });
          if (adapter.supports.has('pushConfigGet')) {
            const get = await roundTrip(host, adapter, 'pushConfigGet', { taskId, configId: 'cfg-1' }, ctx());
            expect(get.decoded).toMatchObject({
              kind: 'result',
              result: { type: 'push-config', config: { url: config.url } },
            });
          }
          // @a2a-js/sdk 0.2.5 implements only set and get of the 0.2.5 push methods
          // (docs/protocol.md#the-official-sdk-as-a-test-peer): the adapter still offers list and delete, and the
          // agent's refusal decodes as a named error.
          const missing =
            name === 'v0.2' ? { kind: 'error', error: { name: 'MethodNotFoundError' } } : undefined;
          if (adapter.supports.has('pushConfigList')) {
            const list = await roundTrip(host, adapter, 'pushConfigList', { taskId }, ctx());
            expect(list.decoded).toMatchObject(
              missing ?? { kind: 'result', result: { type: 'push-configs', configs: [{ url: config.url }] } },
            );
          }
          if (adapter.supports.has('pushConfigDelete')) {
            const del = await roundTrip(
              host,
              adapter,
              'pushConfigDelete',
              { taskId, configId: 'cfg-1' },
              ctx(),
            );
            expect(del.decoded).toMatchObject(missing ?? { kind: 'result', result: { type: 'empty' } });
          }
          await roundTrip(host, adapter, 'cancel', { taskId }, ctx());
          if (running) await running;
        });

        if (generation === '1.0') {
          it('list tasks', async () => {
            const trip = await roundTrip(host, adapter, 'list', { pageSize: 50 }, ctx());
            expect(errors(trip.findings)).toEqual([]);
            expect(trip.decoded).toMatchObject({ kind: 'result', result: { type: 'task-page' } });
          });
        }

        it('extended card where the card offers one', async () => {
          const capabilities = (card.capabilities ?? {}) as Record<string, unknown>;
          const offered =
            generation === '1.0'
              ? capabilities.extendedAgentCard === true
              : card.supportsAuthenticatedExtendedCard === true;
          if (!offered || !adapter.supports.has('extendedCard')) return;
          const trip = await roundTrip(host, adapter, 'extendedCard', {}, ctx());
          expect(errors(trip.findings)).toEqual([]);
          expect(trip.decoded).toMatchObject({
            kind: 'result',
            result: { type: 'card', card: { name: expect.any(String) } },
          });
        });
      });
    }
  });
}
