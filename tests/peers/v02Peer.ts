// The 0.2 test peer: @a2a-js/sdk 0.2.5 (npm alias a2a-sdk-v02) with its A2AExpressApp, DefaultRequestHandler and
// InMemoryTaskStore. JSON-RPC at `/`, card at `/.well-known/agent.json`. The SDK stores push configs (set/get) but
// never delivers them, and has neither push list/delete nor an extended card.

import express from 'express';
import type { AgentCard } from 'a2a-sdk-v02';
import {
  A2AExpressApp,
  DefaultRequestHandler,
  InMemoryTaskStore,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
  type TaskStore,
} from 'a2a-sdk-v02/server';
import { PEER_DESCRIPTION, PEER_SKILL, TaskBoard, perform, type Outlet } from './behaviour';
import { agentMessage, artifactUpdate, fromKindParts, newTask, statusUpdate } from './kindModel';
import { listenPeer } from './peerServer';
import type { PeerHandle, PeerOptions } from './types';

type TaskSnapshot = Awaited<ReturnType<TaskStore['load']>>;

/**
 * The SDK's store plus a way to wait for a state. 0.2.5's cancel reads the store right after the executor's
 * cancelTask returns, while the canceled event is still being saved by another loop; waiting here makes the cancel
 * response show `canceled` every time.
 */
class ObservableTaskStore implements TaskStore {
  private readonly inner = new InMemoryTaskStore();
  private waiters: Array<{ taskId: string; state: string; resolve: () => void }> = [];

  async load(taskId: string): Promise<TaskSnapshot> {
    return this.inner.load(taskId);
  }

  async save(task: NonNullable<TaskSnapshot>): Promise<void> {
    await this.inner.save(task);
    const ready = this.waiters.filter((w) => w.taskId === task.id && w.state === task.status.state);
    this.waiters = this.waiters.filter((w) => !ready.includes(w));
    for (const waiter of ready) waiter.resolve();
  }

  async waitForState(taskId: string, state: string): Promise<void> {
    const current = await this.inner.load(taskId);
    if (current?.status.state === state) return;
    await new Promise<void>((resolve) => this.waiters.push({ taskId, state, resolve }));
  }
}

class PeerExecutor implements AgentExecutor {
  constructor(
    private readonly board: TaskBoard,
    private readonly store: ObservableTaskStore,
  ) {}

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

  cancelTask = async (taskId: string, bus: ExecutionEventBus): Promise<void> => {
    const contextId = this.board.contextOf(taskId) ?? '';
    bus.publish(statusUpdate(taskId, contextId, 'canceled', 'Canceled at the client’s request.'));
    this.board.cancel(taskId);
    await this.store.waitForState(taskId, 'canceled');
  };
}

export async function startV02Peer(options: PeerOptions = {}): Promise<PeerHandle> {
  // Routes are mounted once the port (and so every URL on the card) is known.
  const app = express();
  // Error pages without stack traces: recorded fixtures must not carry this machine's paths.
  app.set('env', 'production');
  const server = await listenPeer(app, options.port);
  const { baseUrl } = server;

  // 0.2.5's generated AgentCard type predates `protocolVersion`; the 0.2.5 schema requires it, so it is added here.
  const card: AgentCard & { protocolVersion: string } = {
    protocolVersion: '0.2.5',
    name: 'Switchboard test peer (A2A 0.2)',
    description: PEER_DESCRIPTION,
    url: `${baseUrl}/`,
    provider: { organization: 'Switchboard tests', url: baseUrl },
    version: '1.0.0',
    capabilities: { streaming: true, pushNotifications: true, stateTransitionHistory: false },
    defaultInputModes: ['text/plain', 'application/json', 'application/octet-stream'],
    defaultOutputModes: ['text/plain', 'application/json'],
    skills: [{ ...PEER_SKILL, inputModes: ['text/plain'], outputModes: ['text/plain', 'application/json'] }],
    supportsAuthenticatedExtendedCard: false,
  };

  const board = new TaskBoard();
  const store = new ObservableTaskStore();
  const handler = new DefaultRequestHandler(card, store, new PeerExecutor(board, store));
  // The SDK brings express 4 and types setupRoutes with express 4's `Express`; it only calls `app.use(router)`,
  // which an express 5 app provides, so the app crosses over as the SDK's own parameter type.
  new A2AExpressApp(handler).setupRoutes(app as unknown as Parameters<A2AExpressApp['setupRoutes']>[0], '');

  return {
    name: 'v0.2',
    generation: '0.2',
    baseUrl,
    cardUrl: `${baseUrl}/.well-known/agent.json`,
    nextStreamOpened: server.nextStreamOpened,
    close: async () => {
      board.shutdown();
      await server.close();
    },
  };
}
