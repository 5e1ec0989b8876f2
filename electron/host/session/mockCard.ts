// The card a mock agent serves (SES-7): the one the session discovered, with every interface URL moved from the
// recorded agent's origin to the mock's, paths kept. Pure. The card's text is edited in place — only the URL
// strings change — so what a client reads is the recorded card byte for byte apart from where to reach it.

import { grpcOrigin } from '../../../shared/a2a/grpcBinding';
import type { SessionAgent } from '../../../shared/session/types';
import type { HttpFrame } from '../../../shared/wire/frame';
import { getAtPointer } from '../../../shared/wire/jsonPointer';
import { parseJsonText } from '../../../shared/wire/jsonText';

export interface MockCardSource {
  text: string;
  /** The URL the card was fetched from, when it came over HTTP(S). */
  url?: string;
  /** The recorded agent's origin: what the mock stands in for. */
  origin: string;
  /** The discovery exchange that fetched the card, for its status and headers. */
  frame?: HttpFrame;
  /** The card the same URL gave without `A2A-Version` (a compat server), when the session fetched it. */
  variant?: HttpFrame;
}

const WELL_KNOWN = ['/.well-known/agent-card.json', '/.well-known/agent.json'];

/**
 * The card to serve: the discovery frame of the session's first agent (its card URL, else its origin), else that
 * agent's remembered card text, else the first card any discovery found.
 */
export function chooseCard(
  exchanges: readonly HttpFrame[],
  agents: readonly SessionAgent[],
): MockCardSource | { error: string } {
  const primary = agents[0];
  const found = exchanges.filter(
    (frame) => frame.source === 'discovery:card' && cardBody(frame) !== undefined,
  );
  const frame =
    (primary && found.find((f) => f.request.url === primary.cardUrl)) ??
    (primary && found.find((f) => originOf(f.request.url) === primary.origin)) ??
    (primary ? undefined : found[0]);
  if (frame) {
    const variant = exchanges.findLast(
      (f) =>
        f.source === 'discovery:card-without-version' &&
        f.request.url === frame.request.url &&
        cardBody(f) !== undefined,
    );
    return {
      text: cardBody(frame)!,
      url: frame.request.url,
      origin: originOf(frame.request.url) ?? primary?.origin ?? '',
      frame,
      ...(variant ? { variant } : {}),
    };
  }
  if (primary) {
    const url = isHttpUrl(primary.cardUrl) ? primary.cardUrl : undefined;
    const origin =
      primary.origin || (url ? originOf(url) : undefined) || firstInterfaceOrigin(primary.cardText);
    if (!origin) return { error: `The session's agent "${primary.name}" has no web origin to stand in for.` };
    return { text: primary.cardText, origin, ...(url ? { url } : {}) };
  }
  return { error: 'The session has no agent card to serve: it holds no agent and no card discovery.' };
}

/** The text of a 2xx answer whose body is a JSON object, else undefined. */
function cardBody(frame: HttpFrame): string | undefined {
  const response = frame.response;
  if (!response || response.status < 200 || response.status > 299) return undefined;
  const parsed = parseJsonText(response.body.text, { positions: 'lazy' });
  return parsed.ok && isRecord(parsed.value) ? response.body.text : undefined;
}

/**
 * Where interface URLs sit in a card of any generation (docs/protocol.md#card-fields-generation-by-generation), as JSON
 * pointers.
 */
export function interfaceUrlPointers(card: unknown, prefix = ''): string[] {
  if (!isRecord(card)) return [];
  const out: string[] = [];
  if (typeof card.url === 'string') out.push(`${prefix}/url`);
  for (const list of ['additionalInterfaces', 'supportedInterfaces'] as const) {
    const entries = card[list];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry, index) => {
      if (isRecord(entry) && typeof entry.url === 'string') out.push(`${prefix}/${list}/${index}/url`);
    });
  }
  return out;
}

/** Every origin a card's interfaces point at, plus the agent's own: the mock answers for all of them. */
export function servedOrigins(origin: string, cardTexts: readonly string[]): Set<string> {
  const origins = new Set<string>(origin ? [origin] : []);
  for (const text of cardTexts) {
    const parsed = parseJsonText(text, { positions: 'lazy' });
    if (!parsed.ok) continue;
    for (const url of interfaceUrls(parsed.value)) {
      const found = isGrpcAddress(url) ? grpcOrigin(url) : originOf(url);
      if (found) origins.add(found);
    }
  }
  return origins;
}

function interfaceUrls(card: unknown): string[] {
  if (!isRecord(card)) return [];
  const urls = typeof card.url === 'string' ? [card.url] : [];
  for (const list of [card.additionalInterfaces, card.supportedInterfaces]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) if (isRecord(entry) && typeof entry.url === 'string') urls.push(entry.url);
  }
  return urls;
}

/**
 * A function moving a URL on one of `origins` to `mockOrigin`, keeping the rest of it exactly as written (path,
 * query, fragment); undefined for any other URL (another host, a gRPC `host:port`, not a URL at all).
 */
export function originRewriter(
  origins: ReadonlySet<string>,
  mockOrigin: string,
): (url: string) => string | undefined {
  return (url) => {
    const authority = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0];
    if (!authority) return undefined;
    const origin = originOf(authority);
    if (!origin || !origins.has(origin)) return undefined;
    return mockOrigin + url.slice(authority.length);
  };
}

/**
 * The card text with the interface URLs under each prefix (`''` for a card body, `/result` for a JSON-RPC answer
 * carrying one) rewritten by `rewrite`. Anything that is not JSON is returned unchanged.
 */
export function rewriteCardUrls(
  text: string,
  rewrite: (url: string) => string | undefined,
  prefixes: readonly string[] = [''],
): string {
  const parsed = parseJsonText(text, { positions: 'eager' });
  if (!parsed.ok) return text;
  const edits: Array<{ start: number; end: number; text: string }> = [];
  for (const prefix of prefixes) {
    const card = prefix === '' ? parsed.value : valueAt(parsed.value, prefix);
    for (const pointer of interfaceUrlPointers(card, prefix)) {
      const url = valueAt(parsed.value, pointer);
      if (typeof url !== 'string') continue;
      const moved = rewrite(url);
      const location = parsed.locate(pointer);
      if (moved === undefined || !location.exact) continue;
      edits.push({
        start: location.value.start.offset,
        end: location.value.end.offset,
        text: JSON.stringify(moved),
      });
    }
  }
  return spliceAll(text, edits);
}

/** Applies non-overlapping edits, last first so earlier offsets stay valid. */
export function spliceAll(
  text: string,
  edits: ReadonlyArray<{ start: number; end: number; text: string }>,
): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/** The paths a mock serves its card at: both well-known names under the recorded base, and the recorded path. */
export function cardPaths(cardUrl: string | undefined): {
  paths: Set<string>;
  basePath: string;
  cardPath: string;
} {
  const recorded = cardUrl && isHttpUrl(cardUrl) ? new URL(cardUrl).pathname : undefined;
  const wellKnown = recorded ? WELL_KNOWN.find((name) => recorded.endsWith(name)) : undefined;
  const basePath = recorded && wellKnown ? recorded.slice(0, -wellKnown.length) : '';
  const paths = new Set<string>(WELL_KNOWN);
  for (const name of WELL_KNOWN) paths.add(basePath + name);
  if (recorded) paths.add(recorded);
  return { paths, basePath, cardPath: recorded ?? WELL_KNOWN[0]! };
}

function valueAt(root: unknown, pointer: string): unknown {
  const found = getAtPointer(root, pointer);
  return found.found ? found.value : undefined;
}

function firstInterfaceOrigin(cardText: string): string | undefined {
  const parsed = parseJsonText(cardText, { positions: 'lazy' });
  if (!parsed.ok) return undefined;
  for (const url of interfaceUrls(parsed.value)) {
    const origin = originOf(url);
    if (origin) return origin;
  }
  return undefined;
}

/** A gRPC interface address in a form no other binding uses: `host:port`, `grpc://…`, `grpcs://…`. */
export function isGrpcAddress(url: string): boolean {
  return /^grpcs?:\/\//i.test(url) || /^[^/:\s]+:\d+$/.test(url) || /^\[[0-9a-f:.]+\]:\d+$/i.test(url);
}

/**
 * A function moving a gRPC address of the recorded agent (one of `origins` as gRPC reaches it) to the mock's gRPC
 * listener, in the form the card wrote it; undefined for anything else.
 */
export function grpcRewriter(
  origins: ReadonlySet<string>,
  mockAddress: string,
): (url: string) => string | undefined {
  return (url) => {
    if (!isGrpcAddress(url)) return undefined;
    const origin = grpcOrigin(url);
    if (!origin || !origins.has(origin)) return undefined;
    const scheme = /^(grpcs?):\/\//i.exec(url)?.[1];
    // The mock speaks plaintext gRPC, so a grpcs:// address becomes grpc://.
    return scheme ? `grpc://${mockAddress}` : mockAddress;
  };
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

function isHttpUrl(url: string): boolean {
  return originOf(url) !== undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
