// What one exchange through the recording proxy carries from the caller's socket to the frame (PRX-1): the proxy's
// shared state, the caller's request as read, and what was learnt of it before forwarding. Kept apart so the modules
// that answer (proxyExchange.ts, proxyAnswers.ts, cardAnswer.ts) share it without importing each other.

import type { ServerResponse } from 'node:http';
import type { GenerationAdapter } from '../../../shared/a2a/adapter';
import type { ProxyRoute } from '../../../shared/proxy/proxyRoutes';
import type { ProxiedInfo, ProxiedRequest, ProxyClient, ProxyHooks } from '../../../shared/proxy/proxyTypes';
import type { HeaderList, HttpFrame } from '../../../shared/wire/frame';
import type { Recorder } from '../agent/recorder';
import type { KeepAliveAgents } from '../exchange';
import type { CallIdentity } from './callIdentity';
import type { CallerClosed } from './callerClosed';
import { callerSchemaFindings } from './callerSchema';
import { markAuthorization, type UpstreamCard } from './proxyCard';

/** What every exchange of one proxy shares. */
export interface ProxySite {
  id: string;
  listenUrl: string;
  card: UpstreamCard;
  recorder: Recorder;
  /** The proxy's connections to its upstream, kept open between calls and closed with the proxy. */
  upstreamAgents: KeepAliveAgents;
  hooks(): ProxyHooks | undefined;
  /** Moves an upstream interface URL to the proxy (proxyCard.ts `cardMover`). */
  move(url: string): string | undefined;
  replacedBy?: string;
  /** Called with each exchange's final frame (counters, the command line's one line per exchange). */
  seen(frame: HttpFrame): void;
}

/** A caller's request, read whole (A2A requests are small; fault rules and trace hooks look at the body). */
export interface IncomingCall {
  method: string;
  /** Path and query as the caller sent them. */
  target: string;
  headers: HeaderList;
  body: Buffer;
  client: ProxyClient;
  res: ServerResponse;
  /** Fires when the response closes: answered, or the caller went away. */
  closed: CallerClosed;
}

/** Where a call goes: the card, or one of the upstream's interfaces. */
export type CallRoute = { kind: 'card' } | { kind: 'interface'; route: ProxyRoute };

export interface Forward {
  site: ProxySite;
  call: IncomingCall;
  info: ProxiedInfo;
  request: ProxiedRequest;
  adapter?: GenerationAdapter;
  /** Which operation the call is, and what it names: worked out when first asked (callIdentity.ts). */
  identity: CallIdentity;
  hooks: ProxyHooks | undefined;
}

/** The frame's A2A context, set before it is first published, as the agent client sets it on its own calls. */
export function annotateFrame(forward: Forward, frame: HttpFrame, headers: HeaderList): void {
  const { adapter, info, request } = forward;
  frame.proxied = info;
  markAuthorization(frame, headers);
  if (!adapter) return;
  const { identified } = forward.identity;
  frame.a2a = {
    agentId: `proxy:${forward.site.id}`,
    operation: identified?.operation ?? 'raw',
    generation: adapter.generation,
    binding: adapter.binding,
    ...(identified?.rpc ? { rpc: identified.rpc } : {}),
    ...(request.taskId !== undefined ? { taskId: request.taskId } : {}),
  };
}

/**
 * The caller's request against its schema (PRX-3), put first among the frame's findings. It runs once the caller has
 * its answer (bench:proxy: parsing and validating cost the call more than anything but the socket writes), and its
 * findings go first, where they were when the check ran before the request left.
 */
export function addCallerFindings(forward: Forward, frame: HttpFrame): void {
  const { adapter, request } = forward;
  const { identified } = forward.identity;
  if (!adapter || !identified) return;
  const schema = callerSchemaFindings({
    generation: adapter.generation,
    binding: adapter.binding,
    operation: identified.operation,
    body: request.body.byteLength > 0 ? new TextDecoder().decode(request.body) : undefined,
  });
  if (schema.length > 0) frame.findings = [...schema, ...(frame.findings ?? [])];
}
