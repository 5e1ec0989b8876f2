// W3C Trace Context as checks (PRX-2): the `trace.*` findings the frame inspector shows for a request's
// `traceparent` and `tracestate` (shared/wire/traceContext.ts) become findings of the check run, and two propagation
// rules are added that only a view over several frames can see: an agent called with a trace context (through one
// proxy, or by Switchboard itself) that calls on through a proxy without passing it on. Pure and linear in the frames: each distinct
// pair of trace header values is parsed once, and the nesting scan looks at a bounded number of open exchanges.
// https://www.w3.org/TR/trace-context/

import type { Frame, HeaderList, HttpFrame, WebhookFrame } from '../wire/frame';
import type { Finding } from '../wire/finding';
import { readTraceContext, type TraceContext } from '../wire/traceContext';
import { cite, W3C_TRACE_CONTEXT } from './specRefs';
import type { CheckFinding } from './types';

export interface TraceChecksResult {
  findings: CheckFinding[];
  /** Some request carried trace context, so the trace checks ran. */
  traced: boolean;
}

/** How many exchanges still open are looked at for each later one: enough for real nesting, bounded for scale. */
const OPEN_SCAN = 64;

/** Which check a header rule of traceContext.ts belongs to. */
export function traceCheckFor(rule: string): 'trace.traceparent' | 'trace.tracestate' {
  return rule.startsWith('trace.tracestate') ? 'trace.tracestate' : 'trace.traceparent';
}

function traceKey(headers: HeaderList): string {
  let key = '';
  for (const [name, value] of headers) {
    if (name.length !== 11 && name.length !== 10) continue;
    const lower = name.toLowerCase();
    if (lower === 'traceparent' || lower === 'tracestate') key += `${lower}\u0000${value}\u0000`;
  }
  return key;
}

/** An A2A call the propagation rule can see: through a proxy, or made by Switchboard itself. */
interface TracedCall {
  frame: HttpFrame;
  context: TraceContext | undefined;
  /** Where the call went: the proxy's upstream, or the URL Switchboard called. */
  upstream: string;
  /** The proxy that carried it; absent for Switchboard's own calls, which can only be the outer call of a hop. */
  proxyId?: string;
}

/** The trace findings of every request in `frames` (latest revisions), and whether any request was traced. */
export function traceFindings(frames: readonly Frame[]): TraceChecksResult {
  const parsed = new Map<string, TraceContext>();
  const findings: CheckFinding[] = [];
  const calls: TracedCall[] = [];
  let traced = false;
  for (const frame of frames) {
    if (frame.kind === 'sse') continue;
    const key = traceKey(frame.request.headers);
    let context: TraceContext | undefined;
    if (key !== '') {
      traced = true;
      context = parsed.get(key);
      if (!context) parsed.set(key, (context = readTraceContext(frame.request.headers)));
      for (const finding of context.findings) findings.push(fromFinding(finding, frame));
    }
    if (frame.kind !== 'http') continue;
    if (isProxiedCall(frame)) {
      const { upstream, proxyId } = frame.proxied!;
      calls.push({ frame, context, upstream, proxyId });
    } else if (frame.proxied === undefined && frame.a2a !== undefined && context?.traceparent) {
      calls.push({ frame, context, upstream: frame.request.url });
    }
  }
  if (traced) findings.push(...propagationFindings(calls));
  return { findings, traced };
}

/**
 * A header finding judges whoever wrote the header: on a proxied request, the client calling through the proxy (a
 * context the proxy injects is its own and well formed); on a push delivery, the agent. Switchboard's own requests
 * are judged with the agent they went to, the subject of the report.
 */
function fromFinding(finding: Finding, frame: HttpFrame | WebhookFrame): CheckFinding {
  const agentId = frame.kind === 'http' ? frame.a2a?.agentId : frame.agentId;
  const byCaller = frame.kind === 'http' && frame.proxied !== undefined;
  return {
    ...(byCaller ? { side: 'caller' as const } : {}),
    checkId: traceCheckFor(finding.rule),
    severity: finding.severity,
    message: finding.message,
    spec: finding.spec ?? W3C_TRACE_CONTEXT.traceparent.label,
    ...(finding.specUrl !== undefined ? { specUrl: finding.specUrl } : {}),
    frameIds: [frame.id],
    ...(agentId !== undefined ? { agentId } : {}),
  };
}

const A2A_BINDINGS = new Set(['JSONRPC', 'HTTP+JSON', 'GRPC']);

/** An A2A call another program made through the recording proxy (cards and other requests carry no trace duty). */
function isProxiedCall(frame: HttpFrame): boolean {
  return frame.proxied !== undefined && A2A_BINDINGS.has(frame.proxied.binding);
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return undefined;
  }
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.|localhost$)/;

/** The outer call's agent may have made the inner call: the inner call came from the host the outer one went to. */
function sameMachine(upstream: string, clientAddress: string): boolean {
  const host = hostOf(upstream);
  if (host === undefined) return false;
  if (LOOPBACK.test(host) && LOOPBACK.test(clientAddress)) return true;
  return host === clientAddress || `::ffff:${host}` === clientAddress;
}

/**
 * An inner call is one made through a proxy other than the outer call's (the outer call may be Switchboard's own),
 * from the machine the outer call went to, that started after the outer one and ended before it: the agent the outer call reached made it while serving that call. An agent that
 * received a trace context passes it on to such calls (the recommendation's processing model), `tracestate` too.
 */
function propagationFindings(calls: TracedCall[]): CheckFinding[] {
  const ordered = isSorted(calls)
    ? calls
    : [...calls].sort((a, b) => a.frame.timing.start - b.frame.timing.start);
  const out: CheckFinding[] = [];
  const open: TracedCall[] = [];
  for (const call of ordered) {
    const start = call.frame.timing.start;
    const end = call.frame.timing.end ?? Number.POSITIVE_INFINITY;
    const outer = findOuter(open, call, start, end);
    if (outer) {
      const problem = dropped(outer, call);
      if (problem) out.push(problem);
    }
    if (call.context?.traceparent) {
      open.push(call);
      if (open.length > OPEN_SCAN) open.shift();
    }
  }
  return out;
}

function isSorted(calls: readonly TracedCall[]): boolean {
  for (let i = 1; i < calls.length; i++)
    if (calls[i - 1]!.frame.timing.start > calls[i]!.frame.timing.start) return false;
  return true;
}

function findOuter(open: readonly TracedCall[], inner: TracedCall, start: number, end: number) {
  const via = inner.frame.proxied;
  // Only a call through a proxy shows what an agent sent on; Switchboard's own calls are outer calls only.
  if (!via) return undefined;
  for (let i = open.length - 1; i >= 0; i--) {
    const outer = open[i]!;
    const outerEnd = outer.frame.timing.end ?? Number.POSITIVE_INFINITY;
    if (outer.proxyId === via.proxyId || outerEnd < end || outer.frame.timing.start > start) continue;
    if (sameMachine(outer.upstream, via.client.address)) return outer;
  }
  return undefined;
}

function dropped(outer: TracedCall, inner: TracedCall): CheckFinding | undefined {
  const frame = inner.frame;
  const base = {
    checkId: 'trace.propagation',
    severity: 'warning' as const,
    ...cite(W3C_TRACE_CONTEXT.processing),
    frameIds: [frame.id, outer.frame.id],
    ...(frame.a2a?.agentId !== undefined ? { agentId: frame.a2a.agentId } : {}),
  };
  const upstream = outer.upstream;
  if (!inner.context) {
    return {
      ...base,
      message:
        `The agent at ${upstream} was called with a traceparent and, while serving that call, called on ` +
        'without one: the trace breaks at this hop.',
    };
  }
  const sent = outer.context!.tracestate.length;
  const sameTrace = inner.context.traceparent?.traceId === outer.context!.traceparent!.traceId;
  if (sameTrace && sent > 0 && inner.context.tracestate.length === 0) {
    return {
      ...base,
      message:
        `The agent at ${upstream} was called with a tracestate of ${sent} member${sent === 1 ? '' : 's'} and ` +
        'called on in the same trace without one; a participant passes tracestate on.',
    };
  }
  return undefined;
}
