// The ACTS peers: real A2A agents on the official SDKs that implement the SUT behaviour contract of ACTS (the A2A
// conformance test suite, see actsBehaviour.ts), so the suite can run against them on every binding they serve.
//   acts-v1.0 — @a2a-js/sdk 1.3.0: A2A 1.0 on JSON-RPC, HTTP+JSON and gRPC, with the SDK's 0.3 compat layer on all three.
//   acts-v0.3 — @a2a-js/sdk 0.3.14 (npm alias a2a-sdk-v03): native A2A 0.3 on JSON-RPC, HTTP+JSON and gRPC.
// Both refuse, before their SDK sees it, what the refusal policy of actsBehaviour.ts refuses (by subclassing the
// SDK's DefaultRequestHandler, so every binding gets it), and answer 401 / UNAUTHENTICATED to an extended-card request
// without the peer bearer token (small guards in front of the SDK's routes and gRPC services).

import { randomUUID } from 'node:crypto';
import express from 'express';
import * as grpc from '@grpc/grpc-js';
import {
  AgentCard,
  Message,
  Task,
  TaskArtifactUpdateEvent,
  TaskState,
  TaskStatusUpdateEvent,
  type Part as V1Part,
  type SendMessageRequest,
  type StreamResponse,
  type SubscribeToTaskRequest,
} from '@a2a-js/sdk';
import {
  ContentTypeNotSupportedError,
  RequestMalformedError,
  UnsupportedOperationError,
} from '@a2a-js/sdk/errors';
import { duplicateInterfacesForLegacy } from '@a2a-js/sdk/compat/v0_3';
import { createLegacyAwarePushNotificationSender } from '@a2a-js/sdk/compat/v0_3/server';
import { LegacyA2AService, legacyGrpcService } from '@a2a-js/sdk/compat/v0_3/server/grpc';
import {
  AgentEvent,
  DefaultExecutionEventBusManager,
  DefaultRequestHandler,
  InMemoryPushNotificationStore,
  InMemoryTaskStore,
  UnauthenticatedUser,
  type AgentExecutor,
  type ExecutionEventBus,
  type PushNotificationSender,
  type RequestContext,
  type ServerCallContext,
} from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, restHandler } from '@a2a-js/sdk/server/express';
import { A2AService, grpcService } from '@a2a-js/sdk/server/grpc';
import type {
  AgentCard as V03AgentCard,
  Message as V03Message,
  MessageSendParams as V03MessageSendParams,
  Part as V03Part,
  Task as V03Task,
  TaskIdParams as V03TaskIdParams,
  TaskStatusUpdateEvent as V03StatusUpdate,
} from 'a2a-sdk-v03';
import {
  A2AError as V03Error,
  DefaultExecutionEventBusManager as V03BusManager,
  DefaultPushNotificationSender as V03PushSender,
  DefaultRequestHandler as V03RequestHandler,
  InMemoryPushNotificationStore as V03PushStore,
  InMemoryTaskStore as V03TaskStore,
  UnauthenticatedUser as V03UnauthenticatedUser,
  type AgentExecutor as V03AgentExecutor,
  type ExecutionEventBus as V03EventBus,
  type PushNotificationSender as V03PushNotificationSender,
  type RequestContext as V03RequestContext,
  type ServerCallContext as V03CallContext,
} from 'a2a-sdk-v03/server';
import {
  agentCardHandler as v03AgentCardHandler,
  jsonRpcHandler as v03JsonRpcHandler,
  restHandler as v03RestHandler,
} from 'a2a-sdk-v03/server/express';
import { A2AService as V03A2AService, grpcService as v03GrpcService } from 'a2a-sdk-v03/server/grpc';
import {
  ACTS_DEFAULT_LONG_RUNNING_MS,
  ACTS_DEFAULT_WAIT_CAP_MS,
  ACTS_DESCRIPTION,
  ACTS_FILES,
  ACTS_INPUT_MODES,
  ACTS_OUTPUT_MODES,
  ACTS_SKILL,
  ACTS_TEXTS,
  ActsBoard,
  performActs,
  vetIncoming,
  vetSubscribe,
  type ActsBehaviourOptions,
  type ActsOutlet,
  type ActsTaskState,
  type NamedTask,
  type Refusal,
} from './actsBehaviour';
import type { PeerPart } from './behaviour';
import { artifactUpdate, newTask, toKindParts } from './kindModel';
import { BearerUser, PEER_BEARER_TOKEN, hasPeerToken } from './peerAuth';
import { listenPeer } from './peerServer';
import type { PeerHandle, PeerOptions, StartPeer } from './types';

export interface ActsPeerOptions extends PeerOptions {
  /** How long `tck-long-running` works before completing (default 1000 ms). */
  longRunningMs?: number;
  /** How long `tck-cancel` and `tck-auth-required` wait before failing (default 60 s). */
  waitCapMs?: number;
  /** Port of the gRPC listener; 0 (the default) lets the OS pick. */
  grpcPort?: number;
}

export type ActsBinding = 'JSONRPC' | 'HTTP+JSON' | 'GRPC';

/** One interface an ACTS peer serves, in the card's terms. */
export interface ActsInterface {
  protocolBinding: ActsBinding;
  /** '1.0' or '0.3'. */
  protocolVersion: string;
  /** HTTP URL, or `host:port` for gRPC. */
  url: string;
}

export interface ActsPeerHandle extends PeerHandle {
  /** Every interface the peer serves, 1.0 ones first on acts-v1.0. */
  interfaces: ActsInterface[];
  /** The URL the `tck-artifact-file-url` artifact points at (served by the peer). */
  fileUrl: string;
}

/** Paths every ACTS peer serves under its base URL. */
export const ACTS_PATHS = {
  card: '/.well-known/agent-card.json',
  jsonRpc: '/a2a/jsonrpc',
  rest: '/a2a/rest',
  file: `/files/${ACTS_FILES.byUrl.name}`,
} as const;

// Push deliveries give up quickly, so an unreachable webhook (ACTS uses https://example.com) never keeps a test
// process waiting long after close().
const PUSH_TIMEOUT_MS = 2_000;

// Tasks, buses and push configs in one scope whoever calls: the bearer token unlocks the extended card only, and must
// not hide tasks created without it (the 1.3.0 stores are scoped by user name by default).
const ONE_SCOPE = () => 'acts';

const AUTH_REALM = 'Bearer realm="switchboard-acts-peer"';
const UNAUTHENTICATED_MESSAGE = `The extended agent card needs Authorization: Bearer ${PEER_BEARER_TOKEN}.`;

function behaviourOptions(options: ActsPeerOptions, fileUrl: string): ActsBehaviourOptions {
  return {
    longRunningMs: options.longRunningMs ?? ACTS_DEFAULT_LONG_RUNNING_MS,
    waitCapMs: options.waitCapMs ?? ACTS_DEFAULT_WAIT_CAP_MS,
    fileUrl,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Media types a part declares in its metadata (`contentType`, as ACTS CORE-SEND-004 sends it, or `mimeType`). */
function metadataTypes(metadata: unknown): string[] {
  if (!isRecord(metadata)) return [];
  return [metadata.contentType, metadata.mimeType].filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Guards in front of the SDKs: the extended card needs the bearer token on every binding.

function challenge(headers: express.Request['headers']): string {
  // RFC 6750 §3.1: name the error only when a token was sent and is wrong.
  return headers.authorization === undefined ? AUTH_REALM : `${AUTH_REALM}, error="invalid_token"`;
}

/**
 * JSON-RPC: reads the body (the SDK's own parser then skips it) and answers 401 to the extended-card methods without
 * the token. A body that is not JSON gets the JSON-RPC parse error here, on HTTP 200 like any JSON-RPC error.
 */
function jsonRpcGuard(
  cardMethods: readonly string[],
): Array<express.RequestHandler | express.ErrorRequestHandler> {
  const parseError: express.ErrorRequestHandler = (error: unknown, _req, res, next) => {
    if (!(error instanceof SyntaxError)) {
      next(error);
      return;
    }
    res
      .status(200)
      .json({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Invalid JSON payload.' } });
  };
  const guard: express.RequestHandler = (req, res, next) => {
    const body: unknown = req.body;
    if (!isRecord(body) || typeof body.method !== 'string' || !cardMethods.includes(body.method)) {
      next();
      return;
    }
    if (hasPeerToken(req.headers)) {
      next();
      return;
    }
    const id = typeof body.id === 'string' || typeof body.id === 'number' ? body.id : null;
    res
      .status(401)
      .setHeader('WWW-Authenticate', challenge(req.headers))
      // -32000: JSON-RPC's implementation-defined server error, outside the codes A2A assigns (-32001…).
      .json({ jsonrpc: '2.0', id, error: { code: -32000, message: UNAUTHENTICATED_MESSAGE } });
  };
  return [express.json(), parseError, guard];
}

/** HTTP+JSON: 401 with a google.rpc.Status body for the extended card (1.0 `/extendedAgentCard`, 0.3 `/v1/card`). */
function restGuard(): express.RequestHandler {
  const cardPath = /^\/(?:[^/]+\/)?extendedAgentCard$|^\/v1\/card$/;
  return (req, res, next) => {
    if (req.method !== 'GET' || !cardPath.test(req.path) || hasPeerToken(req.headers)) {
      next();
      return;
    }
    res
      .status(401)
      .setHeader('WWW-Authenticate', challenge(req.headers))
      .json({ error: { code: 401, status: 'UNAUTHENTICATED', message: UNAUTHENTICATED_MESSAGE } });
  };
}

function metadataHasToken(metadata: grpc.Metadata): boolean {
  const value = metadata.get('authorization')[0];
  return value !== undefined && hasPeerToken({ authorization: value.toString() });
}

/** gRPC: the extended-card method of a service answers UNAUTHENTICATED without the token. */
function guardGrpc<T extends grpc.UntypedServiceImplementation>(service: T, cardMethod: keyof T & string): T {
  const original = service[cardMethod];
  if (typeof original !== 'function') throw new Error(`gRPC service has no ${cardMethod}`);
  const guarded = (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
    if (!metadataHasToken(call.metadata)) {
      callback({ code: grpc.status.UNAUTHENTICATED, details: UNAUTHENTICATED_MESSAGE }, null);
      return;
    }
    Reflect.apply(original, service, [call, callback]);
  };
  return { ...service, [cardMethod]: guarded };
}

async function bindGrpc(server: grpc.Server, port: number): Promise<number> {
  return new Promise<number>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
}

const expressUser = async (req: express.Request) =>
  hasPeerToken(req.headers) ? new BearerUser() : new UnauthenticatedUser();
const grpcUser = async (call: { metadata: grpc.Metadata }) =>
  metadataHasToken(call.metadata) ? new BearerUser() : new UnauthenticatedUser();

function serveSampleFile(app: express.Express): void {
  app.get(ACTS_PATHS.file, (_req, res) => {
    res.type(ACTS_FILES.byUrl.mediaType).send(ACTS_FILES.byUrl.content);
  });
}

/** A push sender that stops delivering once the peer closes. */
class ClosingPushSender implements PushNotificationSender {
  closed = false;
  constructor(private readonly inner: PushNotificationSender) {}

  send: PushNotificationSender['send'] = async (...args) => {
    if (!this.closed) await this.inner.send(...args);
  };
}

class ClosingV03PushSender implements V03PushNotificationSender {
  closed = false;
  constructor(private readonly inner: V03PushNotificationSender) {}

  send: V03PushNotificationSender['send'] = async (task) => {
    if (!this.closed) await this.inner.send(task);
  };
}

// ---------------------------------------------------------------------------------------------------------------
// acts-v1.0: @a2a-js/sdk 1.3.0

const V1_STATE: Record<ActsTaskState, TaskState> = {
  submitted: TaskState.TASK_STATE_SUBMITTED,
  working: TaskState.TASK_STATE_WORKING,
  'input-required': TaskState.TASK_STATE_INPUT_REQUIRED,
  'auth-required': TaskState.TASK_STATE_AUTH_REQUIRED,
  completed: TaskState.TASK_STATE_COMPLETED,
  canceled: TaskState.TASK_STATE_CANCELED,
  failed: TaskState.TASK_STATE_FAILED,
  rejected: TaskState.TASK_STATE_REJECTED,
};

function fromV1State(state: TaskState | undefined): ActsTaskState {
  const found = Object.entries(V1_STATE).find(([, value]) => value === state);
  return (found?.[0] as ActsTaskState | undefined) ?? 'submitted';
}

// The 1.x SDK types are ts-proto models; the peer writes wire JSON and lets `fromJSON` build them.
function v1PartJson(part: PeerPart): Record<string, unknown> {
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

function v1FirstText(parts: readonly V1Part[]): string {
  for (const part of parts) if (part.content?.$case === 'text') return part.content.value;
  return '';
}

function v1DeclaredTypes(parts: readonly V1Part[]): string[] {
  return parts.flatMap((part) => [
    ...(part.mediaType ? [part.mediaType] : []),
    ...metadataTypes(part.metadata),
  ]);
}

function v1Status(taskId: string, contextId: string, state: ActsTaskState, text?: string) {
  return AgentEvent.statusUpdate(
    TaskStatusUpdateEvent.fromJSON({
      taskId,
      contextId,
      status: {
        state: TaskState[V1_STATE[state]],
        timestamp: new Date().toISOString(),
        ...(text !== undefined
          ? {
              message: {
                messageId: randomUUID(),
                role: 'ROLE_AGENT',
                parts: [v1PartJson({ kind: 'text', text })],
                contextId,
                taskId,
              },
            }
          : {}),
      },
    }),
  );
}

class ActsV1Executor implements AgentExecutor {
  constructor(
    private readonly board: ActsBoard,
    private readonly options: ActsBehaviourOptions,
  ) {}

  execute = async (context: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const { taskId, contextId } = context;
    const existing = context.task;
    const outlet: ActsOutlet = {
      reply: (parts) =>
        bus.publish(
          AgentEvent.message(
            Message.fromJSON({ messageId: randomUUID(), role: 'ROLE_AGENT', parts: parts.map(v1PartJson) }),
          ),
        ),
      // 1.x wants a task or a message as the first event of every execution, follow-up turns included.
      open: () => {
        if (existing) {
          bus.publish(AgentEvent.task(existing));
          return;
        }
        const task = Task.fromJSON({
          id: taskId,
          contextId,
          status: { state: 'TASK_STATE_SUBMITTED', timestamp: new Date().toISOString() },
        });
        task.history = [context.userMessage];
        bus.publish(AgentEvent.task(task));
      },
      status: (state, text) => bus.publish(v1Status(taskId, contextId, state, text)),
      artifact: (chunk) =>
        bus.publish(
          AgentEvent.artifactUpdate(
            TaskArtifactUpdateEvent.fromJSON({
              taskId,
              contextId,
              artifact: {
                artifactId: chunk.artifactId,
                name: chunk.name,
                parts: chunk.parts.map(v1PartJson),
              },
              append: chunk.append,
              lastChunk: chunk.lastChunk,
            }),
          ),
        ),
    };
    const turn = {
      taskId,
      contextId,
      text: v1FirstText(context.userMessage.parts),
      continuing: existing !== undefined,
    };
    await performActs(turn, outlet, this.board, this.options);
    // No finished(): 1.3.0 settles the bus itself and keeps it for interrupted tasks.
  };

  // 1.3.0's cancel drains this bus until a terminal state, so publishing CANCELED answers it.
  cancelTask = async (taskId: string, bus: ExecutionEventBus): Promise<void> => {
    bus.publish(v1Status(taskId, this.board.contextOf(taskId) ?? '', 'canceled', ACTS_TEXTS.canceled));
    this.board.cancel(taskId);
  };
}

function v1Error(refusal: Refusal): Error {
  switch (refusal.kind) {
    case 'content-type-not-supported':
      return new ContentTypeNotSupportedError(refusal.message);
    case 'unsupported-operation':
      return new UnsupportedOperationError(refusal.message);
    case 'invalid-params':
      return new RequestMalformedError(refusal.message);
  }
}

/**
 * The SDK's request handler with the refusal policy in front of message sends and subscriptions. Every transport
 * (JSON-RPC, HTTP+JSON, gRPC, and their 0.3 compat dispatchers) calls these methods, so one override covers them.
 */
class ActsV1RequestHandler extends DefaultRequestHandler {
  constructor(
    private readonly board: ActsBoard,
    private readonly tasks: InMemoryTaskStore,
    ...rest: ConstructorParameters<typeof DefaultRequestHandler>
  ) {
    super(...rest);
  }

  override async sendMessage(
    params: SendMessageRequest,
    context: ServerCallContext,
  ): Promise<Message | Task> {
    await this.vetMessage(params, context);
    return super.sendMessage(params, context);
  }

  override async *sendMessageStream(
    params: SendMessageRequest,
    context: ServerCallContext,
  ): AsyncGenerator<StreamResponse, void, undefined> {
    await this.vetMessage(params, context);
    yield* super.sendMessageStream(params, context);
  }

  override async *resubscribe(
    params: SubscribeToTaskRequest,
    context: ServerCallContext,
  ): AsyncGenerator<StreamResponse, void, undefined> {
    const refusal = vetSubscribe(params.id, await this.namedTask(params.id, context));
    if (refusal) throw v1Error(refusal);
    yield* super.resubscribe(params, context);
  }

  private async vetMessage(params: SendMessageRequest, context: ServerCallContext): Promise<void> {
    const message = params.message;
    // A missing message is the SDK's to refuse.
    if (!message) return;
    const refusal = vetIncoming(
      {
        ...(message.taskId ? { taskId: message.taskId } : {}),
        ...(message.contextId ? { contextId: message.contextId } : {}),
        declaredTypes: v1DeclaredTypes(message.parts),
      },
      message.taskId ? await this.namedTask(message.taskId, context) : undefined,
      (contextId) => this.board.knowsContext(contextId),
    );
    if (refusal) throw v1Error(refusal);
  }

  private async namedTask(taskId: string, context: ServerCallContext): Promise<NamedTask | undefined> {
    if (!taskId) return undefined;
    const task = await this.tasks.load(taskId, context);
    return task && { state: fromV1State(task.status?.state), contextId: task.contextId };
  }
}

export async function startActsV10Peer(options: ActsPeerOptions = {}): Promise<ActsPeerHandle> {
  const app = express();
  // Error pages without stack traces.
  app.set('env', 'production');
  const server = await listenPeer(app, options.port);
  const { baseUrl } = server;
  // The gRPC port must be on the card, and the card in the handler, before the services can be added.
  const grpcServer = new grpc.Server();
  const grpcUrl = `127.0.0.1:${await bindGrpc(grpcServer, options.grpcPort ?? 0)}`;
  const fileUrl = `${baseUrl}${ACTS_PATHS.file}`;
  const v1Interfaces: ActsInterface[] = [
    { url: `${baseUrl}${ACTS_PATHS.jsonRpc}`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    { url: `${baseUrl}${ACTS_PATHS.rest}`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    { url: grpcUrl, protocolBinding: 'GRPC', protocolVersion: '1.0' },
  ];

  const cardJson = {
    name: 'Switchboard ACTS peer (A2A 1.0 + 0.3 compat)',
    description: ACTS_DESCRIPTION,
    version: '1.0.0',
    supportedInterfaces: v1Interfaces,
    provider: { organization: 'Switchboard tests', url: baseUrl },
    capabilities: { streaming: true, pushNotifications: true, extendedAgentCard: true },
    securitySchemes: {
      bearer: {
        httpAuthSecurityScheme: {
          scheme: 'Bearer',
          description: `Only the extended card needs it; test token: ${PEER_BEARER_TOKEN}`,
        },
      },
    },
    defaultInputModes: [...ACTS_INPUT_MODES],
    defaultOutputModes: [...ACTS_OUTPUT_MODES],
    skills: [ACTS_SKILL],
  };
  const model = AgentCard.fromJSON(cardJson);
  // The 0.3 mirrors (same URLs, protocolVersion 0.3) are what opens each binding to 0.3 clients in the compat layer.
  model.supportedInterfaces = duplicateInterfacesForLegacy(model.supportedInterfaces, [
    'JSONRPC',
    'HTTP+JSON',
    'GRPC',
  ]);
  // 1.3.0 serves the well-known card with JSON.stringify of its ts-proto model, which leaks the security scheme oneof
  // as {"$case": …}; the SDK's own toJSON writes the wire JSON.
  const card = Object.assign(model, { toJSON: () => AgentCard.toJSON(model) });
  const extendedCard = AgentCard.fromJSON({
    ...cardJson,
    description: `${ACTS_DESCRIPTION} (extended card)`,
    skills: [
      ACTS_SKILL,
      { id: 'acts-extended', name: 'Extended ACTS card', description: 'Listed only on the extended card.' },
    ],
  });
  extendedCard.supportedInterfaces = model.supportedInterfaces;

  const board = new ActsBoard();
  const taskStore = new InMemoryTaskStore(ONE_SCOPE);
  const pushStore = new InMemoryPushNotificationStore(ONE_SCOPE);
  const pushSender = new ClosingPushSender(
    createLegacyAwarePushNotificationSender(pushStore, { timeout: PUSH_TIMEOUT_MS }),
  );
  const handler = new ActsV1RequestHandler(
    board,
    taskStore,
    card,
    taskStore,
    new ActsV1Executor(board, behaviourOptions(options, fileUrl)),
    new DefaultExecutionEventBusManager(ONE_SCOPE),
    pushStore,
    pushSender,
    extendedCard,
  );
  const legacyCompat = { enabled: true };

  serveSampleFile(app);
  app.use(ACTS_PATHS.card, agentCardHandler({ agentCardProvider: handler, legacyCompat }));
  app.use(
    ACTS_PATHS.jsonRpc,
    jsonRpcGuard(['GetExtendedAgentCard', 'agent/getAuthenticatedExtendedCard']),
    jsonRpcHandler({ requestHandler: handler, userBuilder: expressUser, legacyCompat }),
  );
  app.use(
    ACTS_PATHS.rest,
    restGuard(),
    restHandler({ requestHandler: handler, userBuilder: expressUser, legacyCompat }),
  );
  grpcServer.addService(
    A2AService,
    guardGrpc(grpcService({ requestHandler: handler, userBuilder: grpcUser }), 'getExtendedAgentCard'),
  );
  grpcServer.addService(
    LegacyA2AService,
    guardGrpc(legacyGrpcService({ requestHandler: handler, userBuilder: grpcUser }), 'getAgentCard'),
  );

  return {
    name: 'acts-v1.0',
    generation: '1.0',
    baseUrl,
    cardUrl: `${baseUrl}${ACTS_PATHS.card}`,
    interfaces: [...v1Interfaces, ...v1Interfaces.map((intf) => ({ ...intf, protocolVersion: '0.3' }))],
    fileUrl,
    nextStreamOpened: server.nextStreamOpened,
    close: closer(board, () => (pushSender.closed = true), grpcServer, server.close),
  };
}

/** Idempotent close: ends held tasks, stops push deliveries, drops gRPC calls and every HTTP connection. */
function closer(
  board: ActsBoard,
  stopPush: () => void,
  grpcServer: grpc.Server,
  closeHttp: () => Promise<void>,
): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () =>
    (closing ??= (async () => {
      board.shutdown();
      stopPush();
      grpcServer.forceShutdown();
      await closeHttp();
    })());
}

// ---------------------------------------------------------------------------------------------------------------
// acts-v0.3: @a2a-js/sdk 0.3.14

/** Ends a 0.3 stream (and a blocking send): terminal states and the interrupted ones. */
function isV03Final(state: ActsTaskState): boolean {
  return state !== 'submitted' && state !== 'working';
}

function v03Status(taskId: string, contextId: string, state: ActsTaskState, text?: string): V03StatusUpdate {
  return {
    kind: 'status-update',
    taskId,
    contextId,
    status: {
      state,
      timestamp: new Date().toISOString(),
      ...(text !== undefined
        ? {
            message: {
              kind: 'message',
              messageId: randomUUID(),
              role: 'agent',
              parts: [{ kind: 'text', text }],
              contextId,
              taskId,
            },
          }
        : {}),
    },
    final: isV03Final(state),
  };
}

function v03FirstText(parts: readonly V03Part[]): string {
  for (const part of parts) if (part.kind === 'text') return part.text;
  return '';
}

function v03DeclaredTypes(parts: readonly V03Part[]): string[] {
  return parts.flatMap((part) => [
    ...(part.kind === 'file' && part.file.mimeType ? [part.file.mimeType] : []),
    ...metadataTypes(part.metadata),
  ]);
}

class ActsV03Executor implements V03AgentExecutor {
  constructor(
    private readonly board: ActsBoard,
    private readonly options: ActsBehaviourOptions,
  ) {}

  execute = async (context: V03RequestContext, bus: V03EventBus): Promise<void> => {
    const { taskId, contextId } = context;
    const existing = context.task;
    const outlet: ActsOutlet = {
      reply: (parts) => {
        const message: V03Message = {
          kind: 'message',
          messageId: randomUUID(),
          role: 'agent',
          parts: toKindParts(parts),
        };
        bus.publish(message);
      },
      open: () => bus.publish(existing ?? newTask(taskId, contextId, [context.userMessage])),
      status: (state, text) => bus.publish(v03Status(taskId, contextId, state, text)),
      artifact: (chunk) => bus.publish(artifactUpdate(taskId, contextId, chunk)),
    };
    const turn = {
      taskId,
      contextId,
      text: v03FirstText(context.userMessage.parts),
      continuing: existing !== undefined,
    };
    await performActs(turn, outlet, this.board, this.options);
    bus.finished();
  };

  // 0.3.14's cancel drains this bus until a final status arrives, so publishing CANCELED answers it.
  cancelTask = async (taskId: string, bus: V03EventBus): Promise<void> => {
    bus.publish(v03Status(taskId, this.board.contextOf(taskId) ?? '', 'canceled', ACTS_TEXTS.canceled));
    this.board.cancel(taskId);
  };
}

function v03Error(refusal: Refusal): V03Error {
  switch (refusal.kind) {
    // 0.3.14 has no factory for -32005, but the code is in the 0.3 spec (ContentTypeNotSupportedError).
    case 'content-type-not-supported':
      return new V03Error(-32005, refusal.message);
    case 'unsupported-operation':
      return new V03Error(-32004, refusal.message);
    case 'invalid-params':
      return V03Error.invalidParams(refusal.message);
  }
}

/** 0.3.14's request handler with the refusal policy in front (the SDK itself refuses only unknown tasks). */
class ActsV03RequestHandler extends V03RequestHandler {
  constructor(
    private readonly board: ActsBoard,
    private readonly tasks: V03TaskStore,
    ...rest: ConstructorParameters<typeof V03RequestHandler>
  ) {
    super(...rest);
  }

  override async sendMessage(
    params: V03MessageSendParams,
    context?: V03CallContext,
  ): Promise<V03Message | V03Task> {
    await this.vetMessage(params);
    return super.sendMessage(params, context);
  }

  override async *sendMessageStream(
    params: V03MessageSendParams,
    context?: V03CallContext,
  ): ReturnType<V03RequestHandler['sendMessageStream']> {
    await this.vetMessage(params);
    yield* super.sendMessageStream(params, context);
  }

  override async *resubscribe(
    params: V03TaskIdParams,
    context?: V03CallContext,
  ): ReturnType<V03RequestHandler['resubscribe']> {
    const refusal = await this.subscribeRefusal(params.id);
    if (refusal) throw v03Error(refusal);
    yield* super.resubscribe(params, context);
  }

  async subscribeRefusal(taskId: string): Promise<Refusal | undefined> {
    return vetSubscribe(taskId, await this.namedTask(taskId));
  }

  private async vetMessage(params: V03MessageSendParams): Promise<void> {
    const message: V03Message | undefined = params.message;
    if (!message) return;
    const refusal = vetIncoming(
      {
        ...(message.taskId ? { taskId: message.taskId } : {}),
        ...(message.contextId ? { contextId: message.contextId } : {}),
        declaredTypes: v03DeclaredTypes(message.parts ?? []),
      },
      message.taskId ? await this.namedTask(message.taskId) : undefined,
      (contextId) => this.board.knowsContext(contextId),
    );
    if (refusal) throw v03Error(refusal);
  }

  private async namedTask(taskId: string): Promise<NamedTask | undefined> {
    if (!taskId) return undefined;
    const task = await this.tasks.load(taskId);
    return task && { state: task.status.state as ActsTaskState, contextId: task.contextId };
  }
}

/**
 * 0.3.14's HTTP+JSON handler turns any error raised before a stream's first event into a 500 ("Bug: toJson serializer
 * and body must be provided"), so a refused subscription is answered here instead, as the SDK answers other -32004s.
 */
function v03SubscribeGuard(handler: ActsV03RequestHandler): express.RequestHandler {
  const subscribePath = /^\/v1\/tasks\/([^/]+):subscribe$/;
  return (req, res, next) => {
    const match = subscribePath.exec(req.path);
    if ((req.method !== 'GET' && req.method !== 'POST') || !match?.[1]) {
      next();
      return;
    }
    handler.subscribeRefusal(decodeURIComponent(match[1])).then(
      (refusal) => {
        if (!refusal) {
          next();
          return;
        }
        const error = v03Error(refusal);
        res.status(400).json({ code: error.code, message: error.message });
      },
      (error: unknown) => next(error),
    );
  };
}

export async function startActsV03Peer(options: ActsPeerOptions = {}): Promise<ActsPeerHandle> {
  const app = express();
  app.set('env', 'production');
  const server = await listenPeer(app, options.port);
  const { baseUrl } = server;
  const grpcServer = new grpc.Server();
  const grpcUrl = `127.0.0.1:${await bindGrpc(grpcServer, options.grpcPort ?? 0)}`;
  const fileUrl = `${baseUrl}${ACTS_PATHS.file}`;
  const jsonRpcUrl = `${baseUrl}${ACTS_PATHS.jsonRpc}`;
  const restUrl = `${baseUrl}${ACTS_PATHS.rest}`;

  const card: V03AgentCard = {
    protocolVersion: '0.3.0',
    name: 'Switchboard ACTS peer (A2A 0.3)',
    description: ACTS_DESCRIPTION,
    url: jsonRpcUrl,
    preferredTransport: 'JSONRPC',
    additionalInterfaces: [
      { url: jsonRpcUrl, transport: 'JSONRPC' },
      { url: restUrl, transport: 'HTTP+JSON' },
      { url: grpcUrl, transport: 'GRPC' },
    ],
    provider: { organization: 'Switchboard tests', url: baseUrl },
    version: '1.0.0',
    capabilities: { streaming: true, pushNotifications: true, stateTransitionHistory: false },
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        description: `Only the authenticated extended card needs it; test token: ${PEER_BEARER_TOKEN}`,
      },
    },
    defaultInputModes: [...ACTS_INPUT_MODES],
    defaultOutputModes: [...ACTS_OUTPUT_MODES],
    skills: [ACTS_SKILL],
    supportsAuthenticatedExtendedCard: true,
  };
  const extendedCard: V03AgentCard = {
    ...card,
    description: `${ACTS_DESCRIPTION} (authenticated extended card)`,
    skills: [
      ACTS_SKILL,
      {
        id: 'acts-extended',
        name: 'Extended ACTS card',
        description: 'Listed only on the authenticated extended card.',
        tags: ['test', 'extended'],
      },
    ],
  };

  const board = new ActsBoard();
  const taskStore = new V03TaskStore();
  const pushStore = new V03PushStore();
  const pushSender = new ClosingV03PushSender(new V03PushSender(pushStore, { timeout: PUSH_TIMEOUT_MS }));
  const handler = new ActsV03RequestHandler(
    board,
    taskStore,
    card,
    taskStore,
    new ActsV03Executor(board, behaviourOptions(options, fileUrl)),
    new V03BusManager(),
    pushStore,
    pushSender,
    extendedCard,
  );
  const userBuilder = async (req: express.Request) =>
    hasPeerToken(req.headers) ? new BearerUser() : new V03UnauthenticatedUser();
  const grpcUserBuilder = async (call: { metadata: grpc.Metadata }) =>
    metadataHasToken(call.metadata) ? new BearerUser() : new V03UnauthenticatedUser();

  serveSampleFile(app);
  app.use(ACTS_PATHS.card, v03AgentCardHandler({ agentCardProvider: handler }));
  app.use(
    ACTS_PATHS.jsonRpc,
    jsonRpcGuard(['agent/getAuthenticatedExtendedCard']),
    v03JsonRpcHandler({ requestHandler: handler, userBuilder }),
  );
  app.use(
    ACTS_PATHS.rest,
    restGuard(),
    v03SubscribeGuard(handler),
    v03RestHandler({ requestHandler: handler, userBuilder }),
  );
  grpcServer.addService(
    V03A2AService,
    guardGrpc(v03GrpcService({ requestHandler: handler, userBuilder: grpcUserBuilder }), 'getAgentCard'),
  );

  return {
    name: 'acts-v0.3',
    generation: '0.3',
    baseUrl,
    cardUrl: `${baseUrl}${ACTS_PATHS.card}`,
    interfaces: [
      { url: jsonRpcUrl, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
      { url: restUrl, protocolBinding: 'HTTP+JSON', protocolVersion: '0.3' },
      { url: grpcUrl, protocolBinding: 'GRPC', protocolVersion: '0.3' },
    ],
    fileUrl,
    nextStreamOpened: server.nextStreamOpened,
    close: closer(board, () => (pushSender.closed = true), grpcServer, server.close),
  };
}

/** The ACTS peers by name. Deliberately not in `peers` (index.ts): tests that loop over those expect the shared behaviour. */
export const actsPeers = {
  'acts-v1.0': startActsV10Peer,
  'acts-v0.3': startActsV03Peer,
} as const satisfies Record<string, StartPeer>;

export type ActsPeerName = keyof typeof actsPeers;

export const actsPeerNames = Object.keys(actsPeers) as ActsPeerName[];

export function isActsPeerName(value: string): value is ActsPeerName {
  return Object.hasOwn(actsPeers, value);
}
