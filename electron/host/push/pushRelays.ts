// Push configs routed through the receiver by the recording proxy (PRX-1). A caller behind the proxy sets a push config
// with its own webhook; the proxy hands the upstream a relay URL on Switchboard's receiver instead, so every delivery
// is recorded, and the receiver passes each one on to the caller's webhook unchanged. One relay per proxy and
// original URL, kept in memory only (the original URL may carry a secret in its query).

import { randomBytes } from 'node:crypto';

export interface PushRelay {
  id: string;
  /** The URL the upstream is told, on the receiver. */
  url: string;
  /** The caller's own webhook, where deliveries are passed on. */
  originalUrl: string;
  proxyId: string;
  /** How the proxy knows the upstream (its frames' agent id) and its generation, to decode deliveries. */
  agentId: string;
  generation: string;
  /** sha256 of each delivered body, to flag redeliveries as the receiver does for its own targets. */
  seenBodies: Set<string>;
}

export class PushRelays {
  private readonly relays = new Map<string, PushRelay>();

  /** The relay for a proxy's original URL, made on first use so the same webhook keeps one relay URL. */
  relayFor(fields: Omit<PushRelay, 'id' | 'url' | 'seenBodies'>, baseUrl: string): PushRelay {
    for (const relay of this.relays.values()) {
      if (relay.proxyId === fields.proxyId && relay.originalUrl === fields.originalUrl) return relay;
    }
    const id = randomBytes(9).toString('base64url');
    const relay: PushRelay = { ...fields, id, url: `${baseUrl}/relay/${id}`, seenBodies: new Set() };
    this.relays.set(id, relay);
    return relay;
  }

  get(id: string): PushRelay | undefined {
    return this.relays.get(id);
  }

  /** The relays a proxy made, newest last. */
  ofProxy(proxyId: string): PushRelay[] {
    return [...this.relays.values()].filter((relay) => relay.proxyId === proxyId);
  }

  /** Forgets a proxy's relays when it stops: deliveries to them are then refused as unknown paths. */
  forgetProxy(proxyId: string): void {
    for (const [id, relay] of this.relays) if (relay.proxyId === proxyId) this.relays.delete(id);
  }

  /** Moves every URL to a new base (the receiver was restarted on another interface or port). */
  rebase(baseUrl: string): void {
    for (const relay of this.relays.values()) relay.url = `${baseUrl}/relay/${relay.id}`;
  }
}
