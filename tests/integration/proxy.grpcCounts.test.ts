// A proxy's counts include its gRPC traffic (PRX-1): the official SDK 1.x gRPC client reads the card the proxy serves,
// calls an SDK gRPC agent through the gRPC listener that card names, in the real engine (createHost), and the proxy's
// status counts the call and its client, as the panel shows them, and the call's frame is tagged with the proxy.

import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Role, TaskState, type Task } from '@a2a-js/sdk';
import { DefaultAgentCardResolver } from '@a2a-js/sdk/client';
import { GrpcTransportFactory } from '@a2a-js/sdk/client/grpc';
import { createHost } from '../../electron/host/createHost';
import type { HostEvent, HostService } from '../../shared/host/hostApi';
import { connectInProcess } from '../../shared/host/inProcess';
import type { ProxyStatus } from '../../shared/proxy/proxyTypes';
import type { Frame, HttpFrame } from '../../shared/wire/frame';
import { startV10GrpcPeer } from '../peers/v10Peer';

let host: HostService | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

describe('a proxy in front of a gRPC agent', () => {
  it('counts the gRPC calls and their client', async () => {
    const peer = await startV10GrpcPeer();
    try {
      host = createHost({ edition: 'test', appVersion: '0.0.0-test' });
      const connection = connectInProcess(host);
      const frames: Frame[] = [];
      let latest: ProxyStatus | undefined;
      const heard: Array<() => void> = [];
      connection.onEvent((event: HostEvent) => {
        if (event.type === 'frames') frames.push(...event.frames);
        if (event.type === 'proxies') latest = event.proxies[0];
        heard.splice(0).forEach((wake) => wake());
      });
      const proxy = await connection.startProxy({ upstream: peer.cardUrl });
      expect(proxy.grpcUrl).toBeDefined();
      expect(proxy.exchanges).toBe(0);
      // The card the proxy serves names its gRPC listener, in the 1.0 and the 0.3 form, as the upstream names its own.
      const card = await new DefaultAgentCardResolver().resolve(proxy.listenUrl);
      const grpcEntries = card.supportedInterfaces.filter((entry) => entry.protocolBinding === 'GRPC');
      expect(grpcEntries.map((entry) => entry.url).sort()).toEqual([
        proxy.grpcUrl,
        `grpc://${proxy.grpcUrl}`,
      ]);
      const client = await new GrpcTransportFactory().create(grpcEntries[0]!.url, card);
      const task = (await client.sendMessage({
        tenant: '',
        message: {
          messageId: randomUUID(),
          contextId: '',
          taskId: '',
          role: Role.ROLE_USER,
          parts: [
            { content: { $case: 'text', value: 'hello' }, metadata: undefined, filename: '', mediaType: '' },
          ],
          metadata: undefined,
          extensions: [],
          referenceTaskIds: [],
        },
        configuration: undefined,
        metadata: undefined,
      })) as Task;
      expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);

      // Two exchanges from two clients: the card read over HTTP (fetch) and the gRPC call (grpc-js).
      while (!latest || latest.exchanges < 2) await new Promise<void>((wake) => heard.push(wake));
      expect(latest).toMatchObject({ id: proxy.id, exchanges: 2, clients: 2 });
      const call = frames.find(
        (f): f is HttpFrame =>
          f.kind === 'http' && f.state === 'done' && f.request.url.endsWith('/SendMessage'),
      );
      expect(call?.proxied?.proxyId).toBe(proxy.id);
    } finally {
      await peer.close();
    }
  });
});
