// The upstream's card, found and read once when a proxy starts (PRX-1), and the card the proxy serves: the same bytes
// with every interface URL moved to the proxy, in every generation's shape (`url`, `additionalInterfaces`,
// `supportedInterfaces`), for the public card and for the extended card answers of 0.3 and 1.0 (a card body, or a
// JSON-RPC `result`). User info in the upstream URL becomes an Authorization header on the way up, never part of a URL
// a caller sees; an interface the proxy cannot carry is left out of the served card rather than left pointing past it.

import { detectCard } from '../../../shared/a2a/detect';
import { isObject } from '../../../shared/a2a/decodeContext';
import { planRoutes, proxiedUrl, type RoutePlan } from '../../../shared/proxy/proxyRoutes';
import type { HeaderList, HttpFrame, SecretMark } from '../../../shared/wire/frame';
import { discoverCard } from '../agent/discovery';
import { recordExchange, type Recorder } from '../agent/recorder';
import { DEFAULT_AGENT_SETTINGS } from '../agent/agentSettings';
import { interfaceUrlPointers, rewriteCardUrls } from '../session/mockCard';

export interface UpstreamCard {
  /** The URL the card was read from, user info removed. */
  cardUrl: string;
  generation: string;
  plan: RoutePlan;
  /** `Basic …` made from the user info of the upstream URL, sent upstream when the caller sent no Authorization. */
  authorization?: string;
}

/** The upstream URL as given, checked, with its user info taken out. */
export function splitUpstream(upstream: string): { url: string; authorization?: string } {
  let url: URL;
  try {
    url = new URL(upstream.trim());
  } catch {
    throw new Error(
      `${JSON.stringify(upstream)} is not a URL. Give the upstream agent's card URL or base URL (http://…).`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`The proxy forwards to http: and https: agents, not ${url.protocol}`);
  if (!url.username && !url.password) return { url: url.href };
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  return { url: url.href, authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
}

export async function loadUpstreamCard(upstream: string, recorder: Recorder): Promise<UpstreamCard> {
  const { url, authorization } = splitUpstream(upstream);
  const extra: HeaderList = authorization ? [['Authorization', authorization]] : [];
  const found = await discoverCard(
    url,
    undefined,
    extra,
    (target, headers, source) =>
      recordExchange(
        recorder,
        { method: 'GET', url: target, headers },
        {
          source,
          timeouts: DEFAULT_AGENT_SETTINGS.timeouts,
          readBody: () => ({ mode: 'buffer', maxBytes: DEFAULT_AGENT_SETTINGS.limits.maxBodyBytes }),
          annotate: (frame) => markAuthorization(frame, headers),
        },
      ).done,
  );
  if (!found.ok) throw new Error(`The upstream's card could not be read. ${found.message}`);
  const detection = detectCard(found.card);
  if ('error' in detection) throw new Error(`The upstream's card cannot be read: ${detection.error}`);
  const plan = planRoutes(found.cardUrl, detection.interfaces);
  if (plan.routes.length === 0 && plan.grpc.length === 0)
    throw new Error(`The upstream's card at ${found.cardUrl} names no interface the proxy can forward to.`);
  return {
    cardUrl: found.cardUrl,
    generation: detection.generation,
    plan,
    ...(authorization ? { authorization } : {}),
  };
}

/** Marks an Authorization header the proxy added, so redaction removes it from every saved form (SEC-3). */
export function markAuthorization(frame: HttpFrame, headers: HeaderList): void {
  if (!headers.some(([name]) => name.toLowerCase() === 'authorization')) return;
  const mark: SecretMark = { in: 'request-header', name: 'Authorization' };
  frame.secrets = [...(frame.secrets ?? []), mark];
}

/**
 * The card text the caller gets: interface URLs moved by `move` (undefined leaves a URL alone) under each prefix
 * (`''` a card body, `/result` a JSON-RPC answer), and interface entries nothing moved taken out, each named in
 * `dropped`. Text that is not JSON is returned as it came.
 */
export function servedCardText(
  text: string,
  move: (url: string) => string | undefined,
  prefixes: readonly string[] = ['', '/result'],
): { text: string; dropped: string[] } {
  const moved = rewriteCardUrls(text, move, prefixes);
  let parsed: unknown;
  try {
    parsed = JSON.parse(moved);
  } catch {
    return { text: moved, dropped: [] };
  }
  const dropped: string[] = [];
  for (const prefix of prefixes) {
    const card = prefix === '' ? parsed : isObject(parsed) ? parsed[prefix.slice(1)] : undefined;
    if (!isObject(card) || interfaceUrlPointers(card).length === 0) continue;
    for (const list of ['additionalInterfaces', 'supportedInterfaces'] as const) {
      const entries = card[list];
      if (!Array.isArray(entries)) continue;
      card[list] = entries.filter((entry) => {
        const keep = !isObject(entry) || typeof entry.url !== 'string' || move(entry.url) !== undefined;
        if (!keep && isObject(entry)) dropped.push(String(entry.url));
        return keep;
      });
    }
  }
  return { text: dropped.length > 0 ? JSON.stringify(parsed) : moved, dropped };
}

/**
 * The URL mover for one proxy: HTTP interfaces to its routes, gRPC ones to its gRPC listener when it has one. The
 * listener forwards to the plan's first gRPC interface only, so only entries naming that endpoint move to it (a card
 * may name it twice, `host:port` for 1.0 and `grpc://host:port` for 0.3, and each keeps its own form); another gRPC
 * endpoint is left out rather than sent to the wrong agent.
 */
export function cardMover(
  plan: RoutePlan,
  listenOrigin: string,
  grpcListener: string | undefined,
): (url: string) => string | undefined {
  const grpcUrls = new Set(plan.grpc.map((entry) => entry.url));
  const target = plan.grpc[0] ? grpcEndpoint(plan.grpc[0].url) : undefined;
  const listener = grpcListener ? grpcEndpoint(grpcListener).authority : undefined;
  return (url) => {
    if (grpcUrls.has(url)) {
      const { authority, scheme } = grpcEndpoint(url);
      if (!listener || authority !== target?.authority) return undefined;
      return scheme ? `grpc://${listener}` : listener;
    }
    // A URL the proxy already serves (the card was moved once) stays where it is.
    if (listener && grpcEndpoint(url).authority === listener) return url;
    if (url.startsWith(`${listenOrigin}/`) || url === listenOrigin) return url;
    return proxiedUrl(plan.routes, listenOrigin, url);
  };
}

/**
 * A gRPC interface URL as `host:port` and the scheme it was written with, if any. The proxy's listener speaks
 * plaintext on loopback, so a `grpcs://` entry moves to `grpc://`.
 */
function grpcEndpoint(url: string): { authority: string; scheme?: string } {
  const match = /^(grpcs?):\/\/([^/]*)/i.exec(url);
  if (match) return { authority: match[2]!.toLowerCase(), scheme: match[1]!.toLowerCase() };
  return { authority: url.replace(/\/+$/, '').toLowerCase() };
}
