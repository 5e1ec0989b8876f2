// The 0.1 test peer, hand-written on node:http because no SDK implements 0.1
// (docs/protocol.md#the-official-sdk-as-a-test-peer). It follows the v0.1.0 schema: card at /.well-known/agent.json,
// JSON-RPC at the card's url (/a2a), client-generated task ids and sessionId, Part `type`, artifacts chunked with
// index/append/lastChunk, SSE ending on `final: true`, and the 0.1 error codes. Push follows the 0.1 samples: the
// webhook URL is verified with a `validationToken` challenge, and every state change POSTs the full Task with
// `Authorization: Bearer <JWT>` (RS256, `kid`, `iat`, `request_body_sha256`), the key published at
// /.well-known/jwks.json.

import { createHash, generateKeyPair, randomUUID, sign, type KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
import { listenPeer } from './peerServer';
import type { PeerHandle, PeerOptions } from './types';

type Json = Record<string, unknown>;

type Part01 =
  | { type: 'text'; text: string; metadata?: Json }
  | {
      type: 'file';
      file: { name?: string; mimeType?: string; bytes?: string; uri?: string };
      metadata?: Json;
    }
  | { type: 'data'; data: Json; metadata?: Json };

interface Message01 {
  role: 'user' | 'agent';
  parts: Part01[];
  metadata?: Json;
}

interface Status01 {
  state: PeerTaskState;
  message?: Message01;
  timestamp: string;
}

interface Artifact01 {
  name?: string;
  parts: Part01[];
  index: number;
  append?: boolean;
  lastChunk?: boolean;
}

interface Task01 {
  id: string;
  sessionId: string;
  status: Status01;
  artifacts: Artifact01[];
  history: Message01[];
  metadata?: Json;
}

type Event01 = { id: string; status: Status01; final: boolean } | { id: string; artifact: Artifact01 };

interface PushConfig01 {
  url: string;
  token?: string;
  authentication?: { schemes: string[]; credentials?: string };
}

interface TaskRecord {
  task: Task01;
  push?: PushConfig01;
  listeners: Set<(event: Event01) => void>;
  deliveries: Promise<void>;
  running: boolean;
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: Json,
  ) {
    super(message);
  }
}

// The v0.1.0 schema's own default messages (docs/protocol.md#json-rpc-error-codes).
const invalidParams = (detail: string) => new RpcError(-32602, 'Invalid parameters', { detail });
const taskNotFound = (id: string) => new RpcError(-32001, 'Task not found', { id });

const TERMINAL: readonly PeerTaskState[] = ['completed', 'canceled', 'failed'];
const MAX_BODY_BYTES = 1024 * 1024;

export async function startV01Peer(options: PeerOptions = {}): Promise<PeerHandle> {
  const keys = await newSigningKey();
  const tasks = new Map<string, TaskRecord>();
  const board = new TaskBoard();
  let card: Json = {};

  const server = await listenPeer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(res, 500, { error: error instanceof Error ? error.message : String(error) });
      else res.end();
    });
  }, options.port);
  const { baseUrl } = server;
  card = {
    name: 'Switchboard test peer (A2A 0.1)',
    description: PEER_DESCRIPTION,
    url: `${baseUrl}/a2a`,
    provider: { organization: 'Switchboard tests', url: baseUrl },
    version: '1.0.0',
    capabilities: { streaming: true, pushNotifications: true, stateTransitionHistory: false },
    // No authentication is needed; the 0.1-only `authentication` object is still present, with no schemes.
    authentication: { schemes: [] },
    defaultInputModes: ['text', 'file', 'data'],
    defaultOutputModes: ['text', 'file', 'data'],
    skills: [{ ...PEER_SKILL, inputModes: ['text', 'file', 'data'], outputModes: ['text', 'file', 'data'] }],
  };

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', baseUrl).pathname;
    if (path === '/.well-known/agent.json' && req.method === 'GET') return sendJson(res, 200, card);
    if (path === '/.well-known/jwks.json' && req.method === 'GET')
      return sendJson(res, 200, { keys: [keys.jwk] });
    if (path === '/a2a') {
      if (req.method !== 'POST') return sendJson(res, 405, { error: 'Use POST for JSON-RPC' });
      return handleRpc(req, res);
    }
    sendJson(res, 404, { error: `Not found: ${path}` });
  }

  async function handleRpc(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    if (raw === undefined) return sendJson(res, 413, { error: `Request body over ${MAX_BODY_BYTES} bytes` });
    let request: unknown;
    try {
      request = JSON.parse(raw);
    } catch {
      return sendRpcError(res, null, new RpcError(-32700, 'Invalid JSON payload'));
    }
    const id = isObject(request) ? request.id : undefined;
    const rpcId = typeof id === 'string' || typeof id === 'number' ? id : null;
    if (
      !isObject(request) ||
      request.jsonrpc !== '2.0' ||
      typeof request.method !== 'string' ||
      (id !== undefined && id !== null && rpcId === null)
    ) {
      return sendRpcError(res, rpcId, new RpcError(-32600, 'Request payload validation error'));
    }
    const params = request.params;
    try {
      switch (request.method) {
        case 'tasks/send':
          return sendRpcResult(res, rpcId, await send(params));
        case 'tasks/sendSubscribe':
          return await sendSubscribe(params, rpcId, res);
        case 'tasks/get':
          return sendRpcResult(res, rpcId, getTask(params));
        case 'tasks/cancel':
          return sendRpcResult(res, rpcId, cancelTask(params));
        case 'tasks/pushNotification/set':
          return sendRpcResult(res, rpcId, await setPush(params));
        case 'tasks/pushNotification/get':
          return sendRpcResult(res, rpcId, getPush(params));
        case 'tasks/resubscribe':
          return resubscribe(params, rpcId, res);
        default:
          throw new RpcError(-32601, 'Method not found', { method: request.method });
      }
    } catch (error) {
      if (error instanceof RpcError) return sendRpcError(res, rpcId, error);
      return sendRpcError(res, rpcId, new RpcError(-32603, 'Internal error', { detail: String(error) }));
    }
  }

  /** Validates tasks/send params and returns the task record and whether this message continues it. */
  async function begin(
    params: unknown,
  ): Promise<{ record: TaskRecord; continuing: boolean; historyLength?: number }> {
    if (!isObject(params)) throw invalidParams('params must be an object');
    const { id, sessionId, historyLength, pushNotification } = params;
    if (typeof id !== 'string' || id === '')
      throw invalidParams('params.id (the client-chosen task id) is required');
    if (sessionId !== undefined && typeof sessionId !== 'string')
      throw invalidParams('params.sessionId must be a string');
    if (historyLength !== undefined && typeof historyLength !== 'number') {
      throw invalidParams('params.historyLength must be an integer');
    }
    const message = parseMessage(params.message);
    const push = pushNotification === undefined ? undefined : parsePushConfig(pushNotification);

    let record = tasks.get(id);
    if (record?.running) throw invalidParams(`task ${id} is still working; wait for it or cancel it`);
    if (record && record.task.status.state !== 'input-required') {
      throw invalidParams(`task ${id} is ${record.task.status.state} and takes no more messages`);
    }
    if (push) await verifyWebhook(push.url);
    const continuing = record !== undefined;
    if (!record) {
      record = {
        task: {
          id,
          sessionId: sessionId ?? randomUUID(),
          status: { state: 'submitted', timestamp: now() },
          artifacts: [],
          history: [],
        },
        listeners: new Set(),
        deliveries: Promise.resolve(),
        running: false,
      };
      tasks.set(id, record);
    }
    record.task.history.push(message);
    if (push) record.push = push;
    return { record, continuing, ...(historyLength !== undefined ? { historyLength } : {}) };
  }

  async function send(params: unknown): Promise<TaskView> {
    const { record, continuing, historyLength } = await begin(params);
    await runTurn(record, continuing);
    return taskView(record.task, historyLength);
  }

  async function sendSubscribe(
    params: unknown,
    rpcId: string | number | null,
    res: ServerResponse,
  ): Promise<void> {
    const { record, continuing } = await begin(params);
    openStream(res);
    const stop = follow(record, rpcId, res);
    await runTurn(record, continuing);
    // Every turn ends with a final event, which has closed the stream already; this covers a peer shutting down.
    stop();
  }

  function resubscribe(params: unknown, rpcId: string | number | null, res: ServerResponse): void {
    const record = findTask(params);
    const active =
      !TERMINAL.includes(record.task.status.state) && record.task.status.state !== 'input-required';
    openStream(res);
    // 0.1 leaves back-fill open; this peer restates the current status first so a client knows where it stands.
    writeEvent(res, rpcId, { id: record.task.id, status: record.task.status, final: !active });
    if (!active) res.end();
    else follow(record, rpcId, res);
  }

  /** Streams the task's events to `res` until a final one; returns a function that ends the stream early. */
  function follow(record: TaskRecord, rpcId: string | number | null, res: ServerResponse): () => void {
    const listener = (event: Event01) => {
      writeEvent(res, rpcId, event);
      if ('final' in event && event.final) stop();
    };
    const stop = () => {
      record.listeners.delete(listener);
      if (!res.writableEnded) res.end();
    };
    record.listeners.add(listener);
    res.on('close', () => record.listeners.delete(listener));
    return stop;
  }

  function getTask(params: unknown): TaskView {
    const record = findTask(params);
    const historyLength =
      isObject(params) && typeof params.historyLength === 'number' ? params.historyLength : undefined;
    return taskView(record.task, historyLength);
  }

  function cancelTask(params: unknown): TaskView {
    const record = findTask(params);
    if (TERMINAL.includes(record.task.status.state)) {
      throw new RpcError(-32002, 'Task cannot be canceled', { state: record.task.status.state });
    }
    setStatus(record, 'canceled', 'Canceled at the client’s request.');
    board.cancel(record.task.id);
    return taskView(record.task);
  }

  async function setPush(params: unknown): Promise<Json> {
    const record = findTask(params);
    const config = parsePushConfig(isObject(params) ? params.pushNotificationConfig : undefined);
    await verifyWebhook(config.url);
    record.push = config;
    return { id: record.task.id, pushNotificationConfig: config };
  }

  function getPush(params: unknown): Json {
    const record = findTask(params);
    if (!record.push) throw invalidParams(`task ${record.task.id} has no push notification config`);
    return { id: record.task.id, pushNotificationConfig: record.push };
  }

  function findTask(params: unknown): TaskRecord {
    if (!isObject(params) || typeof params.id !== 'string') throw invalidParams('params.id is required');
    const record = tasks.get(params.id);
    if (!record) throw taskNotFound(params.id);
    return record;
  }

  async function runTurn(record: TaskRecord, continuing: boolean): Promise<void> {
    const taskId = record.task.id;
    const last = record.task.history[record.task.history.length - 1];
    const outlet: Outlet = {
      canReplyWithMessage: false,
      reply: () => {
        throw new Error('0.1 has no direct message replies');
      },
      // 0.1 streams carry no Task snapshot; a new task announces itself with a `submitted` status.
      open: () => {
        if (!continuing) setStatus(record, 'submitted');
      },
      status: (state, text) => setStatus(record, state, text),
      artifact: (chunk) => addArtifact(record, chunk),
      waitForCancel: (maxMs) => board.waitForCancel(taskId, maxMs),
    };
    record.running = true;
    try {
      await perform({ parts: fromParts01(last?.parts ?? []), continuing }, outlet);
    } finally {
      record.running = false;
    }
  }

  function setStatus(record: TaskRecord, state: PeerTaskState, text?: string): void {
    const status: Status01 = { state, timestamp: now() };
    if (text !== undefined) {
      status.message = { role: 'agent', parts: [{ type: 'text', text }] };
      record.task.history.push(status.message);
    }
    record.task.status = status;
    emit(record, {
      id: record.task.id,
      status,
      final: TERMINAL.includes(state) || state === 'input-required',
    });
    if (record.push) deliver(record, record.push);
  }

  function addArtifact(record: TaskRecord, chunk: ArtifactChunk): void {
    const artifact: Artifact01 = {
      name: chunk.name,
      parts: toParts01(chunk.parts),
      index: chunk.index,
      append: chunk.append,
      lastChunk: chunk.lastChunk,
    };
    const existing = record.task.artifacts.find((a) => a.index === chunk.index);
    if (existing && chunk.append) existing.parts.push(...artifact.parts);
    else if (existing) Object.assign(existing, { name: chunk.name, parts: [...artifact.parts] });
    else record.task.artifacts.push({ name: chunk.name, parts: [...artifact.parts], index: chunk.index });
    emit(record, { id: record.task.id, artifact });
  }

  function emit(record: TaskRecord, event: Event01): void {
    for (const listener of [...record.listeners]) listener(event);
  }

  /** Deliveries of one task go out in order; a failing webhook is the webhook's problem, never the task's. */
  function deliver(record: TaskRecord, config: PushConfig01): void {
    const body = JSON.stringify(record.task);
    record.deliveries = record.deliveries.then(async () => {
      try {
        await fetch(config.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${keys.jwt(body)}` },
          body,
          signal: AbortSignal.timeout(5_000),
        });
      } catch {
        // Nothing to do: 0.1 defines no retries.
      }
    });
  }

  return {
    name: 'v0.1',
    generation: '0.1',
    baseUrl,
    cardUrl: `${baseUrl}/.well-known/agent.json`,
    nextStreamOpened: server.nextStreamOpened,
    close: async () => {
      board.shutdown();
      await server.close();
    },
  };
}

/** The 0.1 samples' ownership check: GET <url>?validationToken=<uuid> must answer 200 with the token as its body. */
async function verifyWebhook(url: string): Promise<void> {
  const token = randomUUID();
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw invalidParams(`push notification url ${JSON.stringify(url)} is not an absolute URL`);
  }
  target.searchParams.set('validationToken', token);
  try {
    const response = await fetch(target, { signal: AbortSignal.timeout(5_000) });
    if (response.ok && (await response.text()).trim() === token) return;
  } catch {
    // Falls through to the same answer as a wrong echo.
  }
  throw invalidParams(`push notification url ${url} did not echo the validationToken`);
}

interface SigningKey {
  jwk: Json;
  jwt(body: string): string;
}

async function newSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await new Promise<{ privateKey: KeyObject; publicKey: KeyObject }>(
    (resolve, reject) =>
      generateKeyPair('rsa', { modulusLength: 2048 }, (error, pub, priv) =>
        error ? reject(error) : resolve({ publicKey: pub, privateKey: priv }),
      ),
  );
  const kid = randomUUID();
  const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
  return {
    jwk: { ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' },
    jwt(body: string) {
      const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
      const claims = b64url(
        JSON.stringify({
          iat: Math.floor(Date.now() / 1000),
          request_body_sha256: createHash('sha256').update(body).digest('hex'),
        }),
      );
      const signature = sign('sha256', Buffer.from(`${header}.${claims}`), privateKey);
      return `${header}.${claims}.${b64url(signature)}`;
    },
  };
}

function parseMessage(value: unknown): Message01 {
  if (!isObject(value)) throw invalidParams('params.message is required');
  if (value.role !== 'user' && value.role !== 'agent')
    throw invalidParams('message.role must be "user" or "agent"');
  if (!Array.isArray(value.parts) || value.parts.length === 0)
    throw invalidParams('message.parts must be a non-empty array');
  const parts = value.parts.map((part: unknown, i): Part01 => {
    if (isObject(part) && part.type === 'text' && typeof part.text === 'string')
      return { type: 'text', text: part.text };
    if (isObject(part) && part.type === 'data' && isObject(part.data))
      return { type: 'data', data: part.data };
    if (isObject(part) && part.type === 'file' && isObject(part.file)) {
      const { name, mimeType, bytes, uri } = part.file;
      const file: Extract<Part01, { type: 'file' }>['file'] = {};
      if (typeof name === 'string') file.name = name;
      if (typeof mimeType === 'string') file.mimeType = mimeType;
      if (typeof bytes === 'string') file.bytes = bytes;
      if (typeof uri === 'string') file.uri = uri;
      if (file.bytes === undefined && file.uri === undefined)
        throw invalidParams(`parts[${i}].file needs bytes or uri`);
      return { type: 'file', file };
    }
    throw invalidParams(`parts[${i}] is not a text, file or data part`);
  });
  const message: Message01 = { role: value.role, parts };
  if (isObject(value.metadata)) message.metadata = value.metadata;
  return message;
}

function parsePushConfig(value: unknown): PushConfig01 {
  if (!isObject(value) || typeof value.url !== 'string')
    throw invalidParams('pushNotificationConfig.url is required');
  const config: PushConfig01 = { url: value.url };
  if (typeof value.token === 'string') config.token = value.token;
  const auth = value.authentication;
  if (isObject(auth) && Array.isArray(auth.schemes)) {
    config.authentication = { schemes: auth.schemes.filter((s): s is string => typeof s === 'string') };
    if (typeof auth.credentials === 'string') config.authentication.credentials = auth.credentials;
  }
  return config;
}

function fromParts01(parts: readonly Part01[]): PeerPart[] {
  return parts.map((part): PeerPart => {
    switch (part.type) {
      case 'text':
        return { kind: 'text', text: part.text };
      case 'data':
        return { kind: 'data', data: part.data };
      case 'file': {
        const out: PeerPart = { kind: 'file' };
        if (part.file.name !== undefined) out.name = part.file.name;
        if (part.file.mimeType !== undefined) out.mediaType = part.file.mimeType;
        if (part.file.bytes !== undefined) out.bytes = part.file.bytes;
        if (part.file.uri !== undefined) out.uri = part.file.uri;
        return out;
      }
    }
  });
}

function toParts01(parts: readonly PeerPart[]): Part01[] {
  return parts.map((part): Part01 => {
    switch (part.kind) {
      case 'text':
        return { type: 'text', text: part.text };
      case 'data':
        return {
          type: 'data',
          data: isObject(part.data) ? part.data : { value: part.data },
        };
      case 'file': {
        const file: Extract<Part01, { type: 'file' }>['file'] = {};
        if (part.name !== undefined) file.name = part.name;
        if (part.mediaType !== undefined) file.mimeType = part.mediaType;
        if (part.bytes !== undefined) file.bytes = part.bytes;
        if (part.uri !== undefined) file.uri = part.uri;
        return { type: 'file', file };
      }
    }
  });
}

type TaskView = Omit<Task01, 'history'> & { history?: Message01[] };

/** A copy for the wire; history only when asked for, as the 0.1 samples did. */
function taskView(task: Task01, historyLength?: number): TaskView {
  const { history, ...rest } = structuredClone(task);
  return historyLength !== undefined && historyLength > 0
    ? { ...rest, history: history.slice(-historyLength) }
    : rest;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function now(): string {
  return new Date().toISOString();
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function sendRpcResult(res: ServerResponse, id: string | number | null, result: unknown): void {
  sendJson(res, 200, { jsonrpc: '2.0', id, result });
}

function sendRpcError(res: ServerResponse, id: string | number | null, error: RpcError): void {
  const body: Json = { code: error.code, message: error.message };
  if (error.data !== undefined) body.data = error.data;
  sendJson(res, 200, { jsonrpc: '2.0', id, error: body });
}

function openStream(res: ServerResponse): void {
  // setHeader rather than writeHead(…, headers): headers given to writeHead are invisible to getHeader().
  res.setHeader('Content-Type', 'text/event-stream');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Connection', 'keep-alive');
  res.writeHead(200);
}

function writeEvent(res: ServerResponse, id: string | number | null, event: Event01): void {
  if (!res.writableEnded) res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id, result: event })}\n\n`);
}
