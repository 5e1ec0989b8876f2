// Hand-built requests and minimal readers for each generation × binding the peers speak, for the recorder and the peer
// tests. Deliberately not the app's protocol adapters (those are tested against these peers): every request is spelled
// out as docs/protocol.md#operations-and-bindings and docs/protocol.md#what-to-send-to-whom describe it, with the
// headers each generation needs (A2A-Version on 1.0, Accept: text/event-stream on streams, `blocking` /
// `returnImmediately` always explicit).

import { randomUUID } from 'node:crypto';
import type { RawRequest } from '../../shared/host/hostApi';
import type { HeaderList, HttpFrame } from '../../shared/wire/frame';
import type { PeerGeneration } from './types';

export type WireBinding = 'JSONRPC' | 'HTTP+JSON';

export interface PushTarget {
  url: string;
  token: string;
  /** Config id (0.2.2+); ignored by 0.1. */
  id: string;
}

export interface SendOptions {
  text: string;
  /** Adds a small text file (inline bytes) and a data part after the text. */
  attachments?: boolean;
  /** Continue this task (0.1: the task id to use; a fresh one is made up when absent). */
  taskId?: string;
  contextId?: string;
  /** Ignored by 0.1, which has no such switch (tasks/send always waits). */
  blocking?: boolean;
  push?: PushTarget;
}

export interface ListTasksQuery {
  contextId?: string;
  status?: 'TASK_STATE_WORKING' | 'TASK_STATE_COMPLETED' | 'TASK_STATE_CANCELED';
  pageSize?: number;
  includeArtifacts?: boolean;
}

export interface Dialect {
  readonly generation: PeerGeneration;
  readonly binding: WireBinding;
  readonly endpoint: string;
  send(options: SendOptions): RawRequest;
  stream(options: SendOptions): RawRequest;
  getTask(taskId: string, historyLength?: number): RawRequest;
  cancel(taskId: string): RawRequest;
  subscribe(taskId: string): RawRequest;
  pushSet(taskId: string, target: PushTarget): RawRequest;
  pushGet(taskId: string, configId: string): RawRequest;
  /** Absent where the generation or SDK has no such call. */
  pushList?(taskId: string): RawRequest;
  pushDelete?(taskId: string, configId: string): RawRequest;
  extendedCard?(bearerToken?: string): RawRequest;
  listTasks?(query: ListTasksQuery): RawRequest;
  unknownMethod(): RawRequest;
  /** A send whose message lacks a required field. */
  invalidParams(): RawRequest;
  /** A body that is not JSON. */
  malformed(): RawRequest;
}

export const ATTACHMENT_FILE = { name: 'note.txt', mediaType: 'text/plain', text: 'hello from a file' };
export const ATTACHMENT_DATA = { city: 'Oslo', days: 3 };

const BROKEN_JSON = '{"jsonrpc": "2.0", "id": 1, "method": ';

export function cardRequest(url: string, source: string, a2aVersion?: string): RawRequest {
  const headers: HeaderList = [['Accept', 'application/json']];
  if (a2aVersion) headers.push(['A2A-Version', a2aVersion]);
  return { method: 'GET', url, headers, source };
}

class JsonRpc {
  private nextId = 1;

  constructor(
    readonly endpoint: string,
    private readonly source: string,
    private readonly version?: string,
  ) {}

  call(
    method: string,
    params?: unknown,
    options: { stream?: boolean; headers?: HeaderList } = {},
  ): RawRequest {
    const body = { jsonrpc: '2.0', id: this.nextId++, method, ...(params === undefined ? {} : { params }) };
    return this.raw(JSON.stringify(body), options);
  }

  raw(text: string, options: { stream?: boolean; headers?: HeaderList } = {}): RawRequest {
    const headers: HeaderList = [
      ['Content-Type', 'application/json'],
      ['Accept', options.stream ? 'text/event-stream' : 'application/json'],
    ];
    if (this.version) headers.push(['A2A-Version', this.version]);
    headers.push(...(options.headers ?? []));
    return { method: 'POST', url: this.endpoint, headers, body: { text }, source: this.source };
  }
}

class Rest {
  constructor(
    readonly endpoint: string,
    private readonly source: string,
    private readonly contentType: string,
    private readonly version?: string,
  ) {}

  request(
    method: string,
    path: string,
    body?: unknown,
    options: { stream?: boolean; headers?: HeaderList; rawBody?: string } = {},
  ): RawRequest {
    const headers: HeaderList = [];
    const text = options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    if (text !== undefined) headers.push(['Content-Type', this.contentType]);
    headers.push(['Accept', options.stream ? 'text/event-stream' : this.contentType]);
    if (this.version) headers.push(['A2A-Version', this.version]);
    headers.push(...(options.headers ?? []));
    const request: RawRequest = { method, url: `${this.endpoint}${path}`, headers, source: this.source };
    if (text !== undefined) request.body = { text };
    return request;
  }
}

const fileBytes = () => Buffer.from(ATTACHMENT_FILE.text, 'utf8').toString('base64');
const bearer = (token?: string): HeaderList => (token ? [['Authorization', `Bearer ${token}`]] : []);

/**
 * 0.1 JSON-RPC: tasks/send with a client-made task id and sessionId, Part `type`
 * (docs/protocol.md#01-and-02-json-rpc-only).
 */
export function dialect01(endpoint: string, source: string): Dialect {
  const rpc = new JsonRpc(endpoint, source);
  const parts = (o: SendOptions) => [
    { type: 'text', text: o.text },
    ...(o.attachments
      ? [
          {
            type: 'file',
            file: { name: ATTACHMENT_FILE.name, mimeType: ATTACHMENT_FILE.mediaType, bytes: fileBytes() },
          },
          { type: 'data', data: ATTACHMENT_DATA },
        ]
      : []),
  ];
  const sendParams = (o: SendOptions) => ({
    id: o.taskId ?? `task-${randomUUID()}`,
    sessionId: o.contextId ?? `session-${randomUUID()}`,
    message: { role: 'user', parts: parts(o) },
    ...(o.push ? { pushNotification: { url: o.push.url, token: o.push.token } } : {}),
  });
  return {
    generation: '0.1',
    binding: 'JSONRPC',
    endpoint,
    send: (o) => rpc.call('tasks/send', sendParams(o)),
    stream: (o) => rpc.call('tasks/sendSubscribe', sendParams(o), { stream: true }),
    getTask: (id, historyLength) =>
      rpc.call('tasks/get', { id, ...(historyLength ? { historyLength } : {}) }),
    cancel: (id) => rpc.call('tasks/cancel', { id }),
    subscribe: (id) => rpc.call('tasks/resubscribe', { id }, { stream: true }),
    pushSet: (id, target) =>
      rpc.call('tasks/pushNotification/set', {
        id,
        pushNotificationConfig: { url: target.url, token: target.token },
      }),
    pushGet: (id) => rpc.call('tasks/pushNotification/get', { id }),
    unknownMethod: () => rpc.call('tasks/unknown', { id: 'x' }),
    invalidParams: () =>
      rpc.call('tasks/send', { message: { role: 'user', parts: [{ type: 'text', text: 'no id' }] } }),
    malformed: () => rpc.raw(BROKEN_JSON),
  };
}

function kindParts(o: SendOptions) {
  return [
    { kind: 'text', text: o.text },
    ...(o.attachments
      ? [
          {
            kind: 'file',
            file: { name: ATTACHMENT_FILE.name, mimeType: ATTACHMENT_FILE.mediaType, bytes: fileBytes() },
          },
          { kind: 'data', data: ATTACHMENT_DATA },
        ]
      : []),
  ];
}

/**
 * 0.2 / 0.3 JSON-RPC: message/send with `kind` parts and `configuration.blocking`
 * (docs/protocol.md#operations-and-bindings).
 */
export function dialectKindJsonRpc(generation: '0.2' | '0.3', endpoint: string, source: string): Dialect {
  const rpc = new JsonRpc(endpoint, source);
  const sendParams = (o: SendOptions) => ({
    message: {
      kind: 'message',
      messageId: randomUUID(),
      role: 'user',
      parts: kindParts(o),
      ...(o.taskId ? { taskId: o.taskId } : {}),
      ...(o.contextId ? { contextId: o.contextId } : {}),
    },
    configuration: {
      acceptedOutputModes: ['text/plain', 'application/json'],
      blocking: o.blocking ?? true,
      ...(o.push ? { pushNotificationConfig: { id: o.push.id, url: o.push.url, token: o.push.token } } : {}),
    },
  });
  const base: Dialect = {
    generation,
    binding: 'JSONRPC',
    endpoint,
    send: (o) => rpc.call('message/send', sendParams(o)),
    stream: (o) => rpc.call('message/stream', sendParams(o), { stream: true }),
    getTask: (id, historyLength) =>
      rpc.call('tasks/get', { id, ...(historyLength ? { historyLength } : {}) }),
    cancel: (id) => rpc.call('tasks/cancel', { id }),
    subscribe: (id) => rpc.call('tasks/resubscribe', { id }, { stream: true }),
    pushSet: (taskId, target) =>
      rpc.call('tasks/pushNotificationConfig/set', {
        taskId,
        pushNotificationConfig: { id: target.id, url: target.url, token: target.token },
      }),
    pushGet: (id, configId) =>
      rpc.call('tasks/pushNotificationConfig/get', { id, pushNotificationConfigId: configId }),
    unknownMethod: () => rpc.call('tasks/unknown', { id: 'x' }),
    invalidParams: () =>
      rpc.call('message/send', {
        message: { kind: 'message', role: 'user', parts: [{ kind: 'text', text: 'no messageId' }] },
        configuration: { blocking: true },
      }),
    malformed: () => rpc.raw(BROKEN_JSON),
  };
  if (generation === '0.2') return base;
  return {
    ...base,
    pushList: (id) => rpc.call('tasks/pushNotificationConfig/list', { id }),
    pushDelete: (id, configId) =>
      rpc.call('tasks/pushNotificationConfig/delete', { id, pushNotificationConfigId: configId }),
    extendedCard: (token) =>
      rpc.call('agent/getAuthenticatedExtendedCard', undefined, { headers: bearer(token) }),
  };
}

/**
 * How a 0.3 REST client shapes the body of "create push config". The 0.3 proto maps the body to the `config` field
 * (a TaskPushNotificationConfig naming the task in `name`), which @a2a-js/sdk 1.3.0's compat router expects;
 * @a2a-js/sdk 0.3.14 instead parses the whole CreateTaskPushNotificationConfigRequest (`parent`, `configId`, `config`)
 * from the body and ignores the path. Neither accepts the other's shape.
 */
export type PushCreateBody = 'proto-config' | 'whole-request';

/**
 * 0.3 HTTP+JSON: proto-JSON of the 0.3 proto under `/v1/…`, `Message.content`, wrapped oneofs
 * (docs/protocol.md#03-three-bindings).
 */
export function dialect03Rest(
  endpoint: string,
  source: string,
  pushCreateBody: PushCreateBody = 'proto-config',
): Dialect {
  const rest = new Rest(endpoint, source, 'application/json');
  const content = (o: SendOptions) => [
    { text: o.text },
    ...(o.attachments
      ? [
          { file: { fileWithBytes: fileBytes(), mimeType: ATTACHMENT_FILE.mediaType } },
          { data: { data: ATTACHMENT_DATA } },
        ]
      : []),
  ];
  const sendBody = (o: SendOptions) => ({
    message: {
      messageId: randomUUID(),
      role: 'ROLE_USER',
      content: content(o),
      ...(o.taskId ? { taskId: o.taskId } : {}),
      ...(o.contextId ? { contextId: o.contextId } : {}),
    },
    configuration: {
      acceptedOutputModes: ['text/plain', 'application/json'],
      blocking: o.blocking ?? true,
      ...(o.push ? { pushNotification: { id: o.push.id, url: o.push.url, token: o.push.token } } : {}),
    },
  });
  const tasks = (id: string) => `/v1/tasks/${encodeURIComponent(id)}`;
  return {
    generation: '0.3',
    binding: 'HTTP+JSON',
    endpoint,
    send: (o) => rest.request('POST', '/v1/message:send', sendBody(o)),
    stream: (o) => rest.request('POST', '/v1/message:stream', sendBody(o), { stream: true }),
    getTask: (id, historyLength) =>
      rest.request('GET', `${tasks(id)}${historyLength ? `?historyLength=${historyLength}` : ''}`),
    cancel: (id) => rest.request('POST', `${tasks(id)}:cancel`, {}),
    // The 0.3 proto maps TaskSubscription to GET (the prose says POST; SDKs accept both).
    subscribe: (id) => rest.request('GET', `${tasks(id)}:subscribe`, undefined, { stream: true }),
    pushSet: (id, target) => {
      const config = {
        name: `tasks/${id}/pushNotificationConfigs/${target.id}`,
        pushNotificationConfig: { id: target.id, url: target.url, token: target.token },
      };
      const body =
        pushCreateBody === 'proto-config' ? config : { parent: `tasks/${id}`, configId: target.id, config };
      return rest.request('POST', `${tasks(id)}/pushNotificationConfigs`, body);
    },
    pushGet: (id, configId) => rest.request('GET', `${tasks(id)}/pushNotificationConfigs/${configId}`),
    pushList: (id) => rest.request('GET', `${tasks(id)}/pushNotificationConfigs`),
    pushDelete: (id, configId) => rest.request('DELETE', `${tasks(id)}/pushNotificationConfigs/${configId}`),
    extendedCard: (token) => rest.request('GET', '/v1/card', undefined, { headers: bearer(token) }),
    unknownMethod: () => rest.request('GET', '/v1/unknown'),
    invalidParams: () =>
      rest.request('POST', '/v1/message:send', {
        message: { role: 'ROLE_USER', content: [{ text: 'no messageId' }] },
        configuration: { blocking: true },
      }),
    malformed: () => rest.request('POST', '/v1/message:send', undefined, { rawBody: BROKEN_JSON }),
  };
}

function v1Parts(o: SendOptions) {
  return [
    { text: o.text, mediaType: 'text/plain' },
    ...(o.attachments
      ? [
          { raw: fileBytes(), filename: ATTACHMENT_FILE.name, mediaType: ATTACHMENT_FILE.mediaType },
          { data: ATTACHMENT_DATA, mediaType: 'application/json' },
        ]
      : []),
  ];
}

function v1SendRequest(o: SendOptions) {
  return {
    message: {
      messageId: randomUUID(),
      role: 'ROLE_USER',
      parts: v1Parts(o),
      ...(o.taskId ? { taskId: o.taskId } : {}),
      ...(o.contextId ? { contextId: o.contextId } : {}),
    },
    configuration: {
      acceptedOutputModes: ['text/plain', 'application/json'],
      // 1.0 inverted the switch: returnImmediately false = blocking
      // (docs/protocol.md#10-one-operation-set-three-bindings).
      returnImmediately: !(o.blocking ?? true),
      ...(o.push
        ? { taskPushNotificationConfig: { id: o.push.id, url: o.push.url, token: o.push.token } }
        : {}),
    },
  };
}

/**
 * 1.0 JSON-RPC: PascalCase methods, member-name oneofs, `A2A-Version: 1.0` on every call
 * (docs/protocol.md#versions-headers-and-content-types).
 */
export function dialect10JsonRpc(endpoint: string, source: string): Dialect {
  const rpc = new JsonRpc(endpoint, source, '1.0');
  return {
    generation: '1.0',
    binding: 'JSONRPC',
    endpoint,
    send: (o) => rpc.call('SendMessage', v1SendRequest(o)),
    stream: (o) => rpc.call('SendStreamingMessage', v1SendRequest(o), { stream: true }),
    getTask: (id, historyLength) => rpc.call('GetTask', { id, ...(historyLength ? { historyLength } : {}) }),
    cancel: (id) => rpc.call('CancelTask', { id }),
    subscribe: (id) => rpc.call('SubscribeToTask', { id }, { stream: true }),
    pushSet: (taskId, target) =>
      rpc.call('CreateTaskPushNotificationConfig', {
        taskId,
        id: target.id,
        url: target.url,
        token: target.token,
      }),
    pushGet: (taskId, id) => rpc.call('GetTaskPushNotificationConfig', { taskId, id }),
    pushList: (taskId) => rpc.call('ListTaskPushNotificationConfigs', { taskId }),
    pushDelete: (taskId, id) => rpc.call('DeleteTaskPushNotificationConfig', { taskId, id }),
    extendedCard: (token) => rpc.call('GetExtendedAgentCard', {}, { headers: bearer(token) }),
    listTasks: (query) => rpc.call('ListTasks', query),
    unknownMethod: () => rpc.call('UnknownMethod', {}),
    invalidParams: () =>
      rpc.call('SendMessage', {
        message: { role: 'ROLE_USER', parts: [{ text: 'no messageId' }] },
        configuration: { returnImmediately: false },
      }),
    malformed: () => rpc.raw(BROKEN_JSON),
  };
}

/**
 * 1.0 HTTP+JSON: paths relative to the interface URL (no `/v1`), `application/a2a+json`
 * (docs/protocol.md#versions-headers-and-content-types).
 */
export function dialect10Rest(endpoint: string, source: string): Dialect {
  const rest = new Rest(endpoint, source, 'application/a2a+json', '1.0');
  const tasks = (id: string) => `/tasks/${encodeURIComponent(id)}`;
  return {
    generation: '1.0',
    binding: 'HTTP+JSON',
    endpoint,
    send: (o) => rest.request('POST', '/message:send', v1SendRequest(o)),
    stream: (o) => rest.request('POST', '/message:stream', v1SendRequest(o), { stream: true }),
    getTask: (id, historyLength) =>
      rest.request('GET', `${tasks(id)}${historyLength ? `?historyLength=${historyLength}` : ''}`),
    cancel: (id) => rest.request('POST', `${tasks(id)}:cancel`, {}),
    // The 1.0 proto binds SubscribeToTask to GET; A2A 1.0 §5.3/§11.3 prose says POST
    // (docs/protocol.md#10-one-operation-set-three-bindings).
    subscribe: (id) => rest.request('GET', `${tasks(id)}:subscribe`, undefined, { stream: true }),
    pushSet: (id, target) =>
      rest.request('POST', `${tasks(id)}/pushNotificationConfigs`, {
        id: target.id,
        url: target.url,
        token: target.token,
      }),
    pushGet: (id, configId) => rest.request('GET', `${tasks(id)}/pushNotificationConfigs/${configId}`),
    pushList: (id) => rest.request('GET', `${tasks(id)}/pushNotificationConfigs`),
    pushDelete: (id, configId) => rest.request('DELETE', `${tasks(id)}/pushNotificationConfigs/${configId}`),
    extendedCard: (token) => rest.request('GET', '/extendedAgentCard', undefined, { headers: bearer(token) }),
    listTasks: (query) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query))
        if (value !== undefined) search.set(key, String(value));
      const qs = search.toString();
      return rest.request('GET', `/tasks${qs ? `?${qs}` : ''}`);
    },
    unknownMethod: () => rest.request('GET', '/unknown'),
    invalidParams: () =>
      rest.request('POST', '/message:send', {
        message: { role: 'ROLE_USER', parts: [{ text: 'no messageId' }] },
        configuration: { returnImmediately: false },
      }),
    malformed: () => rest.request('POST', '/message:send', undefined, { rawBody: BROKEN_JSON }),
  };
}

/** The same request without its A2A-Version header (a 1.0 server must then assume 0.3). */
export function withoutVersionHeader(request: RawRequest): RawRequest {
  return {
    ...request,
    headers: (request.headers ?? []).filter(([name]) => name.toLowerCase() !== 'a2a-version'),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Readers: just enough to find ids and states in responses of any generation.

export interface TaskSummary {
  kind: 'task';
  id: string;
  contextId: string;
  state: string;
  /** Text parts of all artifacts, concatenated in order. */
  artifactText: string;
  /** Text of the status message, if any. */
  statusText: string;
}

export interface MessageSummary {
  kind: 'message';
  text: string;
}

export interface ErrorSummary {
  kind: 'error';
  status: number;
  code: number | string | undefined;
  message: string;
}

export type Outcome = TaskSummary | MessageSummary | ErrorSummary;

export function responseJson(frame: HttpFrame): unknown {
  const text = frame.response?.body.text ?? '';
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Reads a unary response: a task, a direct message, or an error (JSON-RPC error, or REST 4xx/5xx). */
export function readOutcome(frame: HttpFrame): Outcome {
  const status = frame.response?.status ?? 0;
  const json = responseJson(frame);
  if (isRecord(json) && json.jsonrpc === '2.0') {
    if (isRecord(json.error)) {
      return {
        kind: 'error',
        status,
        code: numberOrString(json.error.code),
        message: String(json.error.message),
      };
    }
    return summarize(json.result, status);
  }
  if (status >= 400) {
    const error = isRecord(json) && isRecord(json.error) ? json.error : isRecord(json) ? json : {};
    return {
      kind: 'error',
      status,
      code: numberOrString(error.status ?? error.code),
      message: String(error.message ?? frame.response?.body.text ?? ''),
    };
  }
  return summarize(json, status);
}

function summarize(value: unknown, status: number): Outcome {
  const inner = isRecord(value) && isRecord(value.task) ? value.task : value;
  if (isRecord(value) && isRecord(value.message) && !('role' in value)) return messageSummary(value.message);
  if (isRecord(inner) && inner.kind === 'message') return messageSummary(inner);
  if (isRecord(inner) && typeof inner.id === 'string' && isRecord(inner.status)) return taskSummary(inner);
  return {
    kind: 'error',
    status,
    code: undefined,
    message: `not a task or message: ${JSON.stringify(value)}`,
  };
}

function taskSummary(task: Record<string, unknown>): TaskSummary {
  const status = isRecord(task.status) ? task.status : {};
  const artifacts = Array.isArray(task.artifacts) ? task.artifacts : [];
  return {
    kind: 'task',
    id: String(task.id),
    contextId: typeof task.contextId === 'string' ? task.contextId : String(task.sessionId ?? ''),
    state: normalizeState(status.state),
    artifactText: artifacts.map((a) => (isRecord(a) ? partsText(a.parts) : '')).join(''),
    statusText: isRecord(status.message) ? messageText(status.message) : '',
  };
}

function messageSummary(message: Record<string, unknown>): MessageSummary {
  return { kind: 'message', text: messageText(message) };
}

function messageText(message: Record<string, unknown>): string {
  // 0.3 proto-JSON keeps a Message's parts in `content` (docs/protocol.md#03-three-bindings).
  return partsText(message.parts ?? message.content);
}

function partsText(parts: unknown): string {
  if (!Array.isArray(parts)) return '';
  return parts.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('');
}

/** `TASK_STATE_INPUT_REQUIRED` → `input-required`; both CANCELED spellings → `canceled`. */
export function normalizeState(state: unknown): string {
  const text = String(state ?? '')
    .replace(/^TASK_STATE_/, '')
    .toLowerCase()
    .replace(/_/g, '-');
  return text === 'cancelled' ? 'canceled' : text;
}

export interface StreamItem {
  type: 'task' | 'status' | 'artifact' | 'message' | 'error';
  taskId?: string;
  state?: string;
  final?: boolean;
  text?: string;
}

/** The `data:` payloads of an SSE body (whole stream), one per event. */
export function sseData(text: string): string[] {
  const events: string[] = [];
  for (const block of text.split(/\r\n\r\n|\n\n|\r\r/)) {
    const data = block
      .split(/\r\n|\n|\r/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''));
    if (data.length > 0) events.push(data.join('\n'));
  }
  return events;
}

/** Each SSE event of a streamed response, unwrapped from its JSON-RPC envelope and classified. */
export function readStream(frame: HttpFrame): StreamItem[] {
  return sseData(frame.response?.body.text ?? '').map((data): StreamItem => {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return { type: 'error', text: data };
    }
    if (isRecord(json) && json.jsonrpc === '2.0') {
      if (json.error !== undefined) return { type: 'error', text: JSON.stringify(json.error) };
      json = json.result;
    }
    return classify(json);
  });
}

function classify(item: unknown): StreamItem {
  if (!isRecord(item)) return { type: 'error', text: JSON.stringify(item) };
  // 1.0 and 0.3 proto-JSON wrap each item in its member name; 0.2/0.3 JSON-RPC use `kind`; 0.1 has neither.
  if (isRecord(item.statusUpdate)) return statusItem(item.statusUpdate);
  if (isRecord(item.artifactUpdate)) return artifactItem(item.artifactUpdate);
  if (isRecord(item.task)) return { ...taskItem(item.task) };
  if (isRecord(item.message)) return { type: 'message', text: messageText(item.message) };
  if (item.kind === 'status-update' || ('status' in item && !('kind' in item) && !('artifacts' in item))) {
    return statusItem(item);
  }
  if (item.kind === 'artifact-update' || 'artifact' in item) return artifactItem(item);
  if (item.kind === 'message') return { type: 'message', text: messageText(item) };
  return taskItem(item);
}

function statusItem(event: Record<string, unknown>): StreamItem {
  const status = isRecord(event.status) ? event.status : {};
  const out: StreamItem = { type: 'status', state: normalizeState(status.state) };
  const taskId = event.taskId ?? event.id;
  if (typeof taskId === 'string') out.taskId = taskId;
  if (typeof event.final === 'boolean') out.final = event.final;
  if (isRecord(status.message)) out.text = messageText(status.message);
  return out;
}

function artifactItem(event: Record<string, unknown>): StreamItem {
  const out: StreamItem = {
    type: 'artifact',
    text: isRecord(event.artifact) ? partsText(event.artifact.parts) : '',
  };
  const taskId = event.taskId ?? event.id;
  if (typeof taskId === 'string') out.taskId = taskId;
  return out;
}

function taskItem(task: Record<string, unknown>): StreamItem {
  const status = isRecord(task.status) ? task.status : {};
  const out: StreamItem = { type: 'task', state: normalizeState(status.state) };
  if (typeof task.id === 'string') out.taskId = task.id;
  return out;
}

/** The last state a stream reported, from status events or task snapshots. */
export function lastStreamState(items: readonly StreamItem[]): string | undefined {
  return items.filter((item) => item.state !== undefined).at(-1)?.state;
}

export function streamTaskId(items: readonly StreamItem[]): string | undefined {
  return items.find((item) => item.taskId !== undefined)?.taskId;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function numberOrString(value: unknown): number | string | undefined {
  return typeof value === 'number' || typeof value === 'string' ? value : undefined;
}
