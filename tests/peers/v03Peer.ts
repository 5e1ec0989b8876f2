// The 0.3 test peer: @a2a-js/sdk 0.3.14 (npm alias a2a-sdk-v03) serving JSON-RPC at /a2a/jsonrpc and HTTP+JSON
// (0.3 proto-JSON under /v1/…) at /a2a/rest, both declared on the card (preferredTransport + additionalInterfaces).
// Push notifications go through the SDK's InMemoryPushNotificationStore and DefaultPushNotificationSender; the
// authenticated extended card answers a bearer token (PEER_BEARER_TOKEN) and falls back to the public card without.

import express from 'express';
import type { AgentCard } from 'a2a-sdk-v03';
import {
  DefaultPushNotificationSender,
  DefaultRequestHandler,
  DefaultExecutionEventBusManager,
  InMemoryPushNotificationStore,
  InMemoryTaskStore,
  UnauthenticatedUser,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
} from 'a2a-sdk-v03/server';
import { agentCardHandler, jsonRpcHandler, restHandler } from 'a2a-sdk-v03/server/express';
import { PEER_DESCRIPTION, PEER_SKILL, TaskBoard, perform, type Outlet } from './behaviour';
import { agentMessage, artifactUpdate, fromKindParts, newTask, statusUpdate } from './kindModel';
import { BearerUser, PEER_BEARER_TOKEN, hasPeerToken } from './peerAuth';
import { listenPeer } from './peerServer';
import type { PeerHandle, PeerOptions } from './types';

class PeerExecutor implements AgentExecutor {
  constructor(private readonly board: TaskBoard) {}

  execute = async (context: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const { taskId, contextId } = context;
    const existing = context.task;
    this.board.remember(taskId, contextId);
    const outlet: Outlet = {
      canReplyWithMessage: true,
      reply: (parts) => bus.publish(agentMessage(parts, contextId)),
      open: () => bus.publish(existing ?? newTask(taskId, contextId, [context.userMessage])),
      status: (state, text) => bus.publish(statusUpdate(taskId, contextId, state, text)),
      artifact: (chunk) => bus.publish(artifactUpdate(taskId, contextId, chunk)),
      waitForCancel: (maxMs) => this.board.waitForCancel(taskId, maxMs),
    };
    const continuing = existing?.status.state === 'input-required';
    await perform({ parts: fromKindParts(context.userMessage.parts), continuing }, outlet);
    bus.finished();
  };

  // 0.3.14's cancel then drains this bus until a final status arrives, so publishing it is all that is needed.
  cancelTask = async (taskId: string, bus: ExecutionEventBus): Promise<void> => {
    const contextId = this.board.contextOf(taskId) ?? '';
    bus.publish(statusUpdate(taskId, contextId, 'canceled', 'Canceled at the client’s request.'));
    this.board.cancel(taskId);
  };
}

export async function startV03Peer(options: PeerOptions = {}): Promise<PeerHandle> {
  // Routes are mounted once the port (and so every URL on the card) is known.
  const app = express();
  // Error pages without stack traces: recorded fixtures must not carry this machine's paths.
  app.set('env', 'production');
  const server = await listenPeer(app, options.port);
  const { baseUrl } = server;
  const jsonRpcUrl = `${baseUrl}/a2a/jsonrpc`;
  const restUrl = `${baseUrl}/a2a/rest`;

  const card: AgentCard = {
    protocolVersion: '0.3.0',
    name: 'Switchboard test peer (A2A 0.3)',
    description: PEER_DESCRIPTION,
    url: jsonRpcUrl,
    preferredTransport: 'JSONRPC',
    additionalInterfaces: [
      { url: jsonRpcUrl, transport: 'JSONRPC' },
      { url: restUrl, transport: 'HTTP+JSON' },
    ],
    provider: { organization: 'Switchboard tests', url: baseUrl },
    version: '1.0.0',
    capabilities: { streaming: true, pushNotifications: true, stateTransitionHistory: false },
    // Declared (not required by `security`) so the extended card has a scheme from the public card to name.
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        description: `Only the authenticated extended card needs it; test token: ${PEER_BEARER_TOKEN}`,
      },
    },
    defaultInputModes: ['text/plain', 'application/json', 'application/octet-stream'],
    defaultOutputModes: ['text/plain', 'application/json'],
    skills: [PEER_SKILL],
    supportsAuthenticatedExtendedCard: true,
  };
  const extendedCard: AgentCard = {
    ...card,
    description: `${PEER_DESCRIPTION} (authenticated extended card)`,
    skills: [
      PEER_SKILL,
      {
        id: 'extended-echo',
        name: 'Extended echo',
        description: 'Listed only on the authenticated extended card.',
        tags: ['test', 'extended'],
      },
    ],
  };

  const board = new TaskBoard();
  const pushStore = new InMemoryPushNotificationStore();
  const handler = new DefaultRequestHandler(
    card,
    new InMemoryTaskStore(),
    new PeerExecutor(board),
    new DefaultExecutionEventBusManager(),
    pushStore,
    new DefaultPushNotificationSender(pushStore),
    extendedCard,
  );
  const userBuilder = async (req: express.Request) =>
    hasPeerToken(req.headers) ? new BearerUser() : new UnauthenticatedUser();

  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler }));
  app.use('/a2a/jsonrpc', jsonRpcHandler({ requestHandler: handler, userBuilder }));
  app.use('/a2a/rest', restHandler({ requestHandler: handler, userBuilder }));

  return {
    name: 'v0.3',
    generation: '0.3',
    baseUrl,
    cardUrl: `${baseUrl}/.well-known/agent-card.json`,
    nextStreamOpened: server.nextStreamOpened,
    close: async () => {
      board.shutdown();
      await server.close();
    },
  };
}
