// URLs, `name=value` lists and free text cleaned of secrets (SES-6): user info, secret query and fragment
// parameters, and JWTs. Apart from the rest of the text-level redaction so that the JSON scanner can clean URL values
// without an import cycle.

import { SECRET_MASK } from '../wire/secretMask';
import { jwtPattern, mayHoldJwt, secretParamKind, type SecretKind } from './secretPatterns';

/** Called once per value removed: its name (header, parameter, key or pointer), kind and length in characters. */
export type Report = (name: string, kind: SecretKind, length: number) => void;

/** Replaces every JWT in `text`; `mask` gives the replacement (binary bodies keep the length). */
export function redactJwts(
  text: string,
  report: (length: number) => void,
  mask = (_jwt: string) => SECRET_MASK,
) {
  if (!mayHoldJwt(text)) return text;
  return text.replace(jwtPattern, (jwt) => {
    report(jwt.length);
    return mask(jwt);
  });
}

/** Same-length filler for a JWT inside bytes that are not text: lengths in a binary framing stay right. */
export function fillerFor(jwt: string): string {
  return '*'.repeat(jwt.length);
}

/** Reads a query or form component as servers do ('+' is a space); text that does not decode stays as it is. */
function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/**
 * A `name=value&…` list with the values of secret names masked (the name and the separators kept) and JWTs in other
 * values masked. `kindOf` receives the decoded name.
 */
export function redactPairs(
  text: string,
  kindOf: (name: string) => SecretKind | undefined,
  report: Report,
): string {
  if (text === '') return text;
  let changed = false;
  const parts = text.split('&').map((part) => {
    const equals = part.indexOf('=');
    const rawName = equals === -1 ? part : part.slice(0, equals);
    const rawValue = equals === -1 ? '' : part.slice(equals + 1);
    const name = decodeComponent(rawName);
    const kind = equals === -1 ? undefined : kindOf(name);
    if (kind && rawValue !== '' && rawValue !== SECRET_MASK) {
      changed = true;
      report(name, kind, decodeComponent(rawValue).length);
      return `${rawName}=${SECRET_MASK}`;
    }
    const cleaned = redactJwts(part, (length) => report(name, 'jwt', length));
    if (cleaned !== part) changed = true;
    return cleaned;
  });
  return changed ? parts.join('&') : text;
}

/** Where a URL's parts were found, for the caller to turn into RedactionItems. */
export interface UrlReport {
  (where: 'url' | 'query', name: string, kind: SecretKind, length: number): void;
}

/**
 * The URL with its user info (`user:password@` keeps the user; a lone `token@` goes whole), its secret query and
 * fragment parameters (OAuth's implicit flow returns `#access_token=…`) and any JWT in it masked.
 */
export function redactUrl(url: string, queryMarks: readonly string[], report: UrlReport): string {
  const kindOf = (name: string) =>
    queryMarks.includes(name) ? (secretParamKind(name) ?? 'api-key') : secretParamKind(name);
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(url);
  let authorityEnd = 0;
  let out = '';
  if (scheme) {
    const authorityStart = scheme[0].length;
    const stop = url.slice(authorityStart).search(/[/?#]/);
    authorityEnd = stop === -1 ? url.length : authorityStart + stop;
    const authority = url.slice(authorityStart, authorityEnd);
    const at = authority.lastIndexOf('@');
    if (at > 0) {
      const userinfo = authority.slice(0, at);
      const colon = userinfo.indexOf(':');
      let kept = userinfo;
      if (userinfo === SECRET_MASK || userinfo.slice(colon + 1) === SECRET_MASK) {
        // Already redacted.
      } else if (colon === -1) {
        kept = SECRET_MASK;
        report('url', 'userinfo', 'url-credentials', userinfo.length);
      } else if (colon < userinfo.length - 1) {
        kept = `${userinfo.slice(0, colon + 1)}${SECRET_MASK}`;
        report('url', 'userinfo', 'url-credentials', userinfo.length - colon - 1);
      }
      out = url.slice(0, authorityStart) + kept + authority.slice(at);
    } else out = url.slice(0, authorityEnd);
  }
  const rest = url.slice(authorityEnd);
  const question = rest.indexOf('?');
  const hash = rest.indexOf('#');
  const pathEnd = [question, hash]
    .filter((index) => index !== -1)
    .reduce((a, b) => Math.min(a, b), rest.length);
  out += redactJwts(rest.slice(0, pathEnd), (length) => report('url', 'path', 'jwt', length));
  if (question !== -1 && (hash === -1 || question < hash)) {
    const queryEnd = hash === -1 ? rest.length : hash;
    out += `?${redactPairs(rest.slice(question + 1, queryEnd), kindOf, (name, kind, length) =>
      report('query', name, kind, length),
    )}`;
  }
  if (hash !== -1) {
    out += `#${redactPairs(rest.slice(hash + 1), kindOf, (name, kind, length) => report('query', name, kind, length))}`;
  }
  return out === url ? url : out;
}

const urlInText = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s"'<>]+/g;

/**
 * Free text (an error message, a finding, an SSE event type) with the secrets of any URL in it and any JWT masked:
 * messages quote URLs as they were given, credentials included.
 */
export function redactFreeText(text: string, report: Report): string {
  let out = text;
  if (out.includes('://')) {
    out = out.replace(urlInText, (url) =>
      redactUrl(url, [], (_where, name, kind, length) => report(name, kind, length)),
    );
  }
  return redactJwts(out, (length) => report('text', 'jwt', length));
}
