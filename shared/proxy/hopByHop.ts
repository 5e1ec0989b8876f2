// Which header lines a proxy passes on (PRX-1). RFC 9110 §7.6.1 says a proxy removes the connection-specific fields
// before forwarding: Connection and every field it names, and the ones that only describe one hop (Keep-Alive, TE,
// Transfer-Encoding, Upgrade, Proxy-Connection, Proxy-Authorization …). Everything else goes on unchanged, in order,
// with its casing, so the agent and the caller see what the other sent.

import type { HeaderList } from '../wire/frame';

const ALWAYS_HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'te',
  'transfer-encoding',
  'upgrade',
  'trailer',
]);

/** The header lines to forward: hop-by-hop ones removed, plus any in `drop` (lower-case names). */
export function forwardableHeaders(headers: HeaderList, drop: readonly string[] = []): HeaderList {
  const named = new Set<string>(drop);
  for (const [name, value] of headers) {
    if (name.toLowerCase() !== 'connection') continue;
    for (const token of value.split(',')) {
      const trimmed = token.trim().toLowerCase();
      if (trimmed) named.add(trimmed);
    }
  }
  return headers.filter(([name]) => {
    const lower = name.toLowerCase();
    return !ALWAYS_HOP_BY_HOP.has(lower) && !lower.startsWith('proxy-') && !named.has(lower);
  });
}

/** The first value of a header, by case-insensitive name. */
export function headerValue(headers: HeaderList, name: string): string | undefined {
  const lower = name.toLowerCase();
  return headers.find(([key]) => key.toLowerCase() === lower)?.[1];
}
