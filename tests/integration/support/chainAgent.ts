// An orchestrator agent for the proxy chain test (PRX-2): an official @a2a-js/sdk 1.3.0 server whose executor, while
// handling a message, asks another agent through the official SDK client and answers with what that agent said. It
// takes part in W3C Trace Context as a real service does (docs/protocol.md#trace-context): it reads the
// traceparent its request carried (the SDK's default call context keeps the request headers in its state) and sends
// a child traceparent on (same trace id, a span id of its own), so a test can tell the two hops of one trace apart.

import { randomBytes, randomUUID } from 'node:crypto';
import express from 'express';
import { AgentCard, Message, type Task } from '@a2a-js/sdk';
import {
  AgentEvent,
  DefaultRequestHandler,
  InMemoryTaskStore,
  STATE_HEADERS_KEY,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
  type RequestHeaders,
} from '@a2a-js/sdk/server';
import { UserBuilder, agentCardHandler, jsonRpcHandler } from '@a2a-js/sdk/server/express';
import { ClientFactory, type Client } from '@a2a-js/sdk/client';
import {
  childTraceparent,
  formatTraceparent,
  parseTraceparent,
  type TraceParent,
} from '../../../shared/wire/traceContext';
import { listenPeer } from '../../peers/peerServer';

/** What the orchestrator saw and sent for one message: the trace context in, the one it passed on. */
export interface ChainCall {
  incoming?: string;
  outgoing?: string;
}

export interface ChainAgent {
  baseUrl: string;
  /** One entry per message handled, in order. */
  calls: ChainCall[];
  close(): Promise<void>;
}

const random = (length: number) => new Uint8Array(randomBytes(length));

function headerOf(headers: RequestHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  return Array.isArray(value) ? value[0] : value;
}

function textOf(result: Message | Task): string {
  const parts = 'role' in result ? result.parts : (result.artifacts ?? []).flatMap((a) => a.parts);
  return parts.map((part) => (part.content?.$case === 'text' ? part.content.value : '')).join('');
}

function userMessage(text: string): Message {
  return Message.fromJSON({ messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }] });
}

class ChainExecutor implements AgentExecutor {
  private client: Promise<Client> | undefined;

  constructor(
    private readonly downstreamUrl: string,
    private readonly calls: ChainCall[],
    private readonly propagate: boolean,
  ) {}

  execute = async (context: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const headers = context.context?.state.get(STATE_HEADERS_KEY) as RequestHeaders | undefined;
    const incoming = headerOf(headers, 'traceparent');
    const parsed: TraceParent | undefined = incoming ? parseTraceparent(incoming).value : undefined;
    const outgoing =
      parsed && this.propagate ? formatTraceparent(childTraceparent(parsed, random)) : undefined;
    this.calls.push({ ...(incoming ? { incoming } : {}), ...(outgoing ? { outgoing } : {}) });
    // The card is read once, outside any trace: only the message itself is the work done for the caller.
    this.client ??= new ClientFactory().createFromUrl(this.downstreamUrl);
    const client = await this.client;
    const text = context.userMessage.parts
      .map((p) => (p.content?.$case === 'text' ? p.content.value : ''))
      .join('');
    const answer = await client.sendMessage(
      { tenant: '', message: userMessage(text), configuration: undefined, metadata: undefined },
      outgoing ? { serviceParameters: { traceparent: outgoing } } : undefined,
    );
    const reply = Message.fromJSON({
      messageId: randomUUID(),
      role: 'ROLE_AGENT',
      contextId: context.contextId,
      parts: [{ text: `Asked on: ${textOf(answer as Message | Task)}`, mediaType: 'text/plain' }],
    });
    bus.publish(AgentEvent.message(reply));
  };

  cancelTask = async (): Promise<void> => undefined;
}

/**
 * Starts the orchestrator on 127.0.0.1 (a free port), asking the agent whose card is at `downstreamUrl`. With
 * `propagate: false` it drops the trace context, as an agent that does not take part in tracing does.
 */
export async function startChainAgent(
  downstreamUrl: string,
  options: { propagate?: boolean } = {},
): Promise<ChainAgent> {
  const app = express();
  app.set('env', 'production');
  const server = await listenPeer(app);
  const cardJson = {
    name: 'Switchboard chain orchestrator',
    description: 'Asks another agent and answers with what it said.',
    version: '1.0.0',
    supportedInterfaces: [
      { url: `${server.baseUrl}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    ],
    capabilities: { streaming: false, pushNotifications: false },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'ask-on', name: 'Ask on', description: 'Passes the message on.', tags: ['test'] }],
  };
  // Served as wire JSON, as the 1.0 test peer does (tests/peers/v10Peer.ts).
  const card = Object.assign(AgentCard.fromJSON(cardJson), { toJSON: () => cardJson });
  const calls: ChainCall[] = [];
  const handler = new DefaultRequestHandler(
    card,
    new InMemoryTaskStore(),
    new ChainExecutor(downstreamUrl, calls, options.propagate ?? true),
  );
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler }));
  app.use(
    '/a2a/jsonrpc',
    jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }),
  );
  return { baseUrl: server.baseUrl, calls, close: () => server.close() };
}
