// What ACTS assertions are evaluated on (ACTS §4.2): the A2A domain object an operation returned, in A2A 1.0's JSON
// names, and each stream event as a StreamResponse. For an A2A 1.0 interface the runner asserts on the wire itself (the
// JSON-RPC `result`, the REST body, the gRPC message as ProtoJSON), so nothing the agent sent is hidden. For older
// generations it asserts on the answer as Switchboard decoded it, written out in 1.0's names (`TASK_STATE_*`, `ROLE_*`,
// `parts` of `{text}`, `{raw}`, `{url}`, `{data}`): the same decoders the app shows, so the report reads the same for
// every generation. The client-parsing tests (ACTS §10) use this too: it is what Switchboard "parsed".

import type {
  A2AError,
  Artifact,
  ArtifactUpdate,
  Message,
  OperationResult,
  Part,
  PushConfig,
  StatusUpdate,
  StreamItem,
  Task,
  TaskState,
  TaskStatus,
} from '../a2a/model';
import type { ActsOperation } from './actsTypes';

type Json = Record<string, unknown>;

const STATES: Record<TaskState, string> = {
  submitted: 'TASK_STATE_SUBMITTED',
  working: 'TASK_STATE_WORKING',
  'input-required': 'TASK_STATE_INPUT_REQUIRED',
  'auth-required': 'TASK_STATE_AUTH_REQUIRED',
  completed: 'TASK_STATE_COMPLETED',
  canceled: 'TASK_STATE_CANCELED',
  failed: 'TASK_STATE_FAILED',
  rejected: 'TASK_STATE_REJECTED',
  unknown: 'TASK_STATE_UNSPECIFIED',
};

export function v1State(state: TaskState): string {
  return STATES[state];
}

/** Copies the fields that are set, leaving out undefined ones (ProtoJSON leaves out what is unset). */
function set(fields: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return out;
}

function nonEmpty<T>(list: readonly T[] | undefined): T[] | undefined {
  return list && list.length > 0 ? [...list] : undefined;
}

export function partView(part: Part): unknown {
  switch (part.kind) {
    case 'text':
      return set({ text: part.text, mediaType: part.mediaType, metadata: part.metadata });
    case 'file':
      return set({
        raw: part.bytes,
        url: part.bytes === undefined ? part.uri : undefined,
        filename: part.name,
        mediaType: part.mediaType,
        metadata: part.metadata,
      });
    case 'data':
      return set({ data: part.data, mediaType: part.mediaType, metadata: part.metadata });
    case 'unknown':
      return part.wire;
  }
}

export function messageView(message: Message): Json {
  return set({
    messageId: message.messageId,
    contextId: message.contextId,
    taskId: message.taskId,
    role:
      message.role === 'user' ? 'ROLE_USER' : message.role === 'agent' ? 'ROLE_AGENT' : 'ROLE_UNSPECIFIED',
    parts: message.parts.map(partView),
    metadata: message.metadata,
    extensions: nonEmpty(message.extensions),
    referenceTaskIds: nonEmpty(message.referenceTaskIds),
  });
}

function statusView(status: TaskStatus): Json {
  return set({
    state: v1State(status.state),
    message: status.message ? messageView(status.message) : undefined,
    timestamp: status.timestamp,
  });
}

export function artifactView(artifact: Artifact): Json {
  return set({
    artifactId: artifact.artifactId,
    name: artifact.name,
    description: artifact.description,
    parts: artifact.parts.map(partView),
    metadata: artifact.metadata,
    extensions: nonEmpty(artifact.extensions),
  });
}

export function taskView(task: Task): Json {
  return set({
    id: task.id,
    contextId: task.contextId,
    status: statusView(task.status),
    artifacts: nonEmpty(task.artifacts.map(artifactView)),
    history: nonEmpty(task.history.map(messageView)),
    metadata: task.metadata,
  });
}

function statusUpdateView(update: StatusUpdate): Json {
  return set({
    taskId: update.taskId,
    contextId: update.contextId,
    status: statusView(update.status),
    // ≤0.3 ends its streams with `final`; kept so a test can see it, though 1.0 has no such field.
    final: update.final,
    metadata: update.metadata,
  });
}

function artifactUpdateView(update: ArtifactUpdate): Json {
  return set({
    taskId: update.taskId,
    contextId: update.contextId,
    artifact: artifactView(update.artifact),
    append: update.append,
    lastChunk: update.lastChunk,
    metadata: update.metadata,
  });
}

export function pushConfigView(config: PushConfig): Json {
  const scheme = config.authSchemes?.[0];
  return set({
    id: config.id,
    taskId: config.taskId,
    url: config.url,
    token: config.token,
    authentication: scheme !== undefined ? set({ scheme, credentials: config.credentials }) : undefined,
  });
}

/** A stream item as a 1.0 StreamResponse: `{task}`, `{message}`, `{statusUpdate}` or `{artifactUpdate}`. */
export function streamItemView(item: StreamItem): unknown {
  switch (item.kind) {
    case 'task':
      return { task: taskView(item.task) };
    case 'message':
      return { message: messageView(item.message) };
    case 'status-update':
      return { statusUpdate: statusUpdateView(item.update) };
    case 'artifact-update':
      return { artifactUpdate: artifactUpdateView(item.update) };
    case 'unknown':
      return item.wire;
  }
}

/** An operation's result, shaped as the assertion root ACTS §4.2 names for it. */
export function resultView(operation: ActsOperation, result: OperationResult): unknown {
  switch (result.type) {
    case 'task':
      return operation === 'send_message' || operation === 'send_streaming_message'
        ? { task: taskView(result.task) }
        : taskView(result.task);
    case 'message':
      return { message: messageView(result.message) };
    case 'task-page':
      return set({
        tasks: result.page.tasks.map(taskView),
        // 1.0 says the token is always there, "" on the last page; decoders read its absence as "".
        nextPageToken: result.page.nextPageToken ?? '',
        pageSize: result.page.pageSize,
        totalSize: result.page.totalSize,
      });
    case 'push-config':
      return pushConfigView(result.config);
    case 'push-configs':
      return set({ configs: result.configs.map(pushConfigView), nextPageToken: result.nextPageToken });
    case 'card':
      return result.card;
    case 'empty':
      return {};
  }
}

const PAYLOADS: Array<[wire: string, snake: string]> = [
  ['task', 'task'],
  ['message', 'message'],
  ['statusUpdate', 'status_update'],
  ['artifactUpdate', 'artifact_update'],
];

/**
 * One stream event as ACTS's event assertions read it (ACTS §7): the StreamResponse with its payload under both the
 * wire name and ACTS §7's snake_case name (`status_update`), and the payload's own fields at the top as well, so the
 * official files' `final_event: {status: {state: …}}` and `artifact: {exists: true}` reach into whichever payload came.
 */
export function eventView(streamResponse: unknown): unknown {
  if (typeof streamResponse !== 'object' || streamResponse === null || Array.isArray(streamResponse))
    return streamResponse;
  const response = streamResponse as Json;
  for (const [wire, snake] of PAYLOADS) {
    const payload = response[wire];
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) continue;
    // Payload fields first, so the wrapper's own names win where they meet.
    return { ...(payload as Json), ...response, [snake]: payload };
  }
  return response;
}

/** The payload's task state, for the ordering rule (ACTS §7.1), in 1.0's spelling. */
export function eventState(streamResponse: unknown): string | undefined {
  if (typeof streamResponse !== 'object' || streamResponse === null) return undefined;
  const response = streamResponse as Json;
  for (const key of ['task', 'statusUpdate']) {
    const payload = response[key] as Json | undefined;
    const status = payload?.status as Json | undefined;
    if (typeof status?.state === 'string') return status.state;
    if (typeof status?.state === 'number') return NUMBERED_STATES[status.state];
  }
  return undefined;
}

/** ProtoJSON readers accept enum numbers too (the 1.0 proto's TaskState numbering). */
const NUMBERED_STATES: Record<number, string> = {
  0: 'TASK_STATE_UNSPECIFIED',
  1: 'TASK_STATE_SUBMITTED',
  2: 'TASK_STATE_WORKING',
  3: 'TASK_STATE_COMPLETED',
  4: 'TASK_STATE_FAILED',
  5: 'TASK_STATE_CANCELED',
  6: 'TASK_STATE_INPUT_REQUIRED',
  7: 'TASK_STATE_REJECTED',
  8: 'TASK_STATE_AUTH_REQUIRED',
};

/** An error answer as a body view: `{error: {code, message, data}}`, so `expect: {error: {exists: true}}` reads it. */
export function errorView(error: A2AError): Json {
  return {
    error: set({
      code: error.code,
      message: error.message,
      data: error.data,
      httpStatus: error.httpStatus,
      reasons: nonEmpty(error.reasons),
    }),
  };
}
