// Removes secrets from JSON text without parsing it into values (SES-6). A single left-to-right scan of the tokens
// keeps track of where it is (a stack of containers, never recursion, so hostile nesting cannot overflow the stack)
// and replaces the values a caller's rule names — a member by key, a value by JSON pointer — and every JWT inside a
// string. Working on tokens rather than on a parse means a body cut short by a size cap, or one that is not quite
// JSON, is still cleaned, and every byte around a removed value stays as it was.

import { redactUrl } from './urlSecrets';
import { SECRET_MASK } from '../wire/secretMask';
import { encodePointerToken } from '../wire/jsonPointer';
import { jwtPattern, mayHoldJwt, type SecretKind } from './secretPatterns';

/** One value removed: where it was (a JSON pointer), what it was, how many characters it had. */
export interface JsonSecretHit {
  pointer: string;
  kind: SecretKind;
  length: number;
}

export interface JsonSecretRules {
  /**
   * Whether the value at `pointer` (a member named `key`, or an array item / the root when `key` is undefined) is a
   * secret to remove whole. `primitive` is false for objects and arrays; `pointer` is computed only when called.
   */
  secretAt(key: string | undefined, pointer: () => string, primitive: boolean): SecretKind | undefined;
  /** The text to put in place of a JWT (same-length filler for binary bodies); the JSON mask when absent. */
  jwtMask?: (jwt: string) => string;
}

interface Level {
  array: boolean;
  /** Array: index of the current item. Object: key of the current member, undefined while a key is awaited. */
  index: number;
  key: string | undefined;
}

const MASK_JSON = JSON.stringify(SECRET_MASK);

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** Index just past the string token starting at `start` (a `"`), or the text's end when it is not closed. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote === -1) return text.length;
    // A quote is escaped when an odd number of backslashes precede it.
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/** The string a token stands for; a token that does not decode (unclosed, bad escape) reads as its inner text. */
function decodeString(token: string): string {
  if (!token.includes('\\')) return token.slice(1, token.endsWith('"') && token.length > 1 ? -1 : undefined);
  try {
    const value: unknown = JSON.parse(token);
    if (typeof value === 'string') return value;
  } catch {
    // fall through
  }
  return token.slice(1);
}

/** Index just past a number or literal token starting at `start`. */
function primitiveEnd(text: string, start: number): number {
  let i = start;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (isSpace(code) || code === 0x2c || code === 0x5d || code === 0x7d || code === 0x3a || code === 0x22)
      break;
    if (code === 0x5b || code === 0x7b) break;
    i++;
  }
  return i === start ? start + 1 : i;
}

/** Replaces the JWTs in one string token, counting each; undefined when there were none. */
function maskJwtsInToken(
  token: string,
  mask: (jwt: string) => string,
  found: (length: number) => void,
): string | undefined {
  if (!mayHoldJwt(token)) return undefined;
  let hits = 0;
  let out = token.replace(jwtPattern, (jwt) => {
    hits++;
    found(jwt.length);
    return mask(jwt);
  });
  if (hits === 0 && token.includes('\\')) {
    // A JWT written with escapes (`eyJ\u0061…`) only shows once decoded; write the string out again, cleaned.
    const decoded = decodeString(token);
    const cleaned = decoded.replace(jwtPattern, (jwt) => {
      hits++;
      found(jwt.length);
      return SECRET_MASK;
    });
    if (hits > 0) out = JSON.stringify(cleaned);
  }
  return hits > 0 ? out : undefined;
}

/**
 * JSON text with the secret values replaced by the JSON string `"••••••"` (or the rule's filler for JWTs), and one
 * hit per value removed. Text the rules find nothing in comes back as the same string.
 */
export function redactJsonText(
  text: string,
  rules: JsonSecretRules,
): { text: string; hits: JsonSecretHit[] } {
  const hits: JsonSecretHit[] = [];
  const stack: Level[] = [];
  const jwtMask = rules.jwtMask ?? (() => SECRET_MASK);
  const pieces: string[] = [];
  let copied = 0;
  /** While a secret object or array is being skipped: the depth it opened at, where it started, and its hit. */
  let skipping: { depth: number; start: number; hit: JsonSecretHit } | undefined;

  const pointer = (): string => {
    let out = '';
    for (const level of stack) {
      const token = level.array ? level.index : level.key;
      if (token === undefined) break;
      out += `/${encodePointerToken(token)}`;
    }
    return out;
  };
  const replace = (start: number, end: number, withText: string) => {
    pieces.push(text.slice(copied, start), withText);
    copied = end;
  };
  const memberKey = (): string | undefined => {
    const top = stack[stack.length - 1];
    return top && !top.array ? top.key : undefined;
  };

  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (isSpace(code) || code === 0x3a) {
      i++;
      continue;
    }
    const top = stack[stack.length - 1];
    if (code === 0x2c) {
      // ','
      if (top?.array) top.index++;
      else if (top) top.key = undefined;
      i++;
      continue;
    }
    if (code === 0x7d || code === 0x5d) {
      // '}' or ']'
      stack.pop();
      i++;
      if (skipping && stack.length === skipping.depth) {
        skipping.hit.length = i - skipping.start;
        replace(skipping.start, i, MASK_JSON);
        skipping = undefined;
      }
      continue;
    }
    if (code === 0x22 && top && !top.array && top.key === undefined) {
      // A member's key.
      const end = stringEnd(text, i);
      top.key = decodeString(text.slice(i, end));
      i = end;
      continue;
    }
    if (code === 0x7b || code === 0x5b) {
      // '{' or '[': a container value.
      if (!skipping) {
        const kind = rules.secretAt(memberKey(), pointer, false);
        if (kind) {
          const hit = { pointer: pointer(), kind, length: 0 };
          hits.push(hit);
          skipping = { depth: stack.length, start: i, hit };
        }
      }
      stack.push({ array: code === 0x5b, index: 0, key: undefined });
      i++;
      continue;
    }
    // A string, number or literal value.
    const end = code === 0x22 ? stringEnd(text, i) : primitiveEnd(text, i);
    if (!skipping) {
      const token = text.slice(i, end);
      const isString = code === 0x22;
      const removable = isString || code === 0x2d || (code >= 0x30 && code <= 0x39);
      // A value already masked (a frame redacted twice: journal, then export) is not reported again.
      const kind = removable && token !== MASK_JSON ? rules.secretAt(memberKey(), pointer, true) : undefined;
      if (kind) {
        hits.push({ pointer: pointer(), kind, length: isString ? decodeString(token).length : token.length });
        replace(i, end, MASK_JSON);
      } else if (isString) {
        let cleaned = maskJwtsInToken(token, jwtMask, (length) =>
          hits.push({ pointer: pointer(), kind: 'jwt', length }),
        );
        const current = cleaned ?? token;
        if (/^"[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(current)) {
          // A URL value (a push config's url, a link) can carry credentials in its user info or query.
          const url = decodeString(current);
          const redacted = redactUrl(url, [], (_where, _name, kind, length) =>
            hits.push({ pointer: pointer(), kind, length }),
          );
          if (redacted !== url) cleaned = JSON.stringify(redacted);
        }
        if (cleaned !== undefined) replace(i, end, cleaned);
      }
    }
    i = end;
  }
  if (skipping) {
    // The text ended inside the secret value (a body cut at a cap): everything from its start goes.
    skipping.hit.length = text.length - skipping.start;
    replace(skipping.start, text.length, MASK_JSON);
  }
  if (pieces.length === 0) return { text, hits };
  pieces.push(text.slice(copied));
  return { text: pieces.join(''), hits };
}

/** Whether text looks like a JSON document (an object or array), whatever its content type says. */
export function looksLikeJson(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isSpace(code) || code === 0xfeff) continue;
    return code === 0x7b || code === 0x5b;
  }
  return false;
}
