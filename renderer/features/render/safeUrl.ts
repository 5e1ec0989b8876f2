// Which URLs from agent content may become live links or be loaded (SEC-3). Links: only absolute http(s) and mailto
// URLs, the same rule the desktop shell applies before handing a URL to the system browser (electron/shell/
// externalUrl.ts; the renderer cannot import it). Loads (remote images and files, fetched by the host on click):
// only http(s). Everything else — javascript:, data:, vbscript:, file:, relative paths — stays inert text.

export type UrlVerdict = { ok: true; href: string; host: string } | { ok: false; reason: string };

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const LOAD_PROTOCOLS = new Set(['http:', 'https:']);
// C0/C1 controls and characters that hide or reorder text (bidi overrides, zero-width): a link must read as it goes.
const SPOOFING_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern.
  /[\u0000-\u0020\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

function check(raw: string, allowed: ReadonlySet<string>): UrlVerdict {
  if (raw.length > 8192) return { ok: false, reason: 'The URL is longer than 8 KiB.' };
  if (SPOOFING_CHARACTERS.test(raw)) {
    return { ok: false, reason: 'The URL contains spaces, control or invisible characters.' };
  }
  if (raw.includes('\\')) return { ok: false, reason: 'The URL contains a backslash.' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'Not an absolute URL.' };
  }
  if (!allowed.has(url.protocol)) {
    return { ok: false, reason: `${url.protocol} URLs are not opened from agent content.` };
  }
  if (url.username || url.password) {
    return { ok: false, reason: 'The URL carries a user name or password, a common disguise.' };
  }
  return { ok: true, href: url.href, host: url.protocol === 'mailto:' ? url.pathname : url.host };
}

/** May this URL be a clickable link (opened in a new tab, or the system browser after asking on desktop)? */
export function checkLinkUrl(raw: string): UrlVerdict {
  return check(raw, LINK_PROTOCOLS);
}

/** May the host fetch this URL when the user asks to load a remote image or file? */
export function checkLoadUrl(raw: string): UrlVerdict {
  return check(raw, LOAD_PROTOCOLS);
}

/** A URL shown as text, cut so that a megabyte-long data: URL cannot flood the view. */
export function shortenUrl(raw: string, max = 96): string {
  return raw.length <= max ? raw : `${raw.slice(0, max - 1)}…`;
}
