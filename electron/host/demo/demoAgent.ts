// The demo agent built into the app (issue 5, item 7): a real A2A 1.0 agent on @a2a-js/sdk 1.3.0, served by the
// host on 127.0.0.1, so a newcomer sees streaming, chunked artifacts, a multi-turn question and file output within
// a minute of `npm start`, with no agent of their own. What it says is scripted in demoScript.ts.

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import {
  AgentCard,
  Message,
  Task,
  TaskArtifactUpdateEvent,
  TaskState,
  TaskStatusUpdateEvent,
} from '@a2a-js/sdk';
import {
  AgentEvent,
  DefaultRequestHandler,
  InMemoryTaskStore,
  UnauthenticatedUser,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
} from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, restHandler } from '@a2a-js/sdk/server/express';
import { DEMO_SKILLS, planReply, type DemoStep, type DemoTurn, scriptFor } from './demoScript';

export interface DemoAgent {
  url: string;
  close(): Promise<void>;
}

const STATES: Record<DemoStep['state'] & string, string> = {
  working: 'TASK_STATE_WORKING',
  'input-required': 'TASK_STATE_INPUT_REQUIRED',
  completed: 'TASK_STATE_COMPLETED',
  canceled: 'TASK_STATE_CANCELED',
};

export async function startDemoAgent(): Promise<DemoAgent> {
  const app = express();
  app.set('env', 'production');
  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cardJson = {
    name: 'Switchboard demo agent',
    description:
      'A built-in agent to try Switchboard with: it streams, writes artifacts in chunks, asks a question and ' +
      'hands back a file. Pick a skill example to start.',
    version: '1.0.0',
    supportedInterfaces: [
      { url: `${base}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${base}/a2a/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    ],
    provider: { organization: 'Switchboard', url: 'https://github.com/' },
    capabilities: { streaming: true, pushNotifications: false },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain', 'text/markdown', 'text/csv', 'application/json'],
    skills: DEMO_SKILLS,
  };
  // Served as written: @a2a-js/sdk 1.3.0 would otherwise print its in-memory oneofs (see tests/peers/README.md).
  const card = Object.assign(AgentCard.fromJSON(cardJson), { toJSON: () => cardJson });
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new DemoExecutor());
  const userBuilder = async () => new UnauthenticatedUser();
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler }));
  app.use('/a2a/jsonrpc', jsonRpcHandler({ requestHandler: handler, userBuilder }));
  app.use('/a2a/rest', restHandler({ requestHandler: handler, userBuilder }));
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

class DemoExecutor implements AgentExecutor {
  private readonly canceled = new Set<string>();
  private readonly contexts = new Map<string, string>();

  execute = async (context: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const { taskId, contextId } = context;
    this.contexts.set(taskId, contextId);
    const existing = context.task;
    const text = context.userMessage.parts
      .map((part) => (part.content?.$case === 'text' ? part.content.value : ''))
      .join(' ')
      .trim();
    const turn: DemoTurn =
      existing?.status?.state === TaskState.TASK_STATE_INPUT_REQUIRED ? planReply(text) : scriptFor(text);
    if (turn.kind === 'message') {
      bus.publish(AgentEvent.message(Message.fromJSON(agentMessage(turn.text, contextId))));
      return;
    }
    if (existing) bus.publish(AgentEvent.task(existing));
    else {
      const task = Task.fromJSON({
        id: taskId,
        contextId,
        status: { state: 'TASK_STATE_SUBMITTED', timestamp: new Date().toISOString() },
      });
      task.history = [context.userMessage];
      bus.publish(AgentEvent.task(task));
    }
    for (const step of turn.steps) {
      if (this.canceled.has(taskId)) return;
      if (step.delayMs) await new Promise((resolve) => setTimeout(resolve, step.delayMs));
      if (step.state) {
        bus.publish(
          AgentEvent.statusUpdate(
            TaskStatusUpdateEvent.fromJSON({
              taskId,
              contextId,
              status: {
                state: STATES[step.state],
                timestamp: new Date().toISOString(),
                ...(step.say ? { message: agentMessage(step.say, contextId, taskId) } : {}),
              },
            }),
          ),
        );
      }
      if (step.artifact) {
        bus.publish(
          AgentEvent.artifactUpdate(
            TaskArtifactUpdateEvent.fromJSON({
              taskId,
              contextId,
              artifact: {
                artifactId: step.artifact.id,
                name: step.artifact.name,
                parts: step.artifact.parts,
              },
              append: step.artifact.append,
              lastChunk: step.artifact.lastChunk,
            }),
          ),
        );
      }
    }
  };

  cancelTask = async (taskId: string, bus: ExecutionEventBus): Promise<void> => {
    this.canceled.add(taskId);
    bus.publish(
      AgentEvent.statusUpdate(
        TaskStatusUpdateEvent.fromJSON({
          taskId,
          contextId: this.contexts.get(taskId) ?? '',
          status: { state: 'TASK_STATE_CANCELED', timestamp: new Date().toISOString() },
        }),
      ),
    );
  };
}

function agentMessage(text: string, contextId: string, taskId?: string): Record<string, unknown> {
  return {
    messageId: randomUUID(),
    role: 'ROLE_AGENT',
    parts: [{ text, mediaType: 'text/plain' }],
    contextId,
    ...(taskId ? { taskId } : {}),
  };
}
