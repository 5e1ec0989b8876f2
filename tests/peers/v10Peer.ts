// The 1.0 test peers: @a2a-js/sdk 1.3.0 serving JSON-RPC at /a2a/jsonrpc and HTTP+JSON at /a2a/rest, both in
// `supportedInterfaces`, with push notifications, ListTasks and the extended card (bearer PEER_BEARER_TOKEN).
// `startV10CompatPeer` is the same agent with the SDK's v0.3 compat layer switched on for the card, JSON-RPC and REST
// and 0.3 mirrors of both interfaces on the card: header-less requests get the 0.3 dialect and a superset card
// (docs/protocol.md#card-fields-generation-by-generation, docs/protocol.md#versions-headers-and-content-types), and
// webhooks registered over 0.3 receive 0.3 bodies.

import { randomUUID } from 'node:crypto';
import express from 'express';
import {
  AgentCard,
  Message,
  Task,
  TaskArtifactUpdateEvent,
  TaskState,
  TaskStatusUpdateEvent,
  type Part as PartModel,
} from '@a2a-js/sdk';
import { duplicateInterfacesForLegacy } from '@a2a-js/sdk/compat/v0_3';
import { createLegacyAwarePushNotificationSender } from '@a2a-js/sdk/compat/v0_3/server';
import {
  AgentEvent,
  DefaultExecutionEventBusManager,
  DefaultPushNotificationSender,
  DefaultRequestHandler,
  InMemoryPushNotificationStore,
  InMemoryTaskStore,
  UnauthenticatedUser,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
} from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, restHandler } from '@a2a-js/sdk/server/express';
import { LegacyA2AService, legacyGrpcService } from '@a2a-js/sdk/compat/v0_3/server/grpc';
import { A2AService, grpcService, UserBuilder } from '@a2a-js/sdk/server/grpc';
import * as grpc from '@grpc/grpc-js';
import {
  PEER_DESCRIPTION,
  PEER_SKILL,
  TaskBoard,
  perform,
  type ArtifactChunk,
  type Outlet,
  type PeerPart,
  type PeerTaskState,
} from './behaviour';
import { BearerUser, PEER_BEARER_TOKEN, hasPeerToken } from './peerAuth';
import { listenPeer } from './peerServer';
import type { PeerHandle, PeerOptions } from './types';

const V1_STATES: Record<PeerTaskState, string> = {
  submitted: 'TASK_STATE_SUBMITTED',
  working: 'TASK_STATE_WORKING',
  'input-required': 'TASK_STATE_INPUT_REQUIRED',
  completed: 'TASK_STATE_COMPLETED',
  canceled: 'TASK_STATE_CANCELED',
  failed: 'TASK_STATE_FAILED',
};

// The SDK's 1.x types are ts-proto models (docs/protocol.md#the-official-sdk-as-a-test-peer); the peer writes wire JSON
// and lets `fromJSON` build them, so what is published reads like what goes on the wire.
function partJson(part: PeerPart): Record<string, unknown> {
  switch (part.kind) {
    case 'text':
      return { text: part.text, mediaType: 'text/plain' };
    case 'data':
      return { data: part.data, mediaType: part.mediaType ?? 'application/json' };
    case 'file':
      return {
        ...(part.bytes !== undefined ? { raw: part.bytes } : { url: part.uri ?? '' }),
        ...(part.name !== undefined ? { filename: part.name } : {}),
        ...(part.mediaType !== undefined ? { mediaType: part.mediaType } : {}),
      };
  }
}

function fromV1Parts(parts: readonly PartModel[]): PeerPart[] {
  const out: PeerPart[] = [];
  for (const part of parts) {
    const meta = {
      ...(part.filename ? { name: part.filename } : {}),
      ...(part.mediaType ? { mediaType: part.mediaType } : {}),
    };
    const content = part.content;
    if (!content) continue;
    switch (content.$case) {
      case 'text':
        out.push({ kind: 'text', text: content.value });
        break;
      case 'raw':
        // Typed as Buffer, but `fromJSON` builds a plain Uint8Array, whose toString ignores the encoding.
        out.push({ kind: 'file', bytes: Buffer.from(content.value).toString('base64'), ...meta });
        break;
      case 'url':
        out.push({ kind: 'file', uri: content.value, ...meta });
        break;
      case 'data': {
        const data: unknown = content.value;
        out.push({ kind: 'data', data, ...(part.mediaType ? { mediaType: part.mediaType } : {}) });
        break;
      }
    }
  }
  return out;
}

function agentMessageJson(
  parts: readonly PeerPart[],
  contextId: string,
  taskId?: string,
): Record<string, unknown> {
  return {
    messageId: randomUUID(),
    role: 'ROLE_AGENT',
    parts: parts.map(partJson),
    contextId,
    ...(taskId !== undefined ? { taskId } : {}),
  };
}

function statusEvent(taskId: string, contextId: string, state: PeerTaskState, text?: string) {
  return AgentEvent.statusUpdate(
    TaskStatusUpdateEvent.fromJSON({
      taskId,
      contextId,
      status: {
        state: V1_STATES[state],
        timestamp: new Date().toISOString(),
        ...(text !== undefined
          ? { message: agentMessageJson([{ kind: 'text', text }], contextId, taskId) }
          : {}),
      },
    }),
  );
}

function artifactEvent(taskId: string, contextId: string, chunk: ArtifactChunk) {
  return AgentEvent.artifactUpdate(
    TaskArtifactUpdateEvent.fromJSON({
      taskId,
      contextId,
      artifact: { artifactId: chunk.artifactId, name: chunk.name, parts: chunk.parts.map(partJson) },
      append: chunk.append,
      lastChunk: chunk.lastChunk,
    }),
  );
}

export class PeerExecutor implements AgentExecutor {
  constructor(private readonly board: TaskBoard) {}

  execute = async (context: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const { taskId, contextId } = context;
    const existing = context.task;
    // The SDK keeps only requested extensions the card declares; activating them all makes it echo them.
    for (const uri of context.context?.requestedExtensions ?? []) context.context?.addActivatedExtension(uri);
    this.board.remember(taskId, contextId);
    const outlet: Outlet = {
      canReplyWithMessage: true,
      reply: (parts) => bus.publish(AgentEvent.message(Message.fromJSON(agentMessageJson(parts, contextId)))),
      // 1.x requires a task or message as the first event of every execution, follow-up turns included.
      open: () => {
        if (existing) return bus.publish(AgentEvent.task(existing));
        const task = Task.fromJSON({
          id: taskId,
          contextId,
          status: { state: V1_STATES.submitted, timestamp: new Date().toISOString() },
        });
        task.history = [context.userMessage];
        bus.publish(AgentEvent.task(task));
      },
      status: (state, text) => bus.publish(statusEvent(taskId, contextId, state, text)),
      artifact: (chunk) => bus.publish(artifactEvent(taskId, contextId, chunk)),
      waitForCancel: (maxMs) => this.board.waitForCancel(taskId, maxMs),
    };
    const continuing = existing?.status?.state === TaskState.TASK_STATE_INPUT_REQUIRED;
    await perform({ parts: fromV1Parts(context.userMessage.parts), continuing }, outlet);
    // No finished() here: 1.3.0 settles the bus itself and keeps it for input-required follow-ups.
  };

  // 1.3.0's cancel drains this bus until a terminal state, so publishing `canceled` answers it.
  cancelTask = async (taskId: string, bus: ExecutionEventBus): Promise<void> => {
    const contextId = this.board.contextOf(taskId) ?? '';
    bus.publish(statusEvent(taskId, contextId, 'canceled', 'Canceled at the client’s request.'));
    this.board.cancel(taskId);
  };
}

export function startV10Peer(options: PeerOptions = {}): Promise<PeerHandle> {
  return startV1('v1.0', false, options);
}

export function startV10CompatPeer(options: PeerOptions = {}): Promise<PeerHandle> {
  return startV1('v1.0-compat', true, options);
}

/**
 * The compat peer with a gRPC listener too (WIRE-3): the SDK's 1.0 service (`lf.a2a.v1`) and its 0.3 one (`a2a.v1`) on
 * one port, both over the same request handler as the JSON-RPC and HTTP+JSON routes, so one task can be read over
 * every binding. The card lists the gRPC interfaces first, as `host:port` (1.0) and `grpc://host:port` (0.3): the
 * two address forms seen in the wild.
 */
export function startV10GrpcPeer(options: PeerOptions = {}): Promise<PeerHandle> {
  return startV1('v1.0-grpc', true, options, true);
}

async function startV1(
  name: string,
  legacy: boolean,
  options: PeerOptions,
  withGrpc = false,
): Promise<PeerHandle> {
  // Routes are mounted once the port (and so every URL on the card) is known.
  const app = express();
  // Error pages without stack traces: recorded fixtures must not carry this machine's paths.
  app.set('env', 'production');
  const server = await listenPeer(app, options.port);
  const { baseUrl } = server;
  // The handler is made once the card (and so the gRPC port) is known; the services reach it through this.
  const made: { handler?: DefaultRequestHandler } = {};
  const grpcServer = withGrpc ? await listenGrpc(() => made.handler!) : undefined;

  const cardJson = {
    name: legacy ? 'Switchboard test peer (A2A 1.0 + 0.3 compat)' : 'Switchboard test peer (A2A 1.0)',
    description: PEER_DESCRIPTION,
    version: '1.0.0',
    supportedInterfaces: [
      ...(grpcServer
        ? [{ url: `127.0.0.1:${grpcServer.port}`, protocolBinding: 'GRPC', protocolVersion: '1.0' }]
        : []),
      { url: `${baseUrl}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${baseUrl}/a2a/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    ],
    provider: { organization: 'Switchboard tests', url: baseUrl },
    capabilities: {
      streaming: true,
      pushNotifications: true,
      extendedAgentCard: true,
      ...(options.extensions ? { extensions: options.extensions } : {}),
    },
    securitySchemes: {
      bearer: {
        httpAuthSecurityScheme: {
          scheme: 'Bearer',
          description: `Only the extended card needs it; test token: ${PEER_BEARER_TOKEN}`,
        },
      },
    },
    defaultInputModes: ['text/plain', 'application/json', 'application/octet-stream'],
    defaultOutputModes: ['text/plain', 'application/json'],
    skills: [PEER_SKILL],
  };
  // @a2a-js/sdk 1.3.0 writes its security schemes as its in-memory oneof ({"scheme":{"$case":…}}), which no client
  // can read. The plain peer serves the wire JSON instead, as a careful agent author would; the compat peer keeps the
  // SDK's own output, so the `card.scheme-shape` finding stays visible against a live agent.
  const card = legacy
    ? AgentCard.fromJSON(cardJson)
    : Object.assign(AgentCard.fromJSON(cardJson), { toJSON: () => cardJson });
  // A binding is reachable in 0.3 only when the card declares a 0.3 interface for it
  // (docs/protocol.md#the-official-sdk-as-a-test-peer).
  if (legacy)
    card.supportedInterfaces = duplicateInterfacesForLegacy(card.supportedInterfaces, [
      'JSONRPC',
      'HTTP+JSON',
    ]);
  if (grpcServer) {
    card.supportedInterfaces.push({
      url: `grpc://127.0.0.1:${grpcServer.port}`,
      protocolBinding: 'GRPC',
      protocolVersion: '0.3',
      tenant: '',
    });
  }
  const extendedCard = AgentCard.fromJSON({
    ...cardJson,
    description: `${PEER_DESCRIPTION} (extended card)`,
    skills: [
      PEER_SKILL,
      {
        id: 'extended-echo',
        name: 'Extended echo',
        description: 'Listed only on the extended card.',
        tags: ['test', 'extended'],
      },
    ],
  });
  extendedCard.supportedInterfaces = card.supportedInterfaces;

  const board = new TaskBoard();
  const pushStore = new InMemoryPushNotificationStore();
  const handler = new DefaultRequestHandler(
    card,
    new InMemoryTaskStore(),
    new PeerExecutor(board),
    new DefaultExecutionEventBusManager(),
    pushStore,
    legacy
      ? createLegacyAwarePushNotificationSender(pushStore)
      : new DefaultPushNotificationSender(pushStore),
    extendedCard,
  );
  made.handler = handler;
  const userBuilder = async (req: express.Request) =>
    hasPeerToken(req.headers) ? new BearerUser() : new UnauthenticatedUser();
  const legacyCompat = { enabled: legacy };

  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler, legacyCompat }));
  app.use('/a2a/jsonrpc', jsonRpcHandler({ requestHandler: handler, userBuilder, legacyCompat }));
  app.use('/a2a/rest', restHandler({ requestHandler: handler, userBuilder, legacyCompat }));

  return {
    name,
    generation: '1.0',
    baseUrl,
    cardUrl: `${baseUrl}/.well-known/agent-card.json`,
    nextStreamOpened: server.nextStreamOpened,
    close: async () => {
      board.shutdown();
      grpcServer?.server.forceShutdown();
      await server.close();
    },
  };
}

/** A gRPC server on 127.0.0.1 at a port the OS picks, serving the SDK's 1.0 and 0.3 services. */
async function listenGrpc(
  handler: () => DefaultRequestHandler,
): Promise<{ server: grpc.Server; port: number }> {
  // Each call goes to the handler of the moment, which exists before any call can arrive.
  const requestHandler = new Proxy({} as DefaultRequestHandler, {
    get: (_target, key) => {
      const value = Reflect.get(handler(), key) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(handler()) : value;
    },
  });
  const userBuilder = UserBuilder.noAuthentication;
  const server = new grpc.Server();
  server.addService(A2AService, grpcService({ requestHandler, userBuilder }));
  server.addService(LegacyA2AService, legacyGrpcService({ requestHandler, userBuilder }));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return { server, port };
}
