// A deliberately broken A2A 1.0 agent (JSON-RPC), for the conformance checks (issue 8): its card promises streaming
// and push notifications, and it gets the details wrong in ways a check must catch.
//
// - SendStreamingMessage is answered with plain JSON: streaming declared but not served.
// - Push configs are accepted and never delivered.
// - GetTask of a task it completed says the task is working again: an illegal transition (completed → working).
// - GetTask of an unknown task answers -32603 (internal error) instead of -32001 (TaskNotFoundError).
// - An unknown method answers -32600 (invalid request) instead of -32601 (MethodNotFoundError).
// The conformance probes find what else follows from answering so little: the envelope is never checked (an object
// id is echoed back), a message for an ended task starts a new one, cancel of an unknown task says it cannot be
// canceled, and the extended card the card does not declare is not refused with UnsupportedOperationError.
// SendMessage itself works: a completed task with one text artifact.

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenPeer, readBodyText as readBody, sendJson } from './peerServer';

const json = (res: ServerResponse, value: unknown, status = 200) => sendJson(res, status, value);

export interface BrokenPeerHandle {
  name: 'broken';
  baseUrl: string;
  cardUrl: string;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

export const brokenPeerFaults = [
  'streaming declared but SendStreamingMessage answers plain JSON',
  'push declared but never delivered',
  'GetTask says a completed task is working again',
  'an unknown task gets -32603 instead of -32001',
  'an unknown method gets -32600 instead of -32601',
  'malformed JSON-RPC requests are taken (an object id is echoed back)',
  'a message for an ended task starts a new one',
  'cancel of an unknown task gets -32002 instead of -32001',
  'GetExtendedAgentCard, which the card does not declare, gets -32600 instead of UnsupportedOperationError',
] as const;

export async function startBrokenPeer(options: { port?: number } = {}): Promise<BrokenPeerHandle> {
  const tasks = new Map<string, string>();
  let base = '';
  const server = await listenPeer((req, res) => void handle(req, res), options.port ?? 0);
  base = server.baseUrl;

  const task = (id: string, contextId: string, state: string): Json => ({
    id,
    contextId,
    status: { state, timestamp: new Date().toISOString() },
    artifacts: [{ artifactId: 'echo', name: 'echo', parts: [{ text: 'Broken agent says hello.' }] }],
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'GET' && req.url === '/.well-known/agent-card.json') return json(res, card(base));
    if (req.method !== 'POST' || req.url !== '/rpc') return json(res, { error: 'Not found' }, 404);
    let call: { id?: unknown; method?: unknown; params?: Json };
    try {
      call = JSON.parse(await readBody(req)) as typeof call;
    } catch {
      return json(res, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    }
    const id = call.id ?? null;
    const result = (value: unknown) => json(res, { jsonrpc: '2.0', id, result: value });
    const error = (code: number, message: string) =>
      json(res, { jsonrpc: '2.0', id, error: { code, message } });
    switch (call.method) {
      case 'SendMessage':
      case 'SendStreamingMessage': {
        const taskId = randomUUID();
        const contextId = randomUUID();
        tasks.set(taskId, contextId);
        // The streaming call gets the same plain JSON answer: no event stream, though the card promises one.
        return result({ task: task(taskId, contextId, 'TASK_STATE_COMPLETED') });
      }
      case 'GetTask': {
        const taskId = typeof call.params?.id === 'string' ? call.params.id : '';
        const contextId = tasks.get(taskId);
        if (contextId === undefined) return error(-32603, `Something went wrong looking for task ${taskId}.`);
        return result(task(taskId, contextId, 'TASK_STATE_WORKING'));
      }
      case 'CancelTask':
        return error(-32002, 'Task cannot be canceled.');
      case 'CreateTaskPushNotificationConfig':
        return result({ ...(call.params ?? {}), id: 'cfg' });
      default:
        return error(-32600, 'Invalid request.');
    }
  }

  return {
    name: 'broken',
    baseUrl: base,
    cardUrl: `${base}/.well-known/agent-card.json`,
    close: () => server.close(),
  };
}

function card(base: string): Json {
  return {
    name: 'Broken agent',
    description: `Switchboard test agent that gets things wrong: ${brokenPeerFaults.join('; ')}.`,
    supportedInterfaces: [{ url: `${base}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    version: '1.0.0',
    capabilities: { streaming: true, pushNotifications: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'break', name: 'Break things', description: 'Answers, wrongly.', tags: ['test'] }],
  };
}
