// What the recording proxy (PRX-1..PRX-5) records and what its parts hand each other. The proxy sits between an agent's
// caller and the agent: it forwards bytes unchanged and records each exchange as an ordinary `http` frame (with `sse`
// frames for a stream), tagged with `proxied` so every view can tell proxied traffic from Switchboard's own calls.
// Fault rules (PRX-4), trace context (PRX-2) and the caller's checks (PRX-3) plug into the forwarding path through the
// small interfaces below, so each lives in its own module.

import type { HeaderList } from '../wire/frame';

/** The client that called the proxy, as the socket and its request said. */
export interface ProxyClient {
  address: string;
  port: number;
  userAgent?: string;
}

/** The binding one forwarded exchange used. */
export type ProxyBinding = 'JSONRPC' | 'HTTP+JSON' | 'GRPC' | 'card' | 'other';

/** One fault a rule injected into an exchange, kept on its frame so a user can see what the client really got. */
export interface FaultMark {
  /** The rule's id, as the user named it or as the rule list numbered it. */
  ruleId: string;
  kind: FaultKind;
  /** One plain sentence: "Delayed the first byte by 2000 ms", "Dropped the stream after 3 events" … */
  detail: string;
}

export type FaultKind =
  'delay-first-byte' | 'delay-events' | 'drop-stream' | 'error' | 'corrupt-event' | 'stall';

/** Set on every frame the proxy records (`HttpFrame.proxied`, `SseFrame.proxied`). */
export interface ProxiedInfo {
  /** The proxy that carried the exchange (several run at once, one per upstream). */
  proxyId: string;
  /** The proxy's own base URL, as the rewritten card names it. */
  listenUrl: string;
  /** The upstream base URL the exchange was forwarded to. */
  upstream: string;
  client: ProxyClient;
  binding: ProxyBinding;
  /**
   * Why the bytes the client received differ from the upstream's, when they do: an injected fault, the card's
   * interfaces rewritten to point at the proxy, a push config routed through the receiver.
   */
  faults?: FaultMark[];
  rewritten?: 'card' | 'push-config';
  /** The upstream was a saved session served by the mock agent (PRX-5), not a live agent. */
  replacedBy?: string;
  /** What a hook said it changed on the way up (`ForwardChange.note`), and what the proxy left out of a card. */
  notes?: string[];
}

/** What the proxy knows about a request before it forwards it; what fault rules and trace propagation look at. */
export interface ProxiedRequest {
  proxyId: string;
  binding: ProxyBinding;
  /** The upstream's protocol generation, from its card. */
  generation: string;
  method: string;
  /** Path and query as the client sent them. */
  path: string;
  headers: HeaderList;
  body: Uint8Array;
  /** The A2A operation the request names (`SendMessage`, `message/stream`, …), when it names one. */
  operation?: string;
  taskId?: string;
  /** Every text part of the message, joined, when the request carries a message. */
  messageText?: string;
}

/** An answer as it travels: head first, then the body chunk by chunk as it arrives (never buffered whole). */
export interface ProxyAnswer {
  status: number;
  statusText: string;
  headers: HeaderList;
  body: AsyncIterable<Uint8Array>;
  /** What was done to the upstream's answer on its way to the client (PRX-4); absent when it went through as is. */
  faults?: FaultMark[];
}

/**
 * Where the proxy's parts plug into its forwarding path. Each is optional; with none, bytes go through unchanged.
 * For gRPC, an answer given instead of the upstream's is a trailers-only response: `headers` carry `grpc-status`.
 */
export interface ProxyHooks {
  /** Changes what goes upstream (trace context injected, a push config routed through the receiver). */
  beforeForward?(request: ProxiedRequest): ForwardChange | undefined;
  /** An answer given without calling the upstream (an injected error). */
  answerInstead?(request: ProxiedRequest): ProxyAnswer | undefined;
  /** The answer the client gets, made from the upstream's (delays, drops, corruption, stalls). */
  shapeAnswer?(request: ProxiedRequest, answer: ProxyAnswer, closed: ClosedSignal): ProxyAnswer;
}

/** The client went away (shared code has no DOM or Node types, so not AbortSignal itself); a stall ends with it. */
export interface ClosedSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
}

export interface ForwardChange {
  headers?: HeaderList;
  body?: Uint8Array;
  rewritten?: ProxiedInfo['rewritten'];
  /** Said on the frame: "Injected traceparent 00-…", "Routed the push config through the receiver". */
  note?: string;
}

/** What the app and `switchboard proxy` ask for. */
export interface ProxyOptions {
  /** The upstream's card URL or base URL. */
  upstream: string;
  /** The port to listen on (127.0.0.1 only); 0 or absent picks a free one. */
  port?: number;
  /** Add a `traceparent` when the caller sent none (PRX-2). */
  injectTrace?: boolean;
  /** Route push configs set through the proxy via Switchboard's receiver (on by default). */
  routePush?: boolean;
  /** Serve this saved session instead of the live upstream (PRX-5). */
  replaceWith?: string;
}

/** One running proxy, as the app's proxies panel lists it. */
export interface ProxyStatus {
  id: string;
  upstream: string;
  listenUrl: string;
  /** Where the rewritten card is served. */
  cardUrl: string;
  /** The gRPC listener, when the upstream's card has a gRPC interface. */
  grpcUrl?: string;
  generation: string;
  exchanges: number;
  /** Distinct callers seen (address and user agent). */
  clients: number;
  injectTrace: boolean;
  routePush: boolean;
  replacedBy?: string;
  faultRules: number;
}
