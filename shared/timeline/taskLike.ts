// Finds a task in a JSON answer that is not A2A (a plain REST agent's `GET /tasks/{id}`, or one event of its stream):
// any object with a string `id` and a string `status.state`, at the top or under `task`, `result` or `data`. Such
// tasks are shown in the Tasks tab with their state strip, marked as not A2A (docs/protocol.md#plain-rest-agents);
// their states are mapped onto A2A's names where the spelling differs only in case, `_`/`-` or a `TASK_STATE_`
// prefix, and kept as `unknown` (with the wire spelling) otherwise.

import type { TaskState } from '../a2a/model';
import type { BodyBytes, HeaderList } from '../wire/frame';
import { applyState, type TaskView } from './taskView';

export interface TaskLike {
  id: string;
  state: TaskState;
  /** The state as the answer spelled it. */
  stateWire: string;
  /** Artifacts the object listed, with their names and text where they had them. */
  artifacts: Array<{ name?: string; text?: string }>;
}

const KNOWN_STATES: ReadonlySet<string> = new Set<TaskState>([
  'submitted',
  'working',
  'input-required',
  'auth-required',
  'completed',
  'canceled',
  'failed',
  'rejected',
]);

/** Where a wrapper may hold the task: REST wrappers and JSON-RPC-looking envelopes of non-A2A servers. */
const WRAPPERS = ['task', 'result', 'data'] as const;

export function findTaskLike(value: unknown): TaskLike | undefined {
  const direct = asTaskLike(value);
  if (direct || !isObject(value)) return direct;
  for (const key of WRAPPERS) {
    if (!Object.hasOwn(value, key)) continue;
    const inner = asTaskLike(value[key]);
    if (inner) return inner;
  }
  return undefined;
}

/** Bodies larger than this are not searched for a task: a task's JSON is small, and parsing costs the window. */
const MAX_SEARCHED_BYTES = 1024 * 1024;

/** The task a buffered JSON answer carries, if it carries one; an event stream or a stored body is not searched. */
export function bodyTaskLike(headers: HeaderList, body: BodyBytes): TaskLike | undefined {
  if (body.stored || body.truncated || body.size > MAX_SEARCHED_BYTES) return undefined;
  const type = headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1].toLowerCase() ?? '';
  if (type.startsWith('text/event-stream') || !body.text.trimStart().startsWith('{')) return undefined;
  try {
    return findTaskLike(JSON.parse(body.text));
  } catch {
    return undefined;
  }
}

/** The timeline's line for one event of a stream that is not A2A: its SSE type, and the task state it carried. */
export function genericEventLabel(type: string, task: TaskLike | undefined): string {
  const name = type === 'message' ? 'event' : `event ${type}`;
  return task ? `${name} · task ${task.stateWire} (not A2A)` : name;
}

/** A state as A2A names it: `INPUT_REQUIRED`, `input_required` and `TASK_STATE_INPUT_REQUIRED` are input-required. */
export function normalizeTaskState(wire: string): TaskState {
  const name = wire
    .trim()
    .toLowerCase()
    .replace(/^task_state_/, '')
    .replace(/[_\s]+/g, '-');
  const spelled = name === 'cancelled' ? 'canceled' : name;
  return KNOWN_STATES.has(spelled) ? (spelled as TaskState) : 'unknown';
}

function asTaskLike(value: unknown): TaskLike | undefined {
  if (!isObject(value) || typeof value.id !== 'string' || value.id === '') return undefined;
  const status = Object.hasOwn(value, 'status') ? value.status : undefined;
  if (!isObject(status) || typeof status.state !== 'string' || status.state === '') return undefined;
  const listed = Object.hasOwn(value, 'artifacts') && Array.isArray(value.artifacts) ? value.artifacts : [];
  return {
    id: value.id,
    state: normalizeTaskState(status.state),
    stateWire: status.state,
    artifacts: listed.map(artifactOf),
  };
}

function artifactOf(value: unknown): { name?: string; text?: string } {
  if (!isObject(value)) return {};
  return {
    ...(typeof value.name === 'string' ? { name: value.name } : {}),
    ...(typeof value.text === 'string' ? { text: value.text } : {}),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Applies a task read from a non-A2A answer to its view: its state, and its artifacts as text parts. */
export function applyTaskLike(view: TaskView, task: TaskLike, at: number, frameId: string): void {
  view.notA2A = true;
  applyState(view, task.state, task.stateWire, at, frameId);
  task.artifacts.forEach((artifact, index) => {
    const key = `#${index}`;
    let assembled = view.artifacts.find((a) => a.key === key);
    if (!assembled) {
      assembled = { key, parts: [], chunks: 0, complete: true, frameIds: [] };
      view.artifacts.push(assembled);
    }
    if (artifact.name !== undefined) assembled.name = artifact.name;
    assembled.parts =
      artifact.text !== undefined ? [{ kind: 'text', text: artifact.text, wire: artifact }] : [];
    if (assembled.frameIds.at(-1) !== frameId) assembled.frameIds.push(frameId);
  });
  if (view.frameIds.at(-1) !== frameId) view.frameIds.push(frameId);
}
