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
