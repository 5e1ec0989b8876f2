// The header blocks the gRPC forwarder (PRX-1) passes between the caller and the upstream: everything the caller or
// the agent sent, metadata, pseudo-headers and trailers alike, except what belongs to one HTTP/2 connection and must
// not cross to another (RFC 9113 §8.2.2). Also the same blocks as the frame's `HeaderList`, in wire order.

import { constants, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http2';
import type { HeaderList } from '../../../shared/wire/frame';

/** Connection-specific headers (RFC 9113 §8.2.2), and `host`, which `:authority` replaces in HTTP/2. */
const CONNECTION_SPECIFIC = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'host',
]);

/** Pairs from Node's flat `rawHeaders` list (name, value, name, value …), in the order they arrived. */
export function pairsFromRaw(raw: readonly string[]): HeaderList {
  const pairs: HeaderList = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i]!, raw[i + 1]!]);
  return pairs;
}

/** Pairs from a header object (duplicates arrive as arrays), in the object's order. */
export function pairsFromObject(headers: IncomingHttpHeaders): HeaderList {
  const pairs: HeaderList = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) pairs.push([name, String(item)]);
  }
  return pairs;
}

/** The pairs that may cross to the other connection: connection-specific ones removed, `te: trailers` kept. */
export function forwardable(pairs: HeaderList): HeaderList {
  return pairs.filter(([name, value]) => {
    const key = name.toLowerCase();
    if (key === 'te') return value.trim().toLowerCase() === 'trailers';
    return !CONNECTION_SPECIFIC.has(key);
  });
}

/** Pairs as the object node:http2 sends, duplicates as arrays so none is lost. */
export function toOutgoing(pairs: HeaderList): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    const before = out[key];
    if (before === undefined) out[key] = value;
    else out[key] = [...(Array.isArray(before) ? before : [String(before)]), value];
  }
  return out;
}

/** The pairs a frame keeps: no pseudo-headers (the frame has its own method, URL and status for them). */
export function withoutPseudo(pairs: HeaderList): HeaderList {
  return pairs.filter(([name]) => !name.startsWith(':'));
}

/** The first value of a header, by name in any case. */
export function headerValue(pairs: HeaderList, name: string): string | undefined {
  const key = name.toLowerCase();
  return pairs.find(([n]) => n.toLowerCase() === key)?.[1];
}

/** An HTTP/2 response that is only a status: what a trailers-only gRPC answer is. */
export const END_STREAM_FLAG = constants.NGHTTP2_FLAG_END_STREAM;
