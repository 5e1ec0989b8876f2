// A recorded run boiled down to what should be the same when it is sent again (SES-4): per request the user sent,
// the operation, the HTTP status, the answer's kind, the A2A error, the task states in order, the assembled
// artifacts and the agent's words. Ids (task, context, message, artifact, JSON-RPC) and times change on every run,
// so they are left out, and where an id shows up inside text it is replaced by a stable name (‹task 1›).

import type { Part, StreamItem, Task } from '../a2a/model';
import type { Frame, HttpFrame, SseFrame } from '../wire/frame';
import { exchangeRequest, type ExchangeRequest } from '../timeline/exchangeRequest';
import { applyItem, newTaskView, type TaskView } from '../timeline/taskView';

export interface ArtifactDigest {
  /** The artifact's name, or `#<position>` when it has none (its id is left out). */
  name: string;
  /** One line per part: text (adjacent text parts joined), `data <canonical JSON>`, `file <name> <type> <size>`. */
  content: string[];
  /** A chunk said it was the last one, or the artifact came whole in a task. */
  complete: boolean;
}

export interface StepError {
  code?: number;
  name?: string;
  message: string;
}

/** One request the user sent and what came of it. */
export interface RunStep {
  /** The exchange's frame; kept to link back, never compared. */
  frameId: string;
  operation: string;
  generation?: string;
  binding?: string;
  /** JSON-RPC method; absent over HTTP+JSON. */
  rpcMethod?: string;
  httpStatus?: number;
  /** What the decoder made of the answer (result, error, stream, invalid); absent when none came. */
  outcome?: string;
  /** Why the exchange did not complete (its label: "Timed out", "Connection refused" …). */
  failure?: string;
  /** How a stream ended. */
  streamEnded?: string;
  /** The result's kind: task, message, task-page, push-config, push-configs, card, empty. */
  result?: string;
  error?: StepError;
  /** Task states in the order they were seen, repeats of the state in force left out. */
  states: string[];
  finalState?: string;
  artifacts: ArtifactDigest[];
  /** Texts of the messages the agent returned (direct answers and status messages), in order. */
  messages: string[];
  /** A task list's tasks, by their state. */
  listed?: string[];
  /** An agent card or push config answer, as canonical JSON. */
  document?: string;
  /** Set when the step was not sent at all this time (a re-send that was refused), with the reason. */
  notSent?: string;
  /** Timing end − start; compared apart from everything else. */
  durationMs?: number;
}

export interface RunDigest {
  steps: RunStep[];
}

/** One position of ids in an answer: a task snapshot, a stream event, a direct message. */
export interface AnswerIds {
  taskId?: string;
  contextId?: string;
}

const USER_SOURCE = /^agent:([A-Za-z]+)(:retry)?$/;

/** True for the frames of requests the user sent to an agent: an operation or a raw request, not a probe. */
export function isUserRequest(frame: Frame): boolean {
  return frame.kind === 'http' && USER_SOURCE.test(frame.source);
}

/**
 * The user's request exchanges in order of first arrival, each at its newest revision, with its SSE frames. A
 * `:retry` (the same request again with a renewed OAuth token) takes the place of the attempt it repeats.
 */
export function userExchanges(frames: readonly Frame[]): Array<{ frame: HttpFrame; events: SseFrame[] }> {
  const latest = new Map<string, HttpFrame>();
  const order: string[] = [];
  const events = new Map<string, SseFrame[]>();
  const seenEvents = new Set<string>();
  const retried = new Set<string>();
  let previous: string | undefined;
  for (const frame of frames) {
    if (frame.kind === 'sse') {
      // A frame repeated (a session merged twice) is counted once.
      if (seenEvents.has(frame.id)) continue;
      seenEvents.add(frame.id);
      const list = events.get(frame.exchangeId);
      if (list) list.push(frame);
      else events.set(frame.exchangeId, [frame]);
      continue;
    }
    if (frame.kind !== 'http' || !isUserRequest(frame)) continue;
    const known = latest.get(frame.id);
    if (!known) {
      if (frame.source.endsWith(':retry') && previous !== undefined) retried.add(previous);
      order.push(frame.id);
      previous = frame.id;
    }
    if (!known || revision(frame) >= revision(known)) latest.set(frame.id, frame);
  }
  return order
    .filter((id) => !retried.has(id))
    .map((id) => ({
      frame: latest.get(id)!,
      events: (events.get(id) ?? []).slice().sort((a, b) => a.seq - b.seq),
    }));
}

export function digestRun(frames: readonly Frame[]): RunDigest {
  const names = new IdNames();
  const steps = userExchanges(frames).map(({ frame, events }) => digestExchange(frame, events, names));
  return { steps: steps.map((step) => names.scrubStep(step)) };
}

/**
 * The task and context ids an exchange's answer carried, in order: the answer's task or message (each task of a
 * list), then each stream event. Two runs of the same request give the same positions, so a re-send can learn
 * which new id stands for which recorded one.
 */
export function answerIds(frame: HttpFrame, events: readonly SseFrame[]): AnswerIds[] {
  const ids: AnswerIds[] = [];
  const decoder = exchangeRequest(frame);
  if (decoder && frame.response && !frame.stream) {
    const decoded = decodeBody(decoder, frame);
    if (decoded?.kind === 'result') {
      const result = decoded.result;
      if (result.type === 'task') ids.push(taskIds(result.task));
      else if (result.type === 'message') ids.push(pick(result.message.taskId, result.message.contextId));
      else if (result.type === 'task-page') ids.push(...result.page.tasks.map(taskIds));
    }
  }
  for (const event of events) {
    if (!event.dispatched) continue;
    ids.push(pick(event.a2a?.taskId, event.a2a?.contextId));
  }
  return ids;
}

function digestExchange(frame: HttpFrame, events: readonly SseFrame[], names: IdNames): RunStep {
  const a2a = frame.a2a;
  const step: RunStep = {
    frameId: frame.id,
    operation: a2a?.operation ?? 'raw',
    states: [],
    artifacts: [],
    messages: [],
    ...optional('generation', a2a?.generation),
    ...optional('binding', a2a?.binding),
    ...optional('rpcMethod', a2a?.rpc?.method),
    ...optional('outcome', a2a?.outcome),
    ...optional('failure', frame.error?.label),
    ...optional('streamEnded', frame.stream?.ended),
  };
  if (frame.response) step.httpStatus = frame.response.status;
  if (frame.timing.end !== undefined) step.durationMs = frame.timing.end - frame.timing.start;

  const decoder = exchangeRequest(frame);
  if (decoder?.request.body) {
    const sent = decoder.adapter.decodeSentMessage(decoder.request.body);
    names.note('message', sent?.messageId);
    names.note('task', sent?.taskId);
    names.note('context', sent?.contextId);
  }
  const tasks = new TaskStates(names);

  if (decoder && frame.response && !frame.stream && !frame.error) {
    const decoded = decodeBody(decoder, frame);
    if (decoded?.kind === 'error') step.error = stepError(decoded.error);
    if (decoded?.kind === 'result') {
      const result = decoded.result;
      step.result = result.type;
      switch (result.type) {
        case 'task':
          tasks.apply({ kind: 'task', task: result.task }, step);
          break;
        case 'message':
          tasks.apply({ kind: 'message', message: result.message }, step);
          break;
        case 'task-page':
          for (const task of result.page.tasks) tasks.noteTask(task);
          step.listed = result.page.tasks.map((task) => task.status.state);
          break;
        case 'card':
          step.document = canonicalJson(result.card);
          break;
        case 'push-config':
          step.document = canonicalJson(pushConfigShape(result.config));
          break;
        case 'push-configs':
          step.document = canonicalJson(result.configs.map(pushConfigShape));
          break;
        case 'empty':
          break;
      }
    }
  }

  for (const event of events) {
    if (!event.dispatched || !event.event) continue;
    const decoded = decoder?.adapter.decodeStreamEvent(
      decoder.request,
      event.event.data,
      event.event.type === 'error',
    );
    if (decoded?.kind === 'item') tasks.apply(decoded.item, step);
    else if (decoded?.kind === 'error') step.error ??= stepError(decoded.error);
    else if (event.a2a?.state) tasks.pushState(event.a2a.state, step);
  }

  step.artifacts = tasks.artifacts();
  const final = step.states.at(-1);
  if (final !== undefined) step.finalState = final;
  return step;
}

/** The states and artifacts of the tasks one exchange touched. */
class TaskStates {
  private readonly views = new Map<string, TaskView>();
  private seq = 0;

  constructor(private readonly names: IdNames) {}

  apply(item: StreamItem, step: RunStep): void {
    switch (item.kind) {
      case 'task':
        this.noteTask(item.task);
        this.pushState(item.task.status.state, step);
        this.pushMessage(item.task.status.message?.parts, step);
        break;
      case 'status-update':
        this.names.note('task', item.update.taskId);
        this.names.note('context', item.update.contextId);
        this.names.note('message', item.update.status.message?.messageId);
        this.pushState(item.update.status.state, step);
        this.pushMessage(item.update.status.message?.parts, step);
        break;
      case 'artifact-update':
        this.names.note('task', item.update.taskId);
        this.names.note('context', item.update.contextId);
        break;
      case 'message':
        this.names.note('message', item.message.messageId);
        this.names.note('task', item.message.taskId);
        this.names.note('context', item.message.contextId);
        this.pushMessage(item.message.parts, step);
        return;
      case 'unknown':
        return;
    }
    const taskId = item.kind === 'task' ? item.task.id : item.update.taskId;
    applyItem(this.view(taskId), item, 0, String(this.seq++));
  }

  noteTask(task: Task): void {
    this.names.note('task', task.id);
    this.names.note('context', task.contextId);
    for (const message of task.history) this.names.note('message', message.messageId);
    this.names.note('message', task.status.message?.messageId);
  }

  pushState(state: string, step: RunStep): void {
    if (step.states.at(-1) !== state) step.states.push(state);
  }

  artifacts(): ArtifactDigest[] {
    const out: ArtifactDigest[] = [];
    for (const view of this.views.values()) {
      for (const artifact of view.artifacts) {
        out.push({
          name: artifact.name ?? `#${out.length + 1}`,
          content: partLines(artifact.parts),
          complete: artifact.complete,
        });
      }
    }
    return out;
  }

  private pushMessage(parts: readonly Part[] | undefined, step: RunStep): void {
    if (!parts || parts.length === 0) return;
    const text = partLines(parts).join('\n');
    // A status message repeated by a later snapshot of the same task is one message, not two.
    if (step.messages.at(-1) !== text) step.messages.push(text);
  }

  private view(taskId: string): TaskView {
    let view = this.views.get(taskId);
    if (!view) {
      view = newTaskView(taskId);
      this.views.set(taskId, view);
    }
    return view;
  }
}

/**
 * Names ids by kind and first appearance (‹task 1›, ‹context 1› …), so an id the agent echoes inside a text or an
 * error message reads the same in two runs. Very short ids are left alone: replacing "1" everywhere would mangle
 * texts, and ids that short are not the random ones that change between runs. Artifact ids are left alone too:
 * agents often name them for what they are ("echo"), the same word as the artifact's name and its text.
 */
class IdNames {
  private readonly names = new Map<string, string>();
  private readonly counts = new Map<string, number>();
  private ordered: Array<[string, string]> | undefined;

  note(kind: 'task' | 'context' | 'message', id: string | undefined): void {
    if (id === undefined || id.length < 4 || this.names.has(id)) return;
    const count = (this.counts.get(kind) ?? 0) + 1;
    this.counts.set(kind, count);
    this.names.set(id, `‹${kind} ${count}›`);
    this.ordered = undefined;
  }

  scrub(text: string): string {
    // Longest first, so an id that contains another is replaced whole.
    this.ordered ??= [...this.names].sort((a, b) => b[0].length - a[0].length);
    let out = text;
    for (const [id, name] of this.ordered) if (out.includes(id)) out = out.split(id).join(name);
    return out;
  }

  scrubStep(step: RunStep): RunStep {
    const scrub = (text: string) => this.scrub(text);
    return {
      ...step,
      ...(step.error ? { error: { ...step.error, message: scrub(step.error.message) } } : {}),
      artifacts: step.artifacts.map((a) => ({ ...a, content: a.content.map(scrub) })),
      messages: step.messages.map(scrub),
      ...(step.document !== undefined ? { document: scrub(step.document) } : {}),
    };
  }
}

/** Parts as lines: adjacent text parts joined (how an agent chunks its text is not part of what it said). */
export function partLines(parts: readonly Part[]): string[] {
  const lines: string[] = [];
  let text: string | undefined;
  const flush = () => {
    if (text !== undefined) lines.push(text);
    text = undefined;
  };
  for (const part of parts) {
    switch (part.kind) {
      case 'text':
        text = (text ?? '') + part.text;
        continue;
      case 'data':
        flush();
        lines.push(`data ${canonicalJson(part.data)}`);
        continue;
      case 'file': {
        flush();
        const size = part.bytes !== undefined ? `${base64Size(part.bytes)} bytes` : `at ${part.uri ?? '?'}`;
        lines.push(`file ${part.name ?? '(no name)'} ${part.mediaType ?? '(no type)'} ${size}`);
        continue;
      }
      case 'unknown':
        flush();
        lines.push(`unknown part ${canonicalJson(part.wire)}`);
        continue;
    }
  }
  flush();
  return lines;
}

/** JSON with object keys sorted at every level, so two serializations of the same value compare equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'undefined';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
  return out;
}

function base64Size(base64: string): number {
  const clean = base64.replace(/[^A-Za-z0-9+/_-]/g, '');
  return Math.floor((clean.length * 3) / 4);
}

/** What a push config says, without the secrets or the webhook's address (a new receiver has a new port). */
function pushConfigShape(config: { id?: string; authSchemes?: string[] }): unknown {
  return { id: config.id ?? null, authSchemes: config.authSchemes ?? [] };
}

function stepError(error: { code?: number; name?: string; message: string }): StepError {
  return {
    message: error.message,
    ...(error.code !== undefined ? { code: error.code } : {}),
    ...(error.name !== undefined ? { name: error.name } : {}),
  };
}

function decodeBody(decoder: ExchangeRequest, frame: HttpFrame) {
  const response = frame.response;
  if (!response || response.body.truncated) return undefined;
  return decoder.adapter.decodeResponse(decoder.request, {
    status: response.status,
    headers: response.headers,
    bodyText: response.body.text,
  });
}

function taskIds(task: Task): AnswerIds {
  return pick(task.id, task.contextId);
}

function pick(taskId: string | undefined, contextId: string | undefined): AnswerIds {
  return { ...optional('taskId', taskId), ...optional('contextId', contextId) };
}

/** A frame without `rev` is final; otherwise the highest revision wins. */
function revision(frame: HttpFrame): number {
  return frame.rev ?? Number.POSITIVE_INFINITY;
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}
