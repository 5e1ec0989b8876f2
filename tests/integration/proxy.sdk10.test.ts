// The recording proxy carries the official @a2a-js/sdk 1.3.0 client to the 1.0 peer unchanged (PRX-1): on JSON-RPC
// and HTTP+JSON every operation works through the proxy as it does directly, the bytes the client read equal the
// bytes the proxy read from the agent (exchange by exchange, streams block by block), the card and the extended card
// point at the proxy, and a stream reaches the client while the agent is still writing it.

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as sdk from '@a2a-js/sdk/client';
import { Role, TaskState, type Message, type Task } from '@a2a-js/sdk';
import { expectSameBytes } from './support/proxyHarness';
import { peerForFile, SDK_BINDINGS, throughRecordingProxy } from './support/sdkThroughProxy';

const peer = peerForFile('v1.0');

function message(text: string, taskId = ''): Message {
  return {
    messageId: randomUUID(),
    contextId: '',
    taskId,
    role: Role.ROLE_USER,
    parts: [{ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: '' }],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

const send = (text: string) => ({
  tenant: '',
  message: message(text),
  configuration: undefined,
  metadata: undefined,
});

for (const binding of SDK_BINDINGS) {
  describe(`the 1.3.0 SDK client through the proxy over ${binding}`, () => {
    it('sends, streams, gets, lists and cancels with the bytes unchanged', () =>
      throughRecordingProxy(sdk, peer().baseUrl, binding, async ({ proxy, kept, tap, client }) => {
        const card = await client.getAgentCard();
        const origin = new URL(proxy.status().listenUrl).origin;
        expect(card.supportedInterfaces.map((i) => new URL(i.url).origin)).toEqual(
          card.supportedInterfaces.map(() => origin),
        );

        const task = (await client.sendMessage(send('hello proxy'))) as Task;
        expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);

        let streamed = '';
        for await (const event of client.sendMessageStream(send('hello stream')))
          if (event.payload?.$case === 'artifactUpdate')
            for (const part of event.payload.value.artifact?.parts ?? [])
              if (part.content?.$case === 'text') streamed += part.content.value;
        expect(streamed).toBe('Echo: hello stream');

        const got = await client.getTask({ tenant: '', id: task.id, historyLength: undefined });
        expect(got.id).toBe(task.id);
        const listed = await client.listTasks({
          tenant: '',
          contextId: '',
          status: 0,
          pageSize: undefined,
          pageToken: '',
          historyLength: undefined,
          statusTimestampAfter: undefined,
          includeArtifacts: undefined,
        });
        expect(listed.tasks.map((t) => t.id)).toContain(task.id);

        const opened = peer().nextStreamOpened();
        const stream = client.sendMessageStream(send('slow please'));
        const first = await stream.next();
        await opened;
        const slowId = first.value?.payload?.$case === 'task' ? first.value.payload.value.id : '';
        expect(slowId).not.toBe('');
        const canceled = await client.cancelTask({ tenant: '', id: slowId, metadata: undefined });
        expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
        for await (const _ of stream) void _;

        expect(await expectSameBytes(kept, tap, peer().baseUrl)).toBeGreaterThanOrEqual(6);
        expect(kept.bySeq(1).proxied?.rewritten).toBe('card');
        const sent = kept.proxied().find((f) => f.a2a?.operation === 'send');
        expect(sent?.a2a).toMatchObject({ operation: 'send', generation: '1.0', binding, taskId: task.id });
        expect(sent?.proxied).toMatchObject({
          proxyId: proxy.status().id,
          binding,
          client: { address: '127.0.0.1' },
        });
      }));

    it('resubscribes, sets, gets, lists and deletes push configs, and reads the extended card', () =>
      throughRecordingProxy(sdk, peer().baseUrl, binding, async ({ proxy, kept, tap, client }) => {
        const opened = peer().nextStreamOpened();
        const stream = client.sendMessageStream(send('slow please'));
        const first = await stream.next();
        await opened;
        const taskId = first.value?.payload?.$case === 'task' ? first.value.payload.value.id : '';
        const again = client.resubscribeTask({ tenant: '', id: taskId });
        const resubscribed = await again.next();
        expect(resubscribed.done).toBe(false);

        const config = {
          tenant: '',
          id: 'cfg-1',
          taskId,
          url: 'http://127.0.0.1:9/never-called',
          token: 'tok',
          authentication: undefined,
        };
        const created = await client.createTaskPushNotificationConfig(config);
        expect(created.url).toBe(config.url);
        const got = await client.getTaskPushNotificationConfig({ tenant: '', taskId, id: created.id });
        expect(got.id).toBe(created.id);
        const listed = await client.listTaskPushNotificationConfig({
          tenant: '',
          taskId,
          pageSize: 10,
          pageToken: '',
        });
        expect(listed.configs.map((c) => c.id)).toContain(created.id);
        await client.deleteTaskPushNotificationConfig({ tenant: '', taskId, id: created.id });

        await client.cancelTask({ tenant: '', id: taskId, metadata: undefined });
        for await (const _ of stream) void _;
        for await (const _ of again) void _;

        const extended = await client.transport.getExtendedAgentCard(
          { tenant: '' },
          { serviceParameters: { Authorization: 'Bearer switchboard-peer-token', 'A2A-Version': '1.0' } },
        );
        const origin = new URL(proxy.status().listenUrl).origin;
        for (const entry of extended.supportedInterfaces) expect(new URL(entry.url).origin).toBe(origin);

        expect(await expectSameBytes(kept, tap, peer().baseUrl)).toBeGreaterThanOrEqual(7);
        const operations = kept.proxied().map((f) => f.a2a?.operation);
        expect(operations).toEqual(
          expect.arrayContaining([
            'stream',
            'subscribe',
            'pushConfigSet',
            'pushConfigGet',
            'pushConfigList',
            'pushConfigDelete',
            'cancel',
            'extendedCard',
          ]),
        );
        const extendedFrame = kept.proxied().find((f) => f.a2a?.operation === 'extendedCard')!;
        expect(extendedFrame.proxied?.rewritten).toBe('card');
        // The caller's own credential is marked, so redaction keeps it out of every saved form.
        expect(extendedFrame.secrets).toEqual([{ in: 'request-header', name: 'Authorization' }]);
      }));
  });
}
