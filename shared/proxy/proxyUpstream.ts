// What the user typed as a proxy's upstream, checked once for the app's dialog and the host's proxy service alike:
// an http(s) card URL or base URL, and the key that says two upstreams are the same agent (one proxy per upstream,
// PRX-1), so "http://a:1/" and "http://a:1/.well-known/agent-card.json" are not proxied twice.

export type UpstreamCheck = { ok: true; url: string; key: string } | { ok: false; error: string };

/** The paths a card is served at (A2A: https://a2a-protocol.org/latest/specification/#agent-discovery). */
const CARD_PATHS = ['/.well-known/agent-card.json', '/.well-known/agent.json'];

const MAX_UPSTREAM_CHARS = 8 * 1024;

export function checkUpstream(text: string): UpstreamCheck {
  const typed = text.trim();
  if (typed === '') return { ok: false, error: 'Type the agent to proxy: its card URL or its base URL.' };
  if (typed.length > MAX_UPSTREAM_CHARS)
    return { ok: false, error: 'The upstream URL is longer than 8 KiB.' };
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return { ok: false, error: `“${shorten(typed)}” is not a URL: type one such as http://127.0.0.1:9999/.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      ok: false,
      error: `The upstream must be an http or https URL, not ${url.protocol.replace(':', '')}.`,
    };
  }
  if (url.username || url.password) {
    // Credentials in the URL would be served in the card and saved with every frame; the agent's settings hold them.
    return {
      ok: false,
      error: 'Leave credentials out of the upstream URL: set them in the agent’s settings.',
    };
  }
  return { ok: true, url: url.href, key: upstreamKey(url) };
}

/** Origin and path, with a card path, a trailing slash and the query and fragment dropped. */
function upstreamKey(url: URL): string {
  let path = url.pathname;
  for (const cardPath of CARD_PATHS) {
    if (path.endsWith(cardPath)) path = path.slice(0, -cardPath.length);
  }
  return `${url.origin}${path.replace(/\/+$/, '')}`;
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
