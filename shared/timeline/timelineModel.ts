// Frames → what the timeline, the conversation and the task panel show
// (docs/architecture.md#frames-are-the-single-source-of-truth, TL-1..TL-5). Pure and incremental: `ingest` takes frames
// in arrival order (every revision of an exchange, and its SSE frames) and updates entries, tasks and conversation by
// what is new. Live traffic and a saved session go through the same code; nothing here knows where the frames came
// from.

import type { OperationResult, StreamItem } from '../a2a/model';
import type { Message } from '../a2a/model';
import type { Finding } from '../wire/finding';
import type { Frame, HttpFrame, SseFrame, WebhookFrame } from '../wire/frame';
import { pushAdapter } from '../a2a/adapters';
import { exchangeRequest, type ExchangeRequest } from './exchangeRequest';
import { applyItem, applyTask, type TaskView } from './taskView';
import { TaskViews } from './taskViews';
import {
  applyTaskLike,
  bodyTaskLike,
  findTaskLike as findTaskLikeIn,
  genericEventLabel,
  type TaskLike,
} from './taskLike';
import { eventJson } from '../wire/eventJson';
import { insertByArrival } from './arrivalOrder';
import { EntryTable, entryRowsOf, type EntryRows } from './entryTable';

export type EntryKind = 'request' | 'response' | 'event' | 'keep-alive' | 'stream-end' | 'error' | 'push';

export interface TimelineEntry {
  /** Unique: the frame id, plus `:end` for the entry that closes an exchange. */
  id: string;
  frameId: string;
  /** The exchange the entry belongs to (its own id for an http frame). */
  exchangeId: string;
  kind: EntryKind;
  at: number;
  /** Milliseconds since the previous entry of the same exchange (TL-1 gaps). */
  gapMs?: number;
  /** Bytes on the wire for this entry, when known. */
  size?: number;
  agentId?: string;
  operation?: string;
  taskId?: string;
  contextId?: string;
  /** The task state the entry carried. */
  state?: string;
  /** One line for the list, e.g. "status-update · working" or "HTTP 200 · Task t-1 is completed.". */
  label: string;
  severity?: 'error' | 'warning';
}

export interface ConversationItem {
  id: string;
  frameId: string;
  at: number;
  role: 'user' | 'agent';
  message: Message;
  taskId?: string;
  contextId?: string;
  agentId?: string;
  /** Where the message was found: the request, a status update, a direct answer. */
  origin: 'sent' | 'status' | 'answer' | 'stored';
  /**
   * An event over the per-event cap, stored on disk and not decoded (FRM-8): the item stands in for whatever it
   * carried (its `message` has no parts) until the user loads it.
   */
  stored?: { sha256: string; size: number };
}

interface ExchangeState {
  decoder?: ExchangeRequest;
  agentId?: string;
  operation?: string;
  taskId?: string;
  lastAt: number;
  ended: boolean;
  /** Dispatched SSE events so far, and when the last one arrived (the composer's stream status). */
  events?: number;
  lastEventAt?: number;
}

export class TimelineModel {
  /**
   * The entries in arrival order (TL-7: an entry that arrives late in the batch order is put where its time says),
   * read row by row. Views read the rows they show; `entries` makes them all as objects.
   */
  readonly rows: EntryRows;
  /** Per agent and task id: two agents that use the same task id have a view each. */
  readonly tasks = new TaskViews();
  readonly conversation: ConversationItem[] = [];
  /** Entries by kind, kept as they are added (the timeline's header shows them without counting). */
  readonly counts: Record<EntryKind, number> = {
    request: 0,
    response: 0,
    event: 0,
    'keep-alive': 0,
    'stream-end': 0,
    error: 0,
    push: 0,
  };
  /** Bumped on every change, so views can tell that something moved. */
  version = 0;
  /**
   * Bumped when an entry was inserted before the end rather than appended, so a view that extends what it derived
   * from the entries (the timeline's filter) knows to start over.
   */
  insertions = 0;
  private readonly exchanges = new Map<string, ExchangeState>();

  /** Entries by column (entryTable.ts), or, on the straightforward path, as built. */
  private readonly table: EntryTable | undefined;
  private readonly built: TimelineEntry[] = [];

  /** `compactEntries: false` keeps each entry as built: the straightforward path differential tests compare with. */
  constructor(options: { compactEntries?: boolean } = {}) {
    this.table = (options.compactEntries ?? true) ? new EntryTable() : undefined;
    this.rows = this.table ?? entryRowsOf(this.built);
  }

  /** Every entry in arrival order, made as objects: a new list on each read, for tests and whole-list readers. */
  get entries(): TimelineEntry[] {
    return this.table ? this.table.toArray() : this.built;
  }

  ingest(frames: readonly Frame[]): void {
    for (const frame of frames) {
      if (frame.kind === 'http') this.onHttp(frame);
      else if (frame.kind === 'sse') this.onSse(frame);
      else this.onWebhook(frame);
    }
    if (frames.length > 0) this.version++;
  }

  /** Events an exchange's stream has carried so far and when the last arrived; undefined for an unknown exchange. */
  streamProgress(exchangeId: string): { events: number; lastEventAt?: number } | undefined {
    const exchange = this.exchanges.get(exchangeId);
    if (!exchange) return undefined;
    return {
      events: exchange.events ?? 0,
      ...(exchange.lastEventAt !== undefined ? { lastEventAt: exchange.lastEventAt } : {}),
    };
  }

  /** Tasks in the order they were first seen. */
  taskList(): TaskView[] {
    return [...this.tasks.values()];
  }

  private onHttp(frame: HttpFrame): void {
    let exchange = this.exchanges.get(frame.id);
    if (!exchange) {
      exchange = { lastAt: frame.timing.start, ended: false };
      const decoder = exchangeRequest(frame);
      if (decoder) exchange.decoder = decoder;
      if (frame.a2a) {
        exchange.agentId = frame.a2a.agentId;
        exchange.operation = frame.a2a.operation;
        if (frame.a2a.taskId) exchange.taskId = frame.a2a.taskId;
      }
      this.exchanges.set(frame.id, exchange);
      this.onRequest(frame, exchange);
    }
    // Only the final revision says how the exchange ended; earlier ones only announced it.
    if (exchange.ended || !isFinal(frame)) return;
    exchange.ended = true;
    this.onEnd(frame, exchange);
  }

  private onRequest(frame: HttpFrame, exchange: ExchangeState): void {
    this.push({
      id: frame.id,
      frameId: frame.id,
      exchangeId: frame.id,
      kind: 'request',
      at: frame.timing.start,
      ...(frame.request.body ? { size: frame.request.body.size } : {}),
      ...context(exchange),
      label: `${frame.a2a?.rpc?.method ?? `${frame.request.method} ${pathOf(frame.request.url)}`} →`,
    });
    const decoder = exchange.decoder;
    if (
      decoder &&
      frame.request.body &&
      (decoder.request.operation === 'send' || decoder.request.operation === 'stream')
    ) {
      const message = decoder.adapter.decodeSentMessage(frame.request.body.text);
      if (message) {
        this.conversation.push({
          id: `${frame.id}:sent`,
          frameId: frame.id,
          at: frame.timing.start,
          role: 'user',
          message,
          origin: 'sent',
          ...optional('taskId', message.taskId),
          ...optional('contextId', message.contextId),
          ...optional('agentId', exchange.agentId),
        });
      }
    }
  }

  private onEnd(frame: HttpFrame, exchange: ExchangeState): void {
    const at = frame.timing.end ?? frame.timing.start;
    const base = {
      id: `${frame.id}:end`,
      frameId: frame.id,
      exchangeId: frame.id,
      at,
      gapMs: at - exchange.lastAt,
      ...context(exchange),
    };
    exchange.lastAt = at;
    if (frame.stream) {
      const why =
        frame.stream.ended === 'closed-by-user'
          ? 'closed by you'
          : frame.error
            ? `${frame.error.label}`
            : 'ended';
      this.push({
        ...base,
        kind: frame.error && frame.stream.ended === 'error' ? 'error' : 'stream-end',
        size: frame.stream.bytes,
        label: `stream ${why} · ${frame.stream.events} events`,
        ...(frame.stream.ended === 'error' ? { severity: 'error' as const } : {}),
      });
      return;
    }
    if (!frame.response) {
      this.push({ ...base, kind: 'error', label: `${frame.error?.label ?? 'Failed'}`, severity: 'error' });
      return;
    }
    const decoded = this.decodeResponse(frame, exchange);
    this.push({
      ...base,
      kind: decoded.severity === 'error' ? 'error' : 'response',
      size: frame.response.body.size,
      label: `HTTP ${frame.response.status} · ${decoded.label}`,
      ...(decoded.state ? { state: decoded.state } : {}),
      ...(decoded.taskId ? { taskId: decoded.taskId } : {}),
      ...(decoded.severity ? { severity: decoded.severity } : {}),
    });
  }

  private decodeResponse(
    frame: HttpFrame,
    exchange: ExchangeState,
  ): { label: string; state?: string; taskId?: string; severity?: 'error' | 'warning' } {
    const decoder = exchange.decoder;
    const response = frame.response!;
    if (!decoder) {
      // Not an A2A exchange (the address bar, a raw request no operation matched): a task in it is still shown.
      const task = frame.error ? undefined : bodyTaskLike(response.headers, response.body);
      if (!task) return { label: frame.error?.label ?? response.statusText };
      return this.onTaskLike(task, frame.id, frame.timing.end ?? frame.timing.start, exchange);
    }
    if (frame.error) return { label: frame.error.label, severity: 'error' };
    const decoded = decoder.adapter.decodeResponse(decoder.request, {
      status: response.status,
      headers: response.headers,
      bodyText: response.body.text,
    });
    const at = frame.timing.end ?? frame.timing.start;
    switch (decoded.kind) {
      case 'result':
        return { ...this.onResult(decoded.result, frame.id, at, exchange), ...severityOf(decoded.findings) };
      case 'error':
        return {
          label: `error ${decoded.error.code ?? ''} ${decoded.error.name ?? ''}`.replace(/\s+/g, ' ').trim(),
          severity: 'error',
        };
      default:
        return { label: 'not an A2A answer', severity: 'error' };
    }
  }

  private onResult(
    result: OperationResult,
    frameId: string,
    at: number,
    exchange: ExchangeState,
  ): { label: string; state?: string; taskId?: string } {
    switch (result.type) {
      case 'task': {
        const view = this.task(result.task.id, exchange.agentId);
        applyTask(view, result.task, at, frameId);
        view.frameIds.push(frameId);
        this.agentMessage(result.task.status.message, frameId, at, exchange, 'status', result.task.id);
        return {
          label: `task ${result.task.status.stateWire}`,
          state: result.task.status.state,
          taskId: result.task.id,
        };
      }
      case 'message':
        this.agentMessage(result.message, frameId, at, exchange, 'answer', result.message.taskId);
        return { label: 'message' };
      case 'task-page':
        for (const task of result.page.tasks)
          applyTask(this.task(task.id, exchange.agentId), task, at, frameId);
        return { label: `${result.page.tasks.length} tasks` };
      default:
        return { label: result.type };
    }
  }

  private onSse(frame: SseFrame): void {
    const exchange = this.exchanges.get(frame.exchangeId);
    const at = frame.timing.start;
    const gapMs = exchange ? at - exchange.lastAt : undefined;
    if (exchange) {
      exchange.lastAt = at;
      if (frame.dispatched) {
        exchange.events = (exchange.events ?? 0) + 1;
        exchange.lastEventAt = at;
      }
    }
    const base = {
      id: frame.id,
      frameId: frame.id,
      exchangeId: frame.exchangeId,
      at,
      ...(gapMs !== undefined ? { gapMs } : {}),
      size: frame.offset.end - frame.offset.start,
      ...(exchange ? context(exchange) : {}),
    };
    if (!frame.dispatched) {
      this.push({
        ...base,
        kind: 'keep-alive',
        label: frame.comments?.length ? `: ${frame.comments.join(' ')}` : 'empty block',
      });
      return;
    }
    if (frame.stored) return this.onStoredEvent(frame, base, exchange);
    const decoder = exchange?.decoder;
    if (!decoder && frame.event) {
      // A stream that is not A2A (any text/event-stream answer): its events are generic, never "not readable".
      const task = findTaskLikeIn(eventJson(frame));
      const label = genericEventLabel(frame.event.type, task);
      if (!task || !exchange) return this.push({ ...base, kind: 'event', label });
      this.push({ ...base, kind: 'event', ...this.onTaskLike(task, frame.id, at, exchange), label });
      return;
    }
    const decoded =
      decoder && frame.event
        ? decoder.adapter.decodeStreamEvent(decoder.request, frame.event.data, frame.event.type === 'error')
        : undefined;
    if (!decoded || decoded.kind !== 'item') {
      const error =
        decoded?.kind === 'error'
          ? `error ${decoded.error.code ?? ''} ${decoded.error.name ?? ''}`.trim()
          : 'not readable';
      this.push({ ...base, kind: 'event', label: error, severity: 'error' });
      return;
    }
    const item = decoded.item;
    const summary = this.onItem(item, frame.id, at, exchange!);
    this.push({ ...base, kind: 'event', ...summary, ...severityOf(decoded.findings) });
  }

  /** An event too large to keep in memory (FRM-8): listed with its size, and held in the conversation's place. */
  private onStoredEvent(
    frame: SseFrame,
    base: Omit<TimelineEntry, 'kind' | 'label'>,
    exchange?: ExchangeState,
  ): void {
    const stored = frame.stored!;
    this.push({
      ...base,
      kind: 'event',
      label: `${stored.type} · stored on disk, not decoded`,
      severity: 'warning',
    });
    this.conversation.push({
      id: `${frame.id}:stored`,
      frameId: frame.id,
      at: frame.timing.start,
      role: 'agent',
      message: { role: 'agent', roleWire: 'agent', parts: [], wire: {} },
      origin: 'stored',
      stored: { sha256: stored.sha256, size: stored.size },
      ...optional('taskId', exchange?.taskId),
      ...optional('agentId', exchange?.agentId),
    });
  }

  /** A push delivery: accepted ones join their task like stream events; refused ones are listed with the reason. */
  private onWebhook(frame: WebhookFrame): void {
    const at = frame.timing.start;
    const base = {
      id: frame.id,
      frameId: frame.id,
      exchangeId: frame.id,
      at,
      size: frame.request.body?.size ?? 0,
      ...optional('agentId', frame.agentId),
    };
    if (!frame.verdict.accepted) {
      this.push({
        ...base,
        kind: 'push',
        label: `push refused · ${frame.verdict.reason}`,
        severity: 'error',
      });
      return;
    }
    const adapter = pushAdapter(frame.a2a?.generation);
    const decoded = adapter && frame.request.body ? adapter.decodePush(frame.request.body.text) : undefined;
    if (!decoded || decoded.kind !== 'item') {
      this.push({ ...base, kind: 'push', label: 'push · not readable', severity: 'error' });
      return;
    }
    const exchange: ExchangeState = {
      lastAt: at,
      ended: true,
      ...(frame.agentId ? { agentId: frame.agentId } : {}),
    };
    const summary = this.onItem(decoded.item, frame.id, at, exchange);
    const flags = frame.a2a?.duplicate ? ' (duplicate)' : frame.a2a?.unknownTask ? ' (unknown task)' : '';
    this.push({
      ...base,
      kind: 'push',
      ...summary,
      label: `push · ${summary.label}${flags}`,
      ...(flags ? { severity: 'warning' as const } : severityOf(decoded.findings)),
    });
  }

  private onItem(
    item: StreamItem,
    frameId: string,
    at: number,
    exchange: ExchangeState,
  ): { label: string; state?: string; taskId?: string; contextId?: string } {
    const taskId = itemTaskId(item);
    if (item.kind === 'message') {
      this.agentMessage(item.message, frameId, at, exchange, 'answer', item.message.taskId);
      return { label: 'message', ...optional('taskId', taskId) };
    }
    if (taskId === undefined) return { label: item.kind };
    exchange.taskId ??= taskId;
    const view = this.task(taskId, exchange.agentId);
    applyItem(view, item, at, frameId);
    if (item.kind === 'status-update') {
      this.agentMessage(item.update.status.message, frameId, at, exchange, 'status', taskId);
      return { label: `status · ${item.update.status.stateWire}`, state: item.update.status.state, taskId };
    }
    if (item.kind === 'task') {
      return { label: `task · ${item.task.status.stateWire}`, state: item.task.status.state, taskId };
    }
    if (item.kind === 'artifact-update') {
      const name = item.update.artifact.name ?? item.update.artifact.artifactId ?? 'artifact';
      return { label: `artifact · ${name}${item.update.append ? ' (+chunk)' : ''}`, taskId };
    }
    return { label: item.kind, taskId };
  }

  /** A task read from an answer that is not A2A: its view is marked so, and the entry says its state. */
  private onTaskLike(
    task: TaskLike,
    frameId: string,
    at: number,
    exchange: ExchangeState,
  ): { label: string; state: string; taskId: string } {
    exchange.taskId ??= task.id;
    applyTaskLike(this.task(task.id, exchange.agentId), task, at, frameId);
    return { label: `task ${task.stateWire} (not A2A)`, state: task.state, taskId: task.id };
  }

  private agentMessage(
    message: Message | undefined,
    frameId: string,
    at: number,
    exchange: ExchangeState,
    origin: ConversationItem['origin'],
    taskId: string | undefined,
  ): void {
    if (!message || message.parts.length === 0) return;
    this.conversation.push({
      id: `${frameId}:${origin}`,
      frameId,
      at,
      role: message.role === 'user' ? 'user' : 'agent',
      message,
      origin,
      ...optional('taskId', taskId ?? message.taskId),
      ...optional('contextId', message.contextId),
      ...optional('agentId', exchange.agentId),
    });
  }

  private task(id: string, agentId: string | undefined): TaskView {
    return this.tasks.obtain(agentId, id);
  }

  private push(entry: TimelineEntry): void {
    // Kept by column (entryTable.ts): as objects they were the largest share of what the window retains per event.
    const row = this.table ? this.table.insert(entry) : insertByArrival(this.built, entry);
    if (row < this.rows.length - 1) this.insertions++;
    this.counts[entry.kind]++;
  }
}

function isFinal(frame: HttpFrame): boolean {
  return frame.rev === undefined || frame.state === 'done';
}

function context(exchange: ExchangeState): Pick<TimelineEntry, 'agentId' | 'operation' | 'taskId'> {
  return {
    ...optional('agentId', exchange.agentId),
    ...optional('operation', exchange.operation),
    ...optional('taskId', exchange.taskId),
  };
}

function itemTaskId(item: StreamItem): string | undefined {
  switch (item.kind) {
    case 'task':
      return item.task.id;
    case 'status-update':
    case 'artifact-update':
      return item.update.taskId;
    case 'message':
      return item.message.taskId;
    case 'unknown':
      return undefined;
  }
}

function severityOf(findings: readonly Finding[]): { severity?: 'error' | 'warning' } {
  if (findings.some((f) => f.severity === 'error')) return { severity: 'error' };
  if (findings.some((f) => f.severity === 'warning')) return { severity: 'warning' };
  return {};
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}
