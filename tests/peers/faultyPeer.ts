// Hand-written A2A 1.0 agents (JSON-RPC and HTTP+JSON on node:http) for the conformance probes: one agent that does
// everything right, and one per fault family the probes look for, each wrong in that one way only. Every agent lives
// under its own path: `<baseUrl>/<fault>/.well-known/agent-card.json`, JSON-RPC at `/<fault>/rpc`, HTTP+JSON at
// `/<fault>/rest` (`<fault>` is `correct` for the agent without a fault).
//
// What a correct agent does, and so what each fault breaks:
// - JSON-RPC 2.0 envelopes are checked: a body that is not JSON gets -32700; a wrong or missing `jsonrpc`, a missing
//   `method`, an `id` that is not a string, number or null, `params` that are not an object get -32600 (or -32602);
//   an unknown method gets -32601. A request without `A2A-Version: 1.0` gets -32009 (A2A 1.0 reads it as 0.3).
// - SendMessage completes the task with one artifact (text containing "slow": the task stays working until canceled);
//   the task's history holds the user's message and the agent's answer. A message for a task that has ended gets
//   UnsupportedOperationError (-32004).
// - GetTask honours `historyLength` (0: no history). CancelTask cancels a working task; an unknown task gets
//   TaskNotFoundError (-32001), a finished one TaskNotCancelableError (-32002). ListTasks lists. Streaming, push and
//   the extended card are not declared, and their methods say UnsupportedOperation / PushNotificationNotSupported.
// - HTTP+JSON answers the same with A2A 1.0's statuses and google.rpc.Status bodies carrying an ErrorInfo reason.
// - Every URL on the card is https.

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenPeer, readBodyText as readBody, sendJson as send } from './peerServer';

export const faultyPeerFaults = [
  'lenient-envelope',
  'no-cancel',
  'ignores-history',
  'reopens-terminal',
  'wrong-cancel-codes',
  'rest-statuses',
  'unsafe-card-urls',
] as const;
export type FaultyPeerFault = (typeof faultyPeerFaults)[number];
export type FaultyAgent = FaultyPeerFault | 'correct';

/** What each fault does, in words (the README and the tests' titles). */
export const faultyPeerNotes: Record<FaultyPeerFault, string> = {
  'lenient-envelope':
    'JSON-RPC: answers requests with a wrong or missing jsonrpc, no method (as SendMessage) or an object id as if they were fine, and a body that is not JSON with -32603',
  'no-cancel': 'has no CancelTask: JSON-RPC -32601, HTTP+JSON 404 for :cancel',
  'ignores-history': 'GetTask returns the whole history whatever historyLength asks',
  'reopens-terminal': 'a message for a completed task is taken, and the task completes again',
  'wrong-cancel-codes':
    'cancel of an unknown task gets -32603 (HTTP 500); cancel of a finished task succeeds',
  'rest-statuses':
    'HTTP+JSON answers every A2A error with 500 and a bare {"message"} body (JSON-RPC is right)',
  'unsafe-card-urls':
    'the card’s documentationUrl is javascript:, its iconUrl data:, its provider URL javascript:',
};

export interface FaultyPeerHandle {
  baseUrl: string;
  /** The base URL of one agent: open it as you would any agent. */
  agentUrl(agent: FaultyAgent): string;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

interface StoredTask {
  id: string;
  contextId: string;
  state: string;
  history: Json[];
  artifacts: Json[];
}

/** An A2A error in both bindings' terms. */
interface A2AFault {
  code: number;
  reason: string;
  http: number;
  grpc: string;
  message: string;
}

const errors = {
  taskNotFound: (id: string): A2AFault => ({
    code: -32001,
    reason: 'TASK_NOT_FOUND',
    http: 404,
    grpc: 'NOT_FOUND',
    message: `Task ${id} not found.`,
  }),
  notCancelable: (id: string): A2AFault => ({
    code: -32002,
    reason: 'TASK_NOT_CANCELABLE',
    http: 400,
    grpc: 'FAILED_PRECONDITION',
    message: `Task ${id} has ended and cannot be canceled.`,
  }),
  unsupported: (what: string): A2AFault => ({
    code: -32004,
    reason: 'UNSUPPORTED_OPERATION',
    http: 400,
    grpc: 'FAILED_PRECONDITION',
    message: what,
  }),
  pushUnsupported: (): A2AFault => ({
    code: -32003,
    reason: 'PUSH_NOTIFICATION_NOT_SUPPORTED',
    http: 400,
    grpc: 'FAILED_PRECONDITION',
    message: 'This agent does not send push notifications.',
  }),
  invalidParams: (what: string): A2AFault => ({
    code: -32602,
    reason: 'INVALID_PARAMS',
    http: 400,
    grpc: 'INVALID_ARGUMENT',
    message: what,
  }),
  internal: (what: string): A2AFault => ({
    code: -32603,
    reason: 'INTERNAL',
    http: 500,
    grpc: 'INTERNAL',
    message: what,
  }),
};

export async function startFaultyPeer(options: { port?: number } = {}): Promise<FaultyPeerHandle> {
  const agents = new Map<FaultyAgent, Map<string, StoredTask>>(
    (['correct', ...faultyPeerFaults] as FaultyAgent[]).map((agent) => [agent, new Map()]),
  );
  const server = await listenPeer(
    (req, res) => void route(req, res).catch(() => res.destroy()),
    options.port ?? 0,
  );
  const base = server.baseUrl;

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', base);
    const [, agentName, ...segments] = url.pathname.split('/');
    const agent = agentName as FaultyAgent;
    const tasks = agents.get(agent);
    if (!tasks)
      return send(res, 404, { error: { code: 404, status: 'NOT_FOUND', message: 'No such agent.' } });
    const path = `/${segments.join('/')}`;
    if (req.method === 'GET' && path === '/.well-known/agent-card.json')
      return send(res, 200, card(base, agent));
    const body = await readBody(req);
    if (path === '/rpc' && req.method === 'POST') return rpc(agent, tasks, req, body, res);
    if (path.startsWith('/rest/')) return rest(agent, tasks, req, path.slice('/rest'.length), url, body, res);
    return send(res, 404, {
      error: { code: 404, status: 'NOT_FOUND', message: `No route ${req.method} ${path}.` },
    });
  }

  function rpc(
    agent: FaultyAgent,
    tasks: Map<string, StoredTask>,
    req: IncomingMessage,
    body: string,
    res: ServerResponse,
  ): void {
    const lenient = agent === 'lenient-envelope';
    const reply = (
      id: unknown,
      outcome: { result: unknown } | { error: A2AFault | { code: number; message: string } },
    ) =>
      send(res, 200, {
        jsonrpc: '2.0',
        id: id ?? null,
        ...('result' in outcome
          ? { result: outcome.result }
          : {
              error: {
                code: outcome.error.code,
                message: outcome.error.message,
                ...('reason' in outcome.error ? { data: [errorInfo(outcome.error.reason)] } : {}),
              },
            }),
      });
    let call: unknown;
    try {
      call = JSON.parse(body);
    } catch {
      return reply(null, {
        error: lenient
          ? errors.internal('Something broke.')
          : { code: -32700, message: 'Parse error: the body is not JSON.' },
      });
    }
    const envelope = isObject(call) ? call : undefined;
    const id = envelope?.id;
    const badId = id !== undefined && id !== null && typeof id !== 'string' && typeof id !== 'number';
    if (!lenient) {
      const invalid = (message: string) => reply(badId ? null : id, { error: { code: -32600, message } });
      if (!envelope) return invalid('Invalid request: not a JSON-RPC request object.');
      if (envelope.jsonrpc !== '2.0') return invalid('Invalid request: jsonrpc must be "2.0".');
      if (typeof envelope.method !== 'string') return invalid('Invalid request: method is missing.');
      if (badId) return invalid('Invalid request: id must be a string, a number or null.');
      if (envelope.params !== undefined && !isObject(envelope.params))
        return reply(id, { error: errors.invalidParams('Invalid params: params must be an object.') });
    }
    if (req.headers['a2a-version'] !== '1.0') {
      return reply(id, {
        error: {
          code: -32009,
          reason: 'VERSION_NOT_SUPPORTED',
          http: 400,
          grpc: 'FAILED_PRECONDITION',
          message: 'Only A2A 1.0 is spoken here.',
        },
      });
    }
    const method = typeof envelope?.method === 'string' ? envelope.method : 'SendMessage';
    const params = isObject(envelope?.params) ? envelope.params : {};
    const outcome = operate(agent, tasks, method, params);
    if (outcome === 'no-method')
      return reply(id, { error: { code: -32601, message: `Method not found: ${method}.` } });
    reply(id, outcome);
  }

  function rest(
    agent: FaultyAgent,
    tasks: Map<string, StoredTask>,
    req: IncomingMessage,
    path: string,
    url: URL,
    body: string,
    res: ServerResponse,
  ): void {
    const answer = (outcome: { result: unknown } | { error: A2AFault } | 'no-method') => {
      if (outcome === 'no-method')
        return send(res, 404, {
          error: { code: 404, status: 'NOT_FOUND', message: `No route ${req.method} ${path}.` },
        });
      if ('result' in outcome) return send(res, 200, outcome.result, 'application/a2a+json');
      const error = outcome.error;
      if (agent === 'rest-statuses') return send(res, 500, { message: error.message });
      send(
        res,
        error.http,
        {
          error: {
            code: error.http,
            status: error.grpc,
            message: error.message,
            details: [errorInfo(error.reason)],
          },
        },
        'application/a2a+json',
      );
    };
    let params: Json = {};
    if (req.method === 'POST' && body.trim() !== '') {
      try {
        const parsed: unknown = JSON.parse(body);
        if (!isObject(parsed))
          return answer({ error: errors.invalidParams('The body must be a JSON object.') });
        params = parsed;
      } catch {
        return answer({ error: errors.invalidParams('The body is not JSON.') });
      }
    }
    const query = Object.fromEntries(url.searchParams);
    const history = query.historyLength !== undefined ? { historyLength: Number(query.historyLength) } : {};
    let match: RegExpExecArray | null;
    if (req.method === 'POST' && path === '/message:send')
      return answer(operate(agent, tasks, 'SendMessage', params));
    if (req.method === 'POST' && path === '/message:stream')
      return answer(operate(agent, tasks, 'SendStreamingMessage', params));
    if (req.method === 'GET' && path === '/tasks') return answer(operate(agent, tasks, 'ListTasks', query));
    if ((match = /^\/tasks\/([^/:]+):cancel$/.exec(path)) && req.method === 'POST')
      return answer(operate(agent, tasks, 'CancelTask', { id: decodeURIComponent(match[1]!) }));
    if ((match = /^\/tasks\/([^/:]+):subscribe$/.exec(path)))
      return answer(operate(agent, tasks, 'SubscribeToTask', { id: decodeURIComponent(match[1]!) }));
    if ((match = /^\/tasks\/([^/:]+)\/pushNotificationConfigs/.exec(path)))
      return answer(
        operate(agent, tasks, 'ListTaskPushNotificationConfigs', { taskId: decodeURIComponent(match[1]!) }),
      );
    if ((match = /^\/tasks\/([^/:]+)$/.exec(path)) && req.method === 'GET')
      return answer(operate(agent, tasks, 'GetTask', { id: decodeURIComponent(match[1]!), ...history }));
    if (req.method === 'GET' && path === '/extendedAgentCard')
      return answer(operate(agent, tasks, 'GetExtendedAgentCard', {}));
    answer('no-method');
  }

  return {
    baseUrl: base,
    agentUrl: (agent) => `${base}/${agent}`,
    close: () => server.close(),
  };
}

/** One A2A 1.0 operation, the same in both bindings; a fault changes only what it names. */
function operate(
  agent: FaultyAgent,
  tasks: Map<string, StoredTask>,
  method: string,
  params: Json,
): { result: unknown } | { error: A2AFault } | 'no-method' {
  switch (method) {
    case 'SendMessage': {
      const message = isObject(params.message) ? params.message : undefined;
      if (!message || !Array.isArray(message.parts) || typeof message.messageId !== 'string')
        return { error: errors.invalidParams('params.message needs messageId and parts.') };
      const text = message.parts
        .map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : ''))
        .join(' ');
      const taskId = typeof message.taskId === 'string' ? message.taskId : undefined;
      if (taskId !== undefined) {
        const task = tasks.get(taskId);
        if (!task) return { error: errors.taskNotFound(taskId) };
        if (TERMINAL.has(task.state) && agent !== 'reopens-terminal')
          return { error: errors.unsupported(`Task ${taskId} has ended (${task.state}); start a new one.`) };
        task.history.push(message, agentMessage(task, `Noted: ${text}`));
        task.state = 'TASK_STATE_COMPLETED';
        return { result: { task: view(task) } };
      }
      const task: StoredTask = {
        id: randomUUID(),
        contextId: typeof message.contextId === 'string' ? message.contextId : randomUUID(),
        state: /slow/i.test(text) ? 'TASK_STATE_WORKING' : 'TASK_STATE_COMPLETED',
        history: [],
        artifacts: [],
      };
      task.history.push({ ...message, taskId: task.id, contextId: task.contextId });
      if (task.state === 'TASK_STATE_COMPLETED') {
        task.history.push(agentMessage(task, `Echo: ${text}`));
        task.artifacts.push({ artifactId: 'echo', name: 'echo', parts: [{ text: `Echo: ${text}` }] });
      }
      tasks.set(task.id, task);
      return { result: { task: view(task) } };
    }
    case 'GetTask': {
      const id = typeof params.id === 'string' ? params.id : '';
      const task = tasks.get(id);
      if (!task) return { error: errors.taskNotFound(id) };
      const length =
        agent === 'ignores-history'
          ? undefined
          : typeof params.historyLength === 'number'
            ? params.historyLength
            : undefined;
      return { result: view(task, length) };
    }
    case 'CancelTask': {
      if (agent === 'no-cancel') return 'no-method';
      const id = typeof params.id === 'string' ? params.id : '';
      const task = tasks.get(id);
      if (!task)
        return {
          error:
            agent === 'wrong-cancel-codes'
              ? errors.internal(`Something went wrong with ${id}.`)
              : errors.taskNotFound(id),
        };
      if (TERMINAL.has(task.state)) {
        if (agent === 'wrong-cancel-codes') return { result: view(task) };
        return { error: errors.notCancelable(id) };
      }
      task.state = 'TASK_STATE_CANCELED';
      return { result: view(task) };
    }
    case 'ListTasks':
      return {
        result: {
          tasks: [...tasks.values()]
            .filter((task) => params.contextId === undefined || task.contextId === params.contextId)
            .map((task) => view(task, 0)),
          nextPageToken: '',
          pageSize: tasks.size,
          totalSize: tasks.size,
        },
      };
    case 'SendStreamingMessage':
    case 'SubscribeToTask':
      return { error: errors.unsupported('This agent does not stream (its card says streaming: false).') };
    case 'CreateTaskPushNotificationConfig':
    case 'GetTaskPushNotificationConfig':
    case 'ListTaskPushNotificationConfigs':
    case 'DeleteTaskPushNotificationConfig':
      return { error: errors.pushUnsupported() };
    case 'GetExtendedAgentCard':
      return { error: errors.unsupported('This agent has no extended card.') };
    default:
      return 'no-method';
  }
}

const TERMINAL = new Set([
  'TASK_STATE_COMPLETED',
  'TASK_STATE_CANCELED',
  'TASK_STATE_FAILED',
  'TASK_STATE_REJECTED',
]);

function view(task: StoredTask, historyLength?: number): Json {
  const history =
    historyLength === undefined ? task.history : historyLength <= 0 ? [] : task.history.slice(-historyLength);
  return {
    id: task.id,
    contextId: task.contextId,
    status: { state: task.state, timestamp: new Date().toISOString() },
    ...(task.artifacts.length > 0 ? { artifacts: task.artifacts } : {}),
    ...(history.length > 0 ? { history } : {}),
  };
}

function agentMessage(task: StoredTask, text: string): Json {
  return {
    messageId: randomUUID(),
    role: 'ROLE_AGENT',
    parts: [{ text }],
    taskId: task.id,
    contextId: task.contextId,
  };
}

function errorInfo(reason: string): Json {
  return { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'a2a-protocol.org' };
}

function card(base: string, agent: FaultyAgent): Json {
  const unsafe = agent === 'unsafe-card-urls';
  return {
    name: `Faulty ${agent}`,
    description:
      agent === 'correct'
        ? 'Switchboard test agent that does everything the conformance probes check.'
        : `Switchboard test agent, wrong in one way: ${faultyPeerNotes[agent]}.`,
    version: '1.0.0',
    supportedInterfaces: [
      { url: `${base}/${agent}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${base}/${agent}/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    ],
    provider: {
      organization: 'Switchboard tests',
      url: unsafe ? 'javascript:alert(document.domain)' : 'https://example.com/switchboard',
    },
    documentationUrl: unsafe ? 'javascript:alert(document.cookie)' : 'https://example.com/switchboard/docs',
    iconUrl: unsafe
      ? 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'
      : 'https://example.com/switchboard/icon.png',
    capabilities: { streaming: false, pushNotifications: false },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [
      {
        id: 'echo',
        name: 'Echo',
        description: 'Echoes; "slow" keeps the task working until canceled.',
        tags: ['test'],
      },
    ],
  };
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
