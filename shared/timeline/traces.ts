// Traces across hops (PRX-2): frames grouped by the W3C trace id their requests carried, so one user action can be
// followed through proxies, agents and the app's own calls. Frames are the only input
// (docs/architecture.md#frames-are-the-single-source-of-truth): `indexTraces` reads every frame once, parsing only
// the headers of requests that carry a traceparent, and `traceDetail` builds the call graph and the waterfall of one
// trace from the exchanges indexed for it. A window can hold a million frames, so nothing here is worse than O(n).

import type { ProxiedInfo } from '../proxy/proxyTypes';
import type { Frame, HeaderList, HttpFrame, SseFrame, WebhookFrame } from '../wire/frame';
import type { Finding } from '../wire/finding';
import { readTraceContext, type TraceContext, type TraceParent } from '../wire/traceContext';

/** One traced exchange: an `http` frame (with its stream's events) or a push delivery. */
export interface TracedExchange {
  frame: HttpFrame | WebhookFrame;
  traceparent: TraceParent;
  /** When each dispatched event of the exchange's stream arrived, in order. */
  events: number[];
  findings: Finding[];
}

export interface TraceSummary {
  traceId: string;
  /** The operation of the earliest exchange. */
  rootOperation: string;
  /** Exchanges in the trace. */
  hops: number;
  start: number;
  durationMs: number;
  /** Exchanges that failed: a network error, an HTTP error status or an A2A error. */
  errors: number;
  /** The frames the trace holds, so a view can tell when its frame is still there. */
  frameIds: string[];
}

export interface TraceIndex {
  /** Newest first. */
  traces: TraceSummary[];
  exchanges: ReadonlyMap<string, TracedExchange[]>;
  /** Requests whose trace headers were malformed, with what was wrong; they belong to no trace. */
  malformed: Array<{ frameId: string; findings: Finding[] }>;
}

function hasTraceHeader(headers: HeaderList): boolean {
  for (const [name] of headers) if (name.length === 11 && name.toLowerCase() === 'traceparent') return true;
  return false;
}

/** Groups the frames by trace id; frames may be in any order, an exchange's events may come before it. */
export function indexTraces(frames: readonly Frame[]): TraceIndex {
  const exchanges = new Map<string, TracedExchange[]>();
  const byFrame = new Map<string, TracedExchange>();
  const malformed: TraceIndex['malformed'] = [];
  // Events met before their exchange (rare: a partial or reordered session), placed once every exchange is known.
  const early: SseFrame[] = [];
  // Many requests repeat one header (a caller that reuses its span, a header set on an agent): parse each value once.
  const parsed = new Map<string, TraceContext>();
  for (const frame of frames) {
    if (frame.kind === 'sse') {
      if (!frame.dispatched) continue;
      const exchange = byFrame.get(frame.exchangeId);
      if (exchange) exchange.events.push(frame.timing.start);
      else early.push(frame);
      continue;
    }
    if (!hasTraceHeader(frame.request.headers)) continue;
    const context = contextOf(frame.request.headers, parsed);
    if (!context.traceparent) {
      malformed.push({ frameId: frame.id, findings: context.findings });
      continue;
    }
    const exchange = { frame, traceparent: context.traceparent, events: [], findings: context.findings };
    byFrame.set(frame.id, exchange);
    const list = exchanges.get(context.traceparent.traceId);
    if (list) list.push(exchange);
    else exchanges.set(context.traceparent.traceId, [exchange]);
  }
  for (const event of early) byFrame.get(event.exchangeId)?.events.push(event.timing.start);
  const traces: TraceSummary[] = [];
  for (const [traceId, list] of exchanges) {
    sortIfNeeded(list, (exchange) => exchange.frame.timing.start);
    for (const exchange of list) sortIfNeeded(exchange.events, (at) => at);
    traces.push(summarise(traceId, list));
  }
  traces.sort((a, b) => b.start - a.start);
  return { traces, exchanges, malformed };
}

function contextOf(headers: HeaderList, parsed: Map<string, TraceContext>): TraceContext {
  let key = '';
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (lower === 'traceparent' || lower === 'tracestate') key += `${lower}\u0000${value}\u0000`;
  }
  const known = parsed.get(key);
  if (known) return known;
  const context = readTraceContext(headers);
  parsed.set(key, context);
  return context;
}

/** Frames nearly always arrive in order, so a check first saves most sorts. */
function sortIfNeeded<T>(list: T[], at: (item: T) => number): void {
  for (let i = 1; i < list.length; i++) {
    if (at(list[i - 1]!) > at(list[i]!)) {
      list.sort((a, b) => at(a) - at(b));
      return;
    }
  }
}

function summarise(traceId: string, list: TracedExchange[]): TraceSummary {
  const start = list[0]!.frame.timing.start;
  let end = start;
  let errors = 0;
  for (const exchange of list) {
    end = Math.max(end, endOf(exchange));
    if (failed(exchange.frame)) errors++;
  }
  return {
    traceId,
    rootOperation: operationOf(list[0]!.frame),
    hops: list.length,
    start,
    durationMs: end - start,
    errors,
    frameIds: list.map((exchange) => exchange.frame.id),
  };
}

function endOf(exchange: TracedExchange): number {
  const { timing } = exchange.frame;
  return Math.max(timing.end ?? timing.start, exchange.events.at(-1) ?? timing.start);
}

function failed(frame: HttpFrame | WebhookFrame): boolean {
  if (frame.kind === 'webhook') return !frame.verdict.accepted;
  return frame.error !== undefined || (frame.response?.status ?? 0) >= 400 || frame.a2a?.outcome === 'error';
}

const RPC_METHOD = /"method"\s*:\s*"([^"\\]{1,80})"/;

/** What the exchange asked for, in the words its binding uses. */
export function operationOf(frame: HttpFrame | WebhookFrame): string {
  if (frame.kind === 'webhook') return 'push delivery';
  if (frame.a2a?.rpc) return frame.a2a.rpc.method;
  if (frame.a2a?.operation) return frame.a2a.operation;
  // Proxied calls carry no A2A context of the app's own: a JSON-RPC body still names its method early on.
  const method = RPC_METHOD.exec(frame.request.body?.text.slice(0, 4096) ?? '')?.[1];
  return method ?? `${frame.request.method} ${pathOf(frame.request.url)}`;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** A box of the call graph: who called or was called. */
export interface TraceNode {
  id: string;
  /** Plain text (an address, a user agent, a host): shown as text, never as markup. */
  label: string;
  kind: 'switchboard' | 'client' | 'agent' | 'receiver';
}

export interface TraceEdge {
  from: string;
  to: string;
  calls: number;
  errors: number;
}

export interface WaterfallRow {
  frameId: string;
  operation: string;
  from: string;
  to: string;
  depth: number;
  /** Milliseconds from the trace's start. */
  start: number;
  firstByte?: number;
  end: number;
  /** From the first byte to the last event, for a streamed answer. */
  streamMs?: number;
  events: number[];
  failed: boolean;
  /** Faults the proxy injected (PRX-4), in words. */
  faults: string[];
  /** The span id the request carried. */
  spanId: string;
}

export interface TraceDetail {
  traceId: string;
  nodes: TraceNode[];
  edges: TraceEdge[];
  rows: WaterfallRow[];
  durationMs: number;
}

/** Names an agent by its id, for the app's own calls; the request's host otherwise. */
export type AgentNamer = (agentId: string) => string | undefined;

interface Ends {
  caller: TraceNode;
  callee: TraceNode;
}

function endsOf(frame: HttpFrame | WebhookFrame, nameAgent: AgentNamer): Ends {
  if (frame.kind === 'webhook') {
    const address = frame.remote?.address ?? 'unknown address';
    return {
      caller: { id: `client:${address}`, label: `push sender (${address})`, kind: 'client' },
      callee: { id: 'receiver', label: 'Switchboard receiver', kind: 'receiver' },
    };
  }
  const proxied: ProxiedInfo | undefined = frame.proxied;
  if (proxied) {
    const { address, userAgent } = proxied.client;
    return {
      caller: {
        id: `client:${address}|${userAgent ?? ''}`,
        label: userAgent ? `${userAgent} (${address})` : address,
        kind: 'client',
      },
      callee: { id: `agent:${proxied.upstream}`, label: originOf(proxied.upstream), kind: 'agent' },
    };
  }
  const agentId = frame.a2a?.agentId;
  const host = originOf(frame.request.url);
  return {
    caller: { id: 'switchboard', label: 'Switchboard', kind: 'switchboard' },
    callee: {
      id: agentId ? `agent-id:${agentId}` : `agent:${host}`,
      label: (agentId && nameAgent(agentId)) || host,
      kind: 'agent',
    },
  };
}

/**
 * Which earlier exchange each one was made for. Only a proxied exchange can have one: the app's own calls and push
 * deliveries are made by Switchboard or an agent on their own account. A hop that passes the context on unchanged
 * sends the span id it received, so an exchange through another proxy that carries the span id of one still open
 * when it started was made while serving it. A hop that starts a span of its own is found by time instead: the
 * nearest exchange through another proxy still open when this one started. Sequential calls stay siblings. Both
 * look-ups are bounded, so a trace of many thousand exchanges stays linear.
 */
function parentsOf(list: readonly TracedExchange[]): Array<number | undefined> {
  const parents: Array<number | undefined> = [];
  const latestBySpan = new Map<string, number>();
  for (let i = 0; i < list.length; i++) {
    const exchange = list[i]!;
    const proxyId = proxyOf(exchange);
    const start = exchange.frame.timing.start;
    const canParent = (j: number | undefined): j is number =>
      j !== undefined && endOf(list[j]!) >= start && proxyOf(list[j]!) !== proxyId;
    let parent: number | undefined;
    if (proxyId !== undefined) {
      const sameSpan = latestBySpan.get(exchange.traceparent.parentId);
      if (canParent(sameSpan)) parent = sameSpan;
      for (let j = i - 1; j >= Math.max(0, i - NEST_SCAN) && parent === undefined; j--)
        if (canParent(j)) parent = j;
    }
    parents.push(parent);
    latestBySpan.set(exchange.traceparent.parentId, i);
  }
  return parents;
}

/** How far back the time rule looks for an open exchange: concurrency within one trace is rarely deeper. */
const NEST_SCAN = 64;

function proxyOf(exchange: TracedExchange): string | undefined {
  return exchange.frame.kind === 'http' ? exchange.frame.proxied?.proxyId : undefined;
}

/** The call graph and the waterfall of one trace, from the exchanges `indexTraces` found for it. */
export function traceDetail(
  traceId: string,
  list: readonly TracedExchange[],
  nameAgent: AgentNamer = () => undefined,
): TraceDetail {
  const traceStart = list[0]?.frame.timing.start ?? 0;
  const parents = parentsOf(list);
  const ends = list.map((exchange) => endsOf(exchange.frame, nameAgent));
  const depths: number[] = [];
  const nodes = new Map<string, TraceNode>();
  const edges = new Map<string, TraceEdge>();
  const rows: WaterfallRow[] = [];
  let durationMs = 0;
  for (let i = 0; i < list.length; i++) {
    const exchange = list[i]!;
    const parent = parents[i];
    depths.push(parent === undefined ? 0 : depths[parent]! + 1);
    // A nested hop was made by the agent the outer hop called, whatever address it called from.
    const caller = parent === undefined ? ends[i]!.caller : ends[parent]!.callee;
    const { callee } = ends[i]!;
    nodes.set(caller.id, caller);
    nodes.set(callee.id, callee);
    const edgeKey = `${caller.id}\u0000${callee.id}`;
    const edge = edges.get(edgeKey) ?? { from: caller.id, to: callee.id, calls: 0, errors: 0 };
    edge.calls++;
    if (failed(exchange.frame)) edge.errors++;
    edges.set(edgeKey, edge);
    const row = rowOf(exchange, traceStart, depths[i]!, caller, callee);
    durationMs = Math.max(durationMs, row.end);
    rows.push(row);
  }
  return {
    traceId,
    nodes: [...nodes.values()],
    edges: [...edges.values()],
    rows: nestRows(rows, parents),
    durationMs,
  };
}

function rowOf(
  exchange: TracedExchange,
  t0: number,
  depth: number,
  from: TraceNode,
  to: TraceNode,
): WaterfallRow {
  const { frame } = exchange;
  const firstByte = frame.timing.firstByte;
  const end = endOf(exchange) - t0;
  const streamed = frame.kind === 'http' && frame.stream !== undefined && firstByte !== undefined;
  return {
    frameId: frame.id,
    operation: operationOf(frame),
    from: from.label,
    to: to.label,
    depth,
    start: frame.timing.start - t0,
    ...(firstByte !== undefined ? { firstByte: firstByte - t0 } : {}),
    end,
    ...(streamed ? { streamMs: end - (firstByte - t0) } : {}),
    events: exchange.events.map((at) => at - t0),
    failed: failed(frame),
    faults: frame.kind === 'http' ? (frame.proxied?.faults ?? []).map((fault) => fault.detail) : [],
    spanId: exchange.traceparent.parentId,
  };
}

/** Rows in call order: each exchange followed by the ones made while serving it. */
function nestRows(rows: WaterfallRow[], parents: ReadonlyArray<number | undefined>): WaterfallRow[] {
  const children = new Map<number | undefined, number[]>();
  parents.forEach((parent, i) => {
    const list = children.get(parent);
    if (list) list.push(i);
    else children.set(parent, [i]);
  });
  const ordered: WaterfallRow[] = [];
  const stack = [...(children.get(undefined) ?? [])].reverse();
  while (stack.length > 0) {
    const i = stack.pop()!;
    ordered.push(rows[i]!);
    stack.push(...[...(children.get(i) ?? [])].reverse());
  }
  return ordered;
}
