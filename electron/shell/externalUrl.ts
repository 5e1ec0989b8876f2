// Decides whether a URL may be handed to the operating system (shell.openExternal), and what the confirmation
// shows. Only http(s) and mailto pass; anything that could run a program, open a local file or disguise its
// destination is refused with a reason.

export type ExternalUrlVerdict =
  { ok: true; url: string; shownAs: string; warning?: string } | { ok: false; reason: string };

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
// C0/C1 controls, and characters that reorder or hide text (bidi overrides, zero-width) in the confirmation dialog.
const SPOOFING_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern.
  /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

export function checkExternalUrl(raw: string): ExternalUrlVerdict {
  if (raw.length > 8192) return { ok: false, reason: 'The link is longer than 8 KiB.' };
  if (SPOOFING_CHARACTERS.test(raw)) {
    return { ok: false, reason: 'The link contains control, bidirectional or invisible characters.' };
  }
  if (/\s/u.test(raw)) return { ok: false, reason: 'The link contains white space.' };
  if (raw.includes('\\'))
    return { ok: false, reason: 'The link contains a backslash, which browsers rewrite.' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'The link is not a valid absolute URL.' };
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) {
    return { ok: false, reason: `Links with ${url.protocol} are not opened outside the app.` };
  }
  if (url.protocol === 'mailto:') return { ok: true, url: url.href, shownAs: url.href };
  if (url.username || url.password) {
    return {
      ok: false,
      reason: 'The link carries a user name or password before the host, a common disguise.',
    };
  }
  // URL.hostname is already in ASCII (punycode), so look-alike letters from other scripts show as xn--.
  const verdict: ExternalUrlVerdict = { ok: true, url: url.href, shownAs: url.href };
  if (url.hostname.split('.').some((label) => label.startsWith('xn--'))) {
    verdict.warning = `The host ${url.hostname} uses international characters; check it is the site you expect.`;
  }
  return verdict;
}
