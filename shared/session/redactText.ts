// The text-level pieces of redaction (SES-6): a URL (user info, query and fragment parameters, JWTs in the path),
// `name=value` lists (query strings, form bodies), header values, and bodies as their content type says they are.
// Each function returns the cleaned text — the very same string when nothing was found — and reports every value
// it removed through a callback, by name and length only (RedactionItem never holds a value).

import { SECRET_MASK, maskedHeaderValue } from '../wire/secretMask';
import { looksLikeJson, redactJsonText, type JsonSecretRules } from './jsonSecrets';
import { jwtPattern, mayHoldJwt, secretHint, secretParamKind, type SecretKind } from './secretPatterns';

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

/** A Cookie header with every cookie's value masked, names kept (a session cookie is a credential). */
export function redactCookieHeader(value: string, report: (name: string, length: number) => void): string {
  let changed = false;
  const cleaned = value.split(';').map((pair) => {
    const equals = pair.indexOf('=');
    if (equals === -1) return pair;
    const cookieValue = pair.slice(equals + 1).trim();
    if (cookieValue === '' || cookieValue === SECRET_MASK) return pair;
    changed = true;
    report(pair.slice(0, equals).trim(), cookieValue.length);
    return `${pair.slice(0, equals)}=${SECRET_MASK}`;
  });
  return changed ? cleaned.join(';') : value;
}

/** A Set-Cookie header with the cookie's value masked; its attributes (Path, Expires, HttpOnly …) kept. */
export function redactSetCookie(value: string, report: (name: string, length: number) => void): string {
  const semicolon = value.indexOf(';');
  const pair = semicolon === -1 ? value : value.slice(0, semicolon);
  const equals = pair.indexOf('=');
  const cookieValue = equals === -1 ? '' : pair.slice(equals + 1).trim();
  if (cookieValue === '' || cookieValue === SECRET_MASK) return value;
  report(pair.slice(0, equals).trim(), cookieValue.length);
  return `${pair.slice(0, equals)}=${SECRET_MASK}${semicolon === -1 ? '' : value.slice(semicolon)}`;
}

/**
 * A credential header's value masked whole, except the Authorization scheme word (`Bearer ••••••`), which says
 * what kind of credential it was. Undefined when there is nothing after the scheme to remove.
 */
export function redactWholeHeader(
  name: string,
  value: string,
): { value: string; removed: number } | undefined {
  const masked = maskedHeaderValue(name, value, [{ in: 'request-header', name }]) ?? SECRET_MASK;
  const kept = masked.slice(0, masked.length - SECRET_MASK.length);
  const removed = value.length - kept.length;
  const secret = value.slice(kept.length).trim();
  if (removed <= 0 || secret === '' || secret === SECRET_MASK) return undefined;
  return { value: masked, removed };
}

/** What a body's redaction needs to know besides its text. */
export interface BodyRules {
  contentType: string;
  /** Form fields the frame's marks name. */
  formNames: readonly string[];
  /** The JSON rules: marked keys and pointers, known secret keys. */
  json: JsonSecretRules;
  /** The text is a byte string of bytes that are not UTF-8 (see byteText.ts). */
  binary: boolean;
  /** The frame's marks name something in this body, so the cheap pre-check must not skip it. */
  marked: boolean;
}

/**
 * A body's text with its secrets removed, read as its content type says: form fields, JSON members and JWTs. A body
 * that is not valid UTF-8 and is not a JSON or form document (protobuf, an image) only has JWTs overwritten with
 * same-length filler, so lengths inside its framing stay valid.
 */
export function redactBodyText(text: string, rules: BodyRules, report: Report): string {
  if (text === '') return text;
  const type = rules.contentType.toLowerCase();
  if (type.includes('application/x-www-form-urlencoded')) {
    return redactPairs(
      text,
      (name) =>
        rules.formNames.includes(name) ? (secretParamKind(name) ?? 'client-secret') : secretParamKind(name),
      report,
    );
  }
  const json = type.includes('json') || looksLikeJson(text);
  if (json) {
    if (!rules.marked && !secretHint.test(text)) return text;
    const result = redactJsonText(text, rules.json);
    for (const hit of result.hits) report(hit.pointer, hit.kind, hit.length);
    // A JWT outside any string (a body labelled JSON that is not, a key) is caught by a last pass over the text.
    return redactJwts(result.text, (length) => report('body', 'jwt', length));
  }
  return redactJwts(text, (length) => report('body', 'jwt', length), rules.binary ? fillerFor : undefined);
}
