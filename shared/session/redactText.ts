// The text-level pieces of redaction (SES-6): a URL (user info, query and fragment parameters, JWTs in the path),
// `name=value` lists (query strings, form bodies), header values, and bodies as their content type says they are.
// Each function returns the cleaned text — the very same string when nothing was found — and reports every value
// it removed through a callback, by name and length only (RedactionItem never holds a value).

import { SECRET_MASK, maskedHeaderValue } from '../wire/secretMask';
import { looksLikeJson, redactJsonText, type JsonSecretRules } from './jsonSecrets';
import { secretHint, secretParamKind } from './secretPatterns';

export {
  fillerFor,
  redactFreeText,
  redactJwts,
  redactPairs,
  redactUrl,
  type Report,
  type UrlReport,
} from './urlSecrets';
import { fillerFor, redactJwts, redactPairs, type Report } from './urlSecrets';

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
