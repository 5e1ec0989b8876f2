// Which recorded exchange answers an incoming request, for the mock agent (SES-7). Pure: frames in, choices out.
//
// A request is keyed by HTTP method, path and — for JSON-RPC — the method in its body; a JSON-RPC call that names a
// task (get, cancel, subscribe, push configs) also keys on that task, as REST does through its path. Recordings of
// one key are handed out in recorded order, the one whose request is most alike first (same message text, same
// task), and the last one is reused once they run out. Everything is deterministic: the same requests in the same
// order always get the same answers.

import type { Frame, HttpFrame, SseFrame } from '../../../shared/wire/frame';
import { parseJsonText } from '../../../shared/wire/jsonText';

/** What the mock reads from a request, recorded or incoming. */
export interface RequestFacts {
  /** Upper case. */
  method: string;
  /** The path without the query, as sent (`/a2a/rest/tasks/t-1`). */
  path: string;
  /** The query with its `?`, or ''. */
  query: string;
  /** Set when the body is a JSON-RPC request. `hasId` is false for a notification (no `id` member). */
  rpc?: { method: string; hasId: boolean; id: RpcId };
  /** The text parts of the message the request sends, joined by newlines. */
  text?: string;
  /** The task the message continues (`message.taskId`, or 0.1's `params.id` beside a message). */
  taskId?: string;
  contextId?: string;
  /** The task a JSON-RPC call without a message is about (`params.id` / `params.taskId`). */
  addressedTask?: string;
  /** The body is not JSON at all (nothing above but method, path and query is known). */
  unreadable?: boolean;
}

export type RpcId = string | number | null;

export interface RecordedExchange {
  /** Position among the session's exchanges: recorded order. */
  index: number;
  key: string;
  facts: RequestFacts;
  /** The final revision of the exchange. */
  frame: HttpFrame;
  /** The blocks of its event stream in order; empty when the answer was not a stream. */
  events: SseFrame[];
}

/**
 * The final revision of every exchange, in order of first arrival, with its SSE blocks by sequence number. A session
 * file or journal holds every revision (`rev` rising, `state: 'done'` last); a frame without `rev` is final.
 */
export function finalExchanges(frames: readonly Frame[]): {
  exchanges: HttpFrame[];
  events: Map<string, SseFrame[]>;
} {
  const latest = new Map<string, HttpFrame>();
  const blocks = new Map<string, Map<number, SseFrame>>();
  for (const frame of frames) {
    if (frame.kind === 'http') {
      const before = latest.get(frame.id);
      if (!before || revisionOf(frame) >= revisionOf(before)) latest.set(frame.id, frame);
    } else if (frame.kind === 'sse') {
      let bySeq = blocks.get(frame.exchangeId);
      if (!bySeq) blocks.set(frame.exchangeId, (bySeq = new Map()));
      bySeq.set(frame.seq, frame);
    }
  }
  const events = new Map<string, SseFrame[]>();
  for (const [exchangeId, bySeq] of blocks) {
    events.set(
      exchangeId,
      [...bySeq.values()].sort((a, b) => a.seq - b.seq),
    );
  }
  return { exchanges: [...latest.values()], events };
}

function revisionOf(frame: HttpFrame): number {
  return frame.rev ?? Number.POSITIVE_INFINITY;
}

/** The facts of a request from its method, its target (a path or an absolute URL) and its body text. */
export function requestFacts(method: string, target: string, bodyText: string | undefined): RequestFacts {
  let url: URL;
  try {
    url = new URL(target, 'http://mock.invalid');
  } catch {
    url = new URL('http://mock.invalid/');
  }
  const facts: RequestFacts = { method: method.toUpperCase(), path: url.pathname, query: url.search };
  if (bodyText === undefined || bodyText.trim() === '') return facts;
  const parsed = parseJsonText(bodyText, { positions: 'lazy' });
  if (!parsed.ok) return { ...facts, unreadable: true };
  const body = parsed.value;
  if (!isRecord(body)) return facts;

  let params: unknown = body;
  if (typeof body.method === 'string' && 'jsonrpc' in body) {
    const hasId = Object.hasOwn(body, 'id');
    const id = body.id;
    facts.rpc = {
      method: body.method,
      hasId,
      id: typeof id === 'string' || typeof id === 'number' ? id : null,
    };
    params = body.params;
  }
  if (!isRecord(params)) return facts;
  const message = params.message;
  if (isRecord(message)) {
    const text = messageText(message);
    if (text !== undefined) facts.text = text;
    const taskId = stringOr(message.taskId) ?? (facts.rpc ? stringOr(params.id) : undefined);
    if (taskId !== undefined) facts.taskId = taskId;
    const contextId = stringOr(message.contextId);
    if (contextId !== undefined) facts.contextId = contextId;
  } else if (facts.rpc) {
    const addressed = stringOr(params.id) ?? stringOr(params.taskId);
    if (addressed !== undefined) facts.addressedTask = addressed;
  } else if (/\.A2AService\/[A-Za-z]+$/.test(url.pathname)) {
    // A gRPC call names its task in the message: 1.0 `id` or `taskId`, 0.3 the resource name `tasks/{id}[/…]`.
    const name = stringOr(params.name) ?? stringOr(params.parent);
    const addressed =
      stringOr(params.taskId) ?? stringOr(params.id) ?? /^tasks\/([^/]+)/.exec(name ?? '')?.[1];
    if (addressed !== undefined) facts.addressedTask = addressed;
  }
  return facts;
}

/** The text parts of a message in any generation: `parts` (JSON-RPC, 1.0 REST) or `content` (0.3 REST). */
function messageText(message: Record<string, unknown>): string | undefined {
  const parts = Array.isArray(message.parts)
    ? message.parts
    : Array.isArray(message.content)
      ? message.content
      : [];
  const texts = parts.flatMap((part) => (isRecord(part) && typeof part.text === 'string' ? [part.text] : []));
  return texts.length > 0 ? texts.join('\n') : undefined;
}

/** The key recordings are grouped by, e.g. `POST /a2a/jsonrpc GetTask task=t-1`. */
export function matchKey(facts: RequestFacts): string {
  let key = `${facts.method} ${facts.path}`;
  if (facts.rpc) key += ` ${facts.rpc.method}`;
  if (facts.addressedTask !== undefined) key += ` task=${facts.addressedTask}`;
  return key;
}

/** The exchanges a mock can answer with (from `finalExchanges`): those sent to one of `origins`, A2A calls only. */
export function recordedExchanges(
  { exchanges, events }: ReturnType<typeof finalExchanges>,
  origins: ReadonlySet<string>,
): RecordedExchange[] {
  const out: RecordedExchange[] = [];
  for (const frame of exchanges) {
    // The card is served apart; a token endpoint is no part of the agent, and its answers are credentials.
    if (frame.source.startsWith('discovery:') || frame.source.startsWith('oauth:')) continue;
    let url: URL;
    try {
      url = new URL(frame.request.url);
    } catch {
      continue;
    }
    if (!origins.has(url.origin)) continue;
    const facts = requestFacts(
      frame.request.method,
      `${url.pathname}${url.search}`,
      frame.request.body?.text,
    );
    out.push({ index: out.length, key: matchKey(facts), facts, frame, events: events.get(frame.id) ?? [] });
  }
  return out;
}

/**
 * How alike a recorded request is to an incoming one. Message text weighs most (it is what a user retypes), then
 * the task continued, then whether both continue a task at all, the context and the query.
 */
export function likeness(recorded: RequestFacts, incoming: RequestFacts): number {
  let score = 0;
  if (incoming.text !== undefined && recorded.text === incoming.text) score += 4;
  if (incoming.taskId !== undefined && recorded.taskId === incoming.taskId) score += 2;
  if ((incoming.taskId === undefined) === (recorded.taskId === undefined)) score += 1;
  if (incoming.contextId !== undefined && recorded.contextId === incoming.contextId) score += 1;
  if (recorded.query === incoming.query) score += 1;
  return score;
}

/** Hands out recorded answers per key (see the header). One book per running mock. */
export class ReplayBook {
  private readonly byKey = new Map<string, RecordedExchange[]>();
  private readonly served = new Set<number>();
  private readonly rpcMethods = new Set<string>();
  private readonly rpcPaths = new Set<string>();

  constructor(recordings: readonly RecordedExchange[]) {
    for (const recording of recordings) {
      const list = this.byKey.get(recording.key);
      if (list) list.push(recording);
      else this.byKey.set(recording.key, [recording]);
      if (recording.facts.rpc) {
        this.rpcMethods.add(recording.facts.rpc.method);
        this.rpcPaths.add(`${recording.facts.method} ${recording.facts.path}`);
      }
    }
  }

  /** The recording that answers this request, or undefined when the session has none for its key. */
  take(incoming: RequestFacts): RecordedExchange | undefined {
    const all = this.byKey.get(matchKey(incoming));
    if (!all) return undefined;
    const unused = all.filter((recording) => !this.served.has(recording.index));
    const exhausted = unused.length === 0;
    const pool = exhausted ? all : unused;
    let best = pool[0]!;
    let bestScore = likeness(best.facts, incoming);
    for (const candidate of pool.slice(1)) {
      const score = likeness(candidate.facts, incoming);
      // Fresh recordings go in recorded order (first of equals); once all were used, the last one is reused.
      if (score > bestScore || (exhausted && score === bestScore)) {
        best = candidate;
        bestScore = score;
      }
    }
    this.served.add(best.index);
    return best;
  }

  /** Whether any recorded JSON-RPC call used this method, on any path. */
  knowsRpcMethod(method: string): boolean {
    return this.rpcMethods.has(method);
  }

  /** Whether JSON-RPC calls were recorded with this HTTP method and path (so a bad body there is a JSON-RPC error). */
  isRpcEndpoint(method: string, path: string): boolean {
    return this.rpcPaths.has(`${method.toUpperCase()} ${path}`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
