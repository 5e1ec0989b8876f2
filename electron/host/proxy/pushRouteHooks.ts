// Routes the push configs a caller sets through the recording proxy via Switchboard's receiver (PRX-1, on by
// default). The request going upstream gets a relay URL in place of each config's own webhook, so every delivery is
// recorded before the receiver passes it on (pushRelays.ts, relayDelivery.ts); the answers that echo a config back
// (set, get, list) get the caller's own URL again, so the caller never sees the relay. Over gRPC the same is done to
// the protobuf messages (grpcPushConfigs.ts).

import type {
  ForwardChange,
  ProxiedRequest,
  ProxyAnswer,
  ProxyHooks,
} from '../../../shared/proxy/proxyTypes';
import { pushConfigsIn } from '../../../shared/checks/callerPushConfig';
import type { PushRelays } from '../push/pushRelays';
import { changeAnswerConfigs, changeRequestConfigs, grpcEncoding } from './grpcPushConfigs';

export interface PushRouteOptions {
  relays: PushRelays;
  /** The receiver's base URL, or undefined when it is not listening (nothing is routed then). */
  receiverBaseUrl: () => string | undefined;
  agentId: string;
}

/** Answers that echo push configs are small; one larger than this goes through untouched. */
export const MAX_REWRITTEN_ANSWER = 1024 * 1024;

const decoder = new TextDecoder();
const encoder = new TextEncoder();

export function pushRouteHooks(options: PushRouteOptions): ProxyHooks {
  return {
    beforeForward: (request) => routeConfigs(request, options),
    shapeAnswer: (request, answer) =>
      mentionsPushConfigs(request) && options.relays.ofProxy(request.proxyId).length > 0
        ? restoreUrls(request, answer, options)
        : answer,
  };
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(decoder.decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

function routeConfigs(request: ProxiedRequest, options: PushRouteOptions): ForwardChange | undefined {
  if (request.binding === 'GRPC') return routeGrpcConfigs(request, options);
  if (request.binding !== 'JSONRPC' && request.binding !== 'HTTP+JSON') return undefined;
  const body = parseJson(request.body);
  if (body === undefined) return undefined;
  const seen = new Set<Record<string, unknown>>();
  const routable = [
    ...pushConfigsIn(body, 'send', request.binding),
    ...pushConfigsIn(body, 'pushConfigSet', request.binding),
  ].filter(({ config }) => {
    if (typeof config.url !== 'string' || !/^https?:\/\//i.test(config.url) || seen.has(config)) return false;
    seen.add(config);
    return true;
  });
  if (routable.length === 0) return undefined;
  const base = options.receiverBaseUrl();
  if (base === undefined) return { note: NOT_LISTENING };
  const routed: string[] = [];
  for (const { config } of routable) {
    const relay = relayUrl(config.url as string, request, options, base, routed);
    if (relay !== undefined) config.url = relay;
  }
  return routedChange(encoder.encode(JSON.stringify(body)), routed);
}

const NOT_LISTENING = 'Push config not routed: the webhook receiver is not listening.';

/** The relay URL standing for a caller's webhook, noting its origin in `routed`; undefined to leave the URL. */
function relayUrl(
  original: string,
  request: ProxiedRequest,
  options: PushRouteOptions,
  base: string,
  routed: string[],
): string | undefined {
  if (!/^https?:\/\//i.test(original) || original.startsWith(`${base}/relay/`)) return undefined;
  let origin: string;
  try {
    origin = new URL(original).origin;
  } catch {
    return undefined;
  }
  const relay = options.relays.relayFor(
    {
      originalUrl: original,
      proxyId: request.proxyId,
      agentId: options.agentId,
      generation: request.generation,
    },
    base,
  );
  routed.push(origin);
  return relay.url;
}

function routedChange(body: Uint8Array, routed: readonly string[]): ForwardChange | undefined {
  if (routed.length === 0) return undefined;
  return {
    body,
    rewritten: 'push-config',
    note: `Routed the push config for ${routed.join(', ')} through Switchboard's receiver.`,
  };
}

/** The same over gRPC: the first request message decoded, its configs' URLs changed, encoded and framed again. */
function routeGrpcConfigs(request: ProxiedRequest, options: PushRouteOptions): ForwardChange | undefined {
  const base = options.receiverBaseUrl();
  if (base === undefined) {
    let found = false;
    changeRequestConfigs(
      request.path,
      request.body,
      (url) => {
        found ||= /^https?:\/\//i.test(url);
        return undefined;
      },
      grpcEncoding(request.headers),
    );
    return found ? { note: NOT_LISTENING } : undefined;
  }
  const routed: string[] = [];
  const body = changeRequestConfigs(
    request.path,
    request.body,
    (url) => relayUrl(url, request, options, base, routed),
    grpcEncoding(request.headers),
  );
  return body ? routedChange(body, routed) : undefined;
}

/** Push config calls: JSON-RPC methods and REST paths name them. */
function mentionsPushConfigs(request: ProxiedRequest): boolean {
  if (/pushNotificationConfig/i.test(request.path)) return true;
  if (request.binding !== 'JSONRPC') return false;
  const method = (parseJson(request.body) as { method?: unknown } | undefined)?.method;
  return typeof method === 'string' && /pushNotificationConfig/i.test(method);
}

/** A string as it reads inside a JSON string literal. */
const inJson = (text: string) => JSON.stringify(text).slice(1, -1);

function restoreUrls(request: ProxiedRequest, answer: ProxyAnswer, options: PushRouteOptions): ProxyAnswer {
  const relays = options.relays.ofProxy(request.proxyId);
  if (request.binding === 'GRPC') {
    const originals = new Map(relays.map((relay) => [relay.url, relay.originalUrl]));
    const encoding = grpcEncoding(answer.headers);
    return {
      ...answer,
      body: grpcRestored(request.path, answer.body, (url) => originals.get(url), encoding),
    };
  }
  const restore = (text: string) => {
    let out = text;
    for (const relay of relays) {
      const original = inJson(relay.originalUrl);
      // A JSON writer may escape the slashes; both spellings mean the relay.
      for (const form of new Set([inJson(relay.url), inJson(relay.url).replaceAll('/', '\\/')])) {
        out = out.split(form).join(original);
      }
    }
    return out;
  };
  return {
    ...answer,
    body: rewrittenBody(answer.body, restore),
    headers: answer.headers.filter(([name]) => name.toLowerCase() !== 'content-length'),
  };
}

/** Each message of a gRPC answer (whole messages per chunk, as the forwarder hands them) with its URLs restored. */
async function* grpcRestored(
  path: string,
  body: AsyncIterable<Uint8Array>,
  original: (url: string) => string | undefined,
  encoding: string | undefined,
): AsyncIterable<Uint8Array> {
  for await (const chunk of body) yield changeAnswerConfigs(path, chunk, original, encoding);
}

/** The body read whole (it is small), changed, and given back as one chunk; too large, it passes unchanged. */
async function* rewrittenBody(
  body: AsyncIterable<Uint8Array>,
  change: (text: string) => string,
): AsyncIterable<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const iterator = body[Symbol.asyncIterator]();
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    chunks.push(next.value);
    size += next.value.byteLength;
    if (size <= MAX_REWRITTEN_ANSWER) continue;
    yield* chunks;
    for (let rest = await iterator.next(); !rest.done; rest = await iterator.next()) yield rest.value;
    return;
  }
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  yield encoder.encode(change(decoder.decode(whole)));
}
