// Finds an agent's card (CARD-1): the full card URL when given one, else the URL as given when its answer looks like a
// card (decided by content, whatever its path), else `<base>/.well-known/agent-card.json`, then `agent.json`, then the
// same two at the origin's root when the base has a path, then the user's custom path. Every attempt is a frame. Same-origin redirects are followed (each hop a frame); a redirect to another origin is not,
// and says so. A compat server answers a different card without `A2A-Version` (docs/protocol.md#discovery): the card is
// fetched with the header, and again without it when the answer varies on it or carries both generations' fields.

import type { CardVariant } from '../../../shared/host/agent';
import { detectCard, type Detection } from '../../../shared/a2a/detect';
import type { HeaderList, HttpFrame } from '../../../shared/wire/frame';
import { parseJsonText } from '../../../shared/wire/jsonText';

export type FetchCard = (url: string, headers: HeaderList, source: string) => Promise<HttpFrame>;

export type DiscoveryResult =
  | {
      ok: true;
      cardUrl: string;
      cardText: string;
      card: Record<string, unknown>;
      cardFrameId: string;
      detection: Detection;
      variants: CardVariant[];
      attempts: string[];
    }
  | { ok: false; message: string; attempts: string[] };

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export function cardCandidates(input: string, cardPath?: string): string[] | { error: string } {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return {
      error: `${JSON.stringify(input)} is not a URL. Enter an agent's base URL or its card's URL (http://…).`,
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { error: `Agents are reached over http: or https:, not ${url.protocol}` };
  }
  if (namesCard(url)) return [url.toString()];
  const base = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  const out = [`${base}/.well-known/agent-card.json`, `${base}/.well-known/agent.json`];
  if (base !== url.origin)
    out.push(`${url.origin}/.well-known/agent-card.json`, `${url.origin}/.well-known/agent.json`);
  if (cardPath && cardPath.trim() !== '')
    out.push(new URL(cardPath.trim().replace(/^\/?/, ''), `${base}/`).toString());
  return [...new Set(out)];
}

/** A URL that names a card file outright: only that URL is tried, and the user hears why it failed. */
function namesCard(url: URL): boolean {
  return url.pathname.endsWith('.json') || url.pathname.includes('/.well-known/');
}

/**
 * The URL as the user gave it, to be tried first when it might be a card under any name (`/cards/my-agent`,
 * `/agent-card?v=2`): not a bare origin, which is a site's home page, and not one cardCandidates already takes as is.
 */
export function givenCardUrl(input: string): string | undefined {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (namesCard(url) || (url.pathname.replace(/\/+$/, '') === '' && url.search === '')) return undefined;
  return url.toString();
}

/**
 * Whether a JSON answer is an agent card by its content: a `name` and something only a card has beside it (the
 * endpoint `url` of 0.1–0.3, 1.0's `supportedInterfaces`, or `skills`). A JSON-RPC error or a health answer is not.
 */
export function looksLikeCard(value: Record<string, unknown>): boolean {
  if (typeof value.name !== 'string' || value.name.trim() === '') return false;
  return (
    typeof value.url === 'string' || Array.isArray(value.supportedInterfaces) || Array.isArray(value.skills)
  );
}

export async function discoverCard(
  input: string,
  cardPath: string | undefined,
  extraHeaders: HeaderList,
  fetchCard: FetchCard,
): Promise<DiscoveryResult> {
  const candidates = cardCandidates(input, cardPath);
  if ('error' in candidates) return { ok: false, message: candidates.error, attempts: [] };
  const attempts: string[] = [];
  const reasons: string[] = [];
  const withVersion: HeaderList = [['Accept', 'application/json'], ['A2A-Version', '1.0'], ...extraHeaders];

  const given = givenCardUrl(input);
  for (const candidate of given ? [given, ...candidates] : candidates) {
    const fetched = await fetchFollowing(candidate, withVersion, 'discovery:card', fetchCard, attempts);
    if ('reason' in fetched) {
      reasons.push(`${candidate}: ${fetched.reason}`);
      continue;
    }
    if (candidate === given && !looksLikeCard(fetched.card)) {
      reasons.push(
        `${candidate}: JSON, but not an agent card (no name beside url, supportedInterfaces or skills)`,
      );
      continue;
    }
    const { frame, url } = fetched;
    const servedFrom = url.endsWith('agent.json')
      ? 'agent.json'
      : url.endsWith('agent-card.json')
        ? 'agent-card.json'
        : undefined;
    const detection = detectCard(fetched.card, servedFrom ? { servedFrom } : {});
    if ('error' in detection) {
      reasons.push(`${url}: ${detection.error}`);
      continue;
    }
    const variants = await compatVariants(
      url,
      frame,
      fetched.text,
      detection,
      extraHeaders,
      fetchCard,
      attempts,
    );
    return {
      ok: true,
      cardUrl: url,
      cardText: fetched.text,
      card: fetched.card,
      cardFrameId: frame.id,
      detection,
      variants,
      attempts,
    };
  }
  return {
    ok: false,
    message: `No agent card found. Tried:\n${reasons.map((reason) => `• ${reason}`).join('\n')}`,
    attempts,
  };
}

type Fetched =
  { frame: HttpFrame; url: string; text: string; card: Record<string, unknown> } | { reason: string };

async function fetchFollowing(
  start: string,
  headers: HeaderList,
  source: string,
  fetchCard: FetchCard,
  attempts: string[],
): Promise<Fetched> {
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const frame = await fetchCard(url, headers, source);
    attempts.push(frame.id);
    if (!frame.response)
      return { reason: `${frame.error?.label ?? 'failed'} — ${frame.error?.message ?? ''}` };
    const { status, statusText, headers: responseHeaders, body } = frame.response;
    if (REDIRECT_STATUSES.has(status)) {
      const location = header(responseHeaders, 'location');
      if (!location) return { reason: `HTTP ${status} redirect without a Location header` };
      const next = new URL(location, url);
      if (next.origin !== new URL(url).origin) {
        return {
          reason: `redirected to another origin (${next.toString()}); not followed — open that URL yourself if you trust it`,
        };
      }
      url = next.toString();
      continue;
    }
    if (status < 200 || status > 299) return { reason: `HTTP ${status} ${statusText}`.trim() };
    const parsed = parseJsonText(body.text);
    if (!parsed.ok) return { reason: `not JSON (${parsed.finding.message})` };
    const card = parsed.value;
    if (typeof card !== 'object' || card === null || Array.isArray(card)) {
      return { reason: 'the JSON is not an object, so it is not an agent card' };
    }
    return { frame, url, text: body.text, card: card as Record<string, unknown> };
  }
  return { reason: `more than ${MAX_REDIRECTS} redirects` };
}

async function compatVariants(
  url: string,
  frame: HttpFrame,
  text: string,
  detection: Detection,
  extraHeaders: HeaderList,
  fetchCard: FetchCard,
  attempts: string[],
): Promise<CardVariant[]> {
  const vary = header(frame.response?.headers ?? [], 'vary') ?? '';
  const varies = vary.split(',').some((name) => name.trim().toLowerCase() === 'a2a-version');
  if (!varies && !detection.superset) return [];
  const other = await fetchCard(
    url,
    [['Accept', 'application/json'], ...extraHeaders],
    'discovery:card-without-version',
  );
  attempts.push(other.id);
  const otherText = other.response?.body.text;
  if (otherText === undefined || otherText === text) return [];
  const parsed = parseJsonText(otherText);
  const otherDetection = parsed.ok ? detectCard(parsed.value) : undefined;
  return [
    {
      a2aVersion: null,
      frameId: other.id,
      cardText: otherText,
      ...(otherDetection && !('error' in otherDetection)
        ? { generation: otherDetection.generation, superset: otherDetection.superset }
        : {}),
    },
  ];
}

function header(headers: HeaderList, name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1];
}
