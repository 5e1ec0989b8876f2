// A plain HTTP agent of the simplified REST kind tutorials teach, which is not A2A at all: a pre-0.2 style card at
// `/.well-known/agent.json` (so Switchboard reads it as 0.1), tasks created with `POST /tasks` and an `X-API-Key`,
// `GET /tasks/{id}`, the whole task as Server-Sent Events on each change at `GET /tasks/{id}/stream`, and answers to an
// `input_required` task at `POST /tasks/{id}/messages`. There is no JSON-RPC endpoint: the app must read its answers
// as generic HTTP (docs/protocol.md#plain-rest-agents).
//
// Deterministic and timer-free: a task does nothing until it is first streamed or fetched; then it runs at once to
// `input_required` (its message contains "ask") or to `completed` with an artifact. Each change goes to every open
// stream of the task, which ends once the task is terminal.

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenPeer, readBodyText, sendJson } from './peerServer';
import type { StreamOpened } from './types';

export const SIMPLE_REST_PEER = { apiKey: 'simple-rest-key', header: 'X-API-Key' } as const;

export type SimpleTaskState = 'submitted' | 'working' | 'input_required' | 'completed';

export interface SimpleTask {
  id: string;
  status: { state: SimpleTaskState; timestamp: string };
  history: Array<{ role: 'user' | 'agent'; text: string }>;
  artifacts: Array<{ name: string; text: string }>;
}

export interface SimpleRestPeerHandle {
  name: 'simple-rest';
  baseUrl: string;
  cardUrl: string;
  /** Resolves once the next event stream has written its first event. */
  nextStreamOpened(): Promise<StreamOpened>;
  /** The ids of the tasks created so far, oldest first. */
  taskIds(): string[];
  /** Resolves when the task reaches `state` (at once when it is already there). */
  taskReached(taskId: string, state: SimpleTaskState): Promise<SimpleTask>;
  close(): Promise<void>;
}

interface Held {
  task: SimpleTask;
  started: boolean;
  /** Events written so far, for the `id:` lines. */
  version: number;
  streams: Set<ServerResponse>;
  waiters: Array<{ state: SimpleTaskState; resolve: (task: SimpleTask) => void }>;
}

const TERMINAL: ReadonlySet<SimpleTaskState> = new Set(['completed']);

export async function startSimpleRestPeer(options: { port?: number } = {}): Promise<SimpleRestPeerHandle> {
  const tasks = new Map<string, Held>();
  let base = '';
  const server = await listenPeer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      sendJson(res, 500, { error: 'internal', message: String(error) }),
    );
  }, options.port ?? 0);
  base = server.baseUrl;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?', 1)[0]!;
    if (req.method === 'GET' && path === '/.well-known/agent.json') return sendJson(res, 200, card(base));
    const route = /^\/tasks(?:\/([^/]+)(?:\/(stream|messages))?)?$/.exec(path);
    if (!route)
      return sendJson(res, 404, { error: 'not_found', message: `No route for ${req.method} ${path}.` });
    if (req.headers['x-api-key'] !== SIMPLE_REST_PEER.apiKey) {
      return sendJson(res, 401, { error: 'unauthorized', message: 'Send a valid X-API-Key header.' });
    }
    const [, id, action] = route;
    if (id === undefined) {
      if (req.method !== 'POST') return notAllowed(res, 'POST');
      return create(req, res);
    }
    const held = tasks.get(decodeURIComponent(id));
    if (!held) return sendJson(res, 404, { error: 'task_not_found', message: `No task ${id}.` });
    if (action === 'stream') return req.method === 'GET' ? stream(held, res) : notAllowed(res, 'GET');
    if (action === 'messages')
      return req.method === 'POST' ? answer(held, req, res) : notAllowed(res, 'POST');
    if (req.method !== 'GET') return notAllowed(res, 'GET');
    start(held);
    return sendJson(res, 200, held.task);
  }

  async function create(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const message = messageOf(await readBodyText(req));
    if (message === undefined) {
      return sendJson(res, 400, { error: 'bad_request', message: 'The body must be {"message": "<text>"}.' });
    }
    const task: SimpleTask = {
      id: `task-${randomUUID()}`,
      status: { state: 'submitted', timestamp: new Date().toISOString() },
      history: [{ role: 'user', text: message }],
      artifacts: [],
    };
    tasks.set(task.id, { task, started: false, version: 0, streams: new Set(), waiters: [] });
    sendJson(res, 201, task);
  }

  function stream(held: Held, res: ServerResponse): void {
    // Set apart from writeHead so the listener sees the content type and can announce the stream (peerServer.ts).
    res.setHeader('Content-Type', 'text/event-stream');
    res.setHeader('Cache-Control', 'no-cache');
    res.writeHead(200);
    held.streams.add(res);
    res.on('close', () => held.streams.delete(res));
    write(held, res, 'snapshot');
    if (TERMINAL.has(held.task.status.state)) return void res.end();
    start(held);
  }

  async function answer(held: Held, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const message = messageOf(await readBodyText(req));
    if (message === undefined) {
      return sendJson(res, 400, { error: 'bad_request', message: 'The body must be {"message": "<text>"}.' });
    }
    if (held.task.status.state !== 'input_required') {
      const state = held.task.status.state;
      return sendJson(res, 409, { error: 'conflict', message: `The task is ${state}, not input_required.` });
    }
    held.task.history.push({ role: 'user', text: message });
    change(held, 'working');
    held.task.artifacts.push({ name: 'answer', text: `Thanks, noted: ${message}` });
    change(held, 'completed');
    sendJson(res, 200, held.task);
  }

  /** Runs a task the first time someone looks at it: to input_required when it asks, else to completed. */
  function start(held: Held): void {
    if (held.started) return;
    held.started = true;
    change(held, 'working');
    const first = held.task.history[0]?.text ?? '';
    if (/ask/i.test(first)) {
      held.task.history.push({ role: 'agent', text: 'Which colour would you like?' });
      change(held, 'input_required');
      return;
    }
    held.task.artifacts.push({ name: 'echo', text: `Echo: ${first}` });
    change(held, 'completed');
  }

  function change(held: Held, state: SimpleTaskState): void {
    held.task.status = { state, timestamp: new Date().toISOString() };
    for (const res of held.streams) {
      write(held, res, 'status');
      if (TERMINAL.has(state)) res.end();
    }
    const ready = held.waiters.filter((w) => w.state === state);
    held.waiters = held.waiters.filter((w) => w.state !== state);
    for (const waiter of ready) waiter.resolve(structuredClone(held.task));
  }

  return {
    name: 'simple-rest',
    baseUrl: base,
    cardUrl: `${base}/.well-known/agent.json`,
    nextStreamOpened: server.nextStreamOpened,
    taskIds: () => [...tasks.keys()],
    taskReached(taskId, state) {
      const held = tasks.get(taskId);
      if (!held) return Promise.reject(new Error(`No task ${taskId} on the simple REST peer.`));
      if (held.task.status.state === state) return Promise.resolve(structuredClone(held.task));
      return new Promise((resolve) => held.waiters.push({ state, resolve }));
    },
    close: server.close,
  };
}

/** One SSE event holding the whole task, named and numbered. */
function write(held: Held, res: ServerResponse, event: 'snapshot' | 'status'): void {
  held.version++;
  res.write(`event: ${event}\nid: ${held.version}\ndata: ${JSON.stringify(held.task)}\n\n`);
}

function messageOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { message?: unknown } | null;
    return typeof body?.message === 'string' && body.message !== '' ? body.message : undefined;
  } catch {
    return undefined;
  }
}

function notAllowed(res: ServerResponse, allow: string): void {
  res.setHeader('Allow', allow);
  sendJson(res, 405, { error: 'method_not_allowed', message: `Use ${allow} here.` });
}

/** The card as such tutorials write it: pre-0.2 fields, an `authentication.schemes` list, no JSON-RPC anywhere. */
function card(base: string) {
  return {
    name: 'Simple REST agent',
    description: 'A plain HTTP task API with an API key; not A2A.',
    url: base,
    version: '1.0.0',
    capabilities: { streaming: true, pushNotifications: false },
    authentication: { schemes: ['apikey'] },
    defaultInputModes: ['text'],
    defaultOutputModes: ['text'],
    skills: [
      { id: 'echo', name: 'Echo', description: 'Echoes the message; asks a question when told to ask.' },
    ],
  };
}
