// Which Host header a local listener answers to (SEC-2). A web page can make the user's browser reach 127.0.0.1 under
// a name its author controls (DNS rebinding); the browser then sends that name as Host. Every local listener (the
// browser edition's server, the webhook receiver, the OAuth redirect listener) answers only to the loopback names at
// its own port, so such a request is refused before anything in it is read.

import { isIP } from 'node:net';

/** The Host values a loopback listener on this port answers to. */
export function loopbackHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

export interface HostAllowList {
  port: number;
  /** More exact `host:port` values, for a listener the user put on another interface. */
  extra?: readonly string[];
  /**
   * Bound to every interface (0.0.0.0 or ::): any IP literal at the port is allowed too. An IP literal cannot be
   * rebound to another address, so it carries no DNS-rebinding risk; names other than localhost stay refused.
   */
  anyIpLiteral?: boolean;
}

/** Why a Host header is refused, or undefined when it is on the list. The sentence is sent back as the body. */
export function hostRefusal(host: string | undefined, list: HostAllowList): string | undefined {
  const given = host?.trim().toLowerCase();
  if (!given) {
    return (
      'Host not allowed: the request has no Host header; ' +
      'this listener answers only to 127.0.0.1, localhost and [::1].'
    );
  }
  const allowed = [...loopbackHosts(list.port), ...(list.extra ?? []).map((h) => h.toLowerCase())];
  if (allowed.includes(given)) return undefined;
  if (list.anyIpLiteral && isIpLiteralAt(given, list.port)) return undefined;
  return (
    `Host not allowed: "${given.slice(0, 100)}" is not one of ${allowed.join(', ')}; ` +
    'a request under another name may come from a web page (DNS rebinding) and is refused unread.'
  );
}

function isIpLiteralAt(host: string, port: number): boolean {
  const match = /^(\[[0-9a-f:.]+\]|[0-9.]+):(\d+)$/.exec(host);
  if (!match || Number(match[2]) !== port) return false;
  const address = match[1]!.replace(/^\[|\]$/g, '');
  return isIP(address) !== 0;
}
