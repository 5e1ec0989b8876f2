// Where a request to the proxy goes (PRX-1): each HTTP interface of the upstream's card becomes a path prefix on the
// proxy, and only those prefixes (and the card's own paths) are forwarded, each to its own interface, so the proxy
// is never an open relay. Interfaces on the card's origin keep their paths, so a proxied URL reads like the real one;
// an interface on another origin gets a prefix of its own (`/upstream-2/…`). The same table moves the card's
// interface URLs to the proxy, and drops any user info an upstream URL carried, so credentials never reach a caller.

import type { ProxyBinding } from './proxyTypes';

export interface UpstreamInterface {
  url: string;
  /** The binding as the card spells it. */
  bindingWire: string;
  generation: string;
}

export interface ProxyRoute {
  /** The path prefix on the proxy, without a trailing slash ('' is the whole path space). */
  prefix: string;
  /** The upstream interface's origin. */
  origin: string;
  /** The upstream interface's path, without a trailing slash. */
  path: string;
  binding: ProxyBinding;
  bindingWire: string;
  generation: string;
  /** The interface URL as the card wrote it, user info removed. */
  interfaceUrl: string;
}

export interface RoutePlan {
  routes: ProxyRoute[];
  /** gRPC interfaces (`host:port`, `grpc://…`), forwarded by a listener of their own when there is one. */
  grpc: UpstreamInterface[];
  /** Interfaces the proxy cannot carry, with why. */
  skipped: Array<{ url: string; reason: string }>;
}

const WELL_KNOWN = ['/.well-known/agent-card.json', '/.well-known/agent.json'];

export function planRoutes(cardUrl: string, interfaces: readonly UpstreamInterface[]): RoutePlan {
  const cardOrigin = new URL(cardUrl).origin;
  const plan: RoutePlan = { routes: [], grpc: [], skipped: [] };
  const seen = new Set<string>();
  for (const entry of interfaces) {
    if (entry.bindingWire.toUpperCase() === 'GRPC' || /^grpcs?:\/\//i.test(entry.url)) {
      plan.grpc.push(entry);
      continue;
    }
    let url: URL;
    try {
      url = new URL(entry.url);
    } catch {
      plan.skipped.push({ url: entry.url, reason: 'it is not a URL' });
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      plan.skipped.push({
        url: entry.url,
        reason: `the proxy forwards http: and https: only, not ${url.protocol}`,
      });
      continue;
    }
    const path = url.pathname.replace(/\/+$/, '');
    const key = `${url.origin}${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const prefix = url.origin === cardOrigin ? path : `/upstream-${plan.routes.length + 1}${path}`;
    plan.routes.push({
      prefix,
      origin: url.origin,
      path,
      binding: bindingOf(entry.bindingWire),
      bindingWire: entry.bindingWire,
      generation: entry.generation,
      interfaceUrl: `${url.origin}${url.pathname}${url.search}`,
    });
  }
  return plan;
}

function bindingOf(wire: string): ProxyBinding {
  const upper = wire.toUpperCase();
  if (upper === 'JSONRPC') return 'JSONRPC';
  if (upper === 'HTTP+JSON' || upper === 'REST') return 'HTTP+JSON';
  return 'other';
}

/** The path part of a request target, without its query. */
function pathOf(target: string): string {
  const cut = target.search(/[?#]/);
  return cut === -1 ? target : target.slice(0, cut);
}

/** Whether a request target asks for the card: a well-known card name under any path, or the card's own path. */
export function isCardPath(target: string, cardUrl: string): boolean {
  const path = pathOf(target);
  return path === new URL(cardUrl).pathname || WELL_KNOWN.some((name) => path.endsWith(name));
}

/** The route a request target belongs to (the longest matching prefix), or undefined: then it is refused. */
export function matchRoute(routes: readonly ProxyRoute[], target: string): ProxyRoute | undefined {
  const path = pathOf(target);
  let best: ProxyRoute | undefined;
  for (const route of routes) {
    const under = route.prefix === '' || path === route.prefix || path.startsWith(`${route.prefix}/`);
    if (under && (!best || route.prefix.length > best.prefix.length)) best = route;
  }
  return best;
}

/** The upstream URL a request target on `route` is forwarded to: the prefix swapped for the interface's path. */
export function upstreamTarget(route: ProxyRoute, target: string): string {
  return `${route.origin}${route.path}${target.slice(route.prefix.length)}`;
}

/**
 * Moves an upstream interface URL to the proxy (`listenOrigin` is `http://127.0.0.1:<port>`); undefined for a URL no
 * route carries. The longest matching interface path wins, and the rest of the URL is kept as written.
 */
export function proxiedUrl(
  routes: readonly ProxyRoute[],
  listenOrigin: string,
  url: string,
): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  let best: ProxyRoute | undefined;
  for (const route of routes) {
    if (route.origin !== parsed.origin) continue;
    const path = parsed.pathname;
    const under = route.path === '' || path === route.path || path.startsWith(`${route.path}/`);
    if (under && (!best || route.path.length > best.path.length)) best = route;
  }
  if (!best) return undefined;
  const rest = parsed.pathname.slice(best.path.length);
  return `${listenOrigin}${best.prefix}${rest}${parsed.search}${parsed.hash}`;
}
