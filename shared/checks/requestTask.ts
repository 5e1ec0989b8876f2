// The task a recorded request names, read from its bytes alone (the final revision of an exchange frame carries the
// task its answer was about, not the one asked for). docs/protocol.md#operations-and-bindings: JSON-RPC names a task in
// `params.id` (get, cancel, resubscribe/subscribe; 0.1 `tasks/send*`, whose task ids the client makes) or in
// `params.message.taskId` (a follow-up message); REST in the path `…/tasks/{id}[:verb]` or in the body's
// `message.taskId`; gRPC in the request message: 1.0 `id`, 0.3 the resource name `tasks/{id}`, or `message.taskId`.

import type { HttpFrame } from '../wire/frame';
import { profileNamed } from '../a2a/profile';

const BY_ID = new Set(['get', 'cancel', 'subscribe']);
const BY_MESSAGE = new Set(['send', 'stream']);

function member(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function parse(body: string | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** `/v1/tasks/t%201:subscribe` → `t 1`; undefined when the path names no task. */
function taskInPath(url: string): string | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const match = /\/tasks\/([^/:]+)/.exec(path);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

export function requestedTaskId(frame: HttpFrame): string | undefined {
  const a2a = frame.a2a;
  if (!a2a) return undefined;
  const { operation, generation, binding } = a2a;
  if (!BY_ID.has(operation) && !BY_MESSAGE.has(operation)) return undefined;
  if (binding === 'GRPC') {
    const body = parse(frame.request.body?.text);
    if (!BY_ID.has(operation)) return text(member(member(body, 'message'), 'taskId'));
    const name = text(member(body, 'name'));
    return name === undefined ? text(member(body, 'id')) : /^tasks\/([^/]+)$/.exec(name)?.[1];
  }
  if (binding === 'HTTP+JSON') {
    if (BY_ID.has(operation)) return taskInPath(frame.request.url);
    return text(member(member(parse(frame.request.body?.text), 'message'), 'taskId'));
  }
  const params = member(parse(frame.request.body?.text), 'params');
  // A 0.1 client names the task it sends to in params.id.
  if (BY_ID.has(operation) || profileNamed(generation)?.taskIdsFrom === 'client')
    return text(member(params, 'id'));
  return text(member(member(params, 'message'), 'taskId'));
}
