// What counts as a secret when nothing marked it (SES-6, AUTH-4): the names of credential headers, query
// parameters, form fields and JSON keys, and the shape of a JWT. A frame's SecretMarks name what Switchboard itself
// sent; these lists catch what it did not send — an agent's Set-Cookie, a token in an answer, a credential in a URL
// the user typed — so that a file that leaves the machine carries none of them. Erring on the side of removing a
// harmless value is the intended trade.

import type { RedactionItem } from './types';

export type SecretKind = RedactionItem['kind'];

/** Lowercase without `-` and `_`, so `api_key`, `Api-Key` and `apiKey` are one name. */
export function normalName(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '');
}

/** Headers whose whole value is a credential. Cookie and Set-Cookie are handled pair by pair elsewhere. */
const secretHeaders = new Map<string, SecretKind>([
  ['authorization', 'authorization'],
  ['proxy-authorization', 'authorization'],
  ['authentication', 'authorization'],
  ['x-a2a-notification-token', 'push-secret'],
  ['x-api-key', 'api-key'],
  ['api-key', 'api-key'],
  ['apikey', 'api-key'],
  ['x-goog-api-key', 'api-key'],
  ['ocp-apim-subscription-key', 'api-key'],
  ['x-functions-key', 'api-key'],
  ['x-auth-token', 'token'],
  ['x-access-token', 'token'],
  ['x-amz-security-token', 'token'],
  ['private-token', 'token'],
  ['x-vault-token', 'token'],
]);

/** A header name that says it carries a credential: `X-My-Api-Key`, `X-Refresh-Token`, `X-Client-Secret` … */
const credentialWord = /(?:^|[-_])(api[-_]?key|access[-_]?key|secret|password|passwd|token)(?:[-_]|$)/;

function kindOfWord(word: string): SecretKind {
  if (/key$/.test(word)) return 'api-key';
  if (word === 'secret') return 'client-secret';
  if (word.startsWith('pass')) return 'password';
  return 'token';
}

/** The kind of credential a header carries, or undefined for an ordinary header. */
export function secretHeaderKind(name: string): SecretKind | undefined {
  const lower = name.toLowerCase();
  const known = secretHeaders.get(lower);
  if (known) return known;
  if (lower === 'cookie' || lower === 'set-cookie') return 'cookie';
  const word = credentialWord.exec(lower)?.[1];
  return word === undefined ? undefined : kindOfWord(word.replace(/[-_]/g, ''));
}

/** Headers whose value is a URL, which may carry credentials of its own (a redirect to `…?access_token=`). */
export const urlHeaders: ReadonlySet<string> = new Set(['location', 'content-location', 'referer', 'origin']);

/** Query parameters and form fields (OAuth, RFC 6749/7636/7523; cloud signatures) that carry credentials. */
const secretParams = new Map<string, SecretKind>([
  ['apikey', 'api-key'],
  ['key', 'api-key'],
  ['apitoken', 'api-key'],
  ['accesstoken', 'token'],
  ['token', 'token'],
  ['idtoken', 'token'],
  ['refreshtoken', 'token'],
  ['authtoken', 'token'],
  ['sessiontoken', 'token'],
  ['subjecttoken', 'token'],
  ['actortoken', 'token'],
  ['code', 'token'],
  ['codeverifier', 'token'],
  ['assertion', 'token'],
  ['sig', 'token'],
  ['signature', 'token'],
  ['xamzsecuritytoken', 'token'],
  ['xamzsignature', 'token'],
  ['clientsecret', 'client-secret'],
  ['clientassertion', 'client-secret'],
  ['secret', 'client-secret'],
  ['password', 'password'],
  ['passwd', 'password'],
  ['pwd', 'password'],
]);

export function secretParamKind(name: string): SecretKind | undefined {
  return secretParams.get(normalName(name));
}

/**
 * JSON members whose string (or number) value is a credential. Only primitive values are removed by name: an agent
 * card has `"password": { "tokenUrl": … }` OAuth flows and `"apiKey": { … }` security schemes that are not secrets.
 */
const secretKeys = new Map<string, SecretKind>([
  ['token', 'token'],
  ['accesstoken', 'token'],
  ['refreshtoken', 'token'],
  ['idtoken', 'token'],
  ['authtoken', 'token'],
  ['sessiontoken', 'token'],
  ['bearertoken', 'token'],
  ['apitoken', 'api-key'],
  ['apikey', 'api-key'],
  ['xapikey', 'api-key'],
  ['privatekey', 'client-secret'],
  ['clientsecret', 'client-secret'],
  ['clientassertion', 'client-secret'],
  ['secret', 'client-secret'],
  ['password', 'password'],
  ['passwd', 'password'],
  // A2A push configs: `authentication.credentials` (≤0.3) / `AuthenticationInfo.credentials` (1.0).
  ['credentials', 'push-secret'],
  ['authorization', 'authorization'],
  ['codeverifier', 'token'],
]);

export function secretKeyKind(key: string): SecretKind | undefined {
  return secretKeys.get(normalName(key));
}

/**
 * A cheap test before any parsing: text in which none of these appear holds no secret key these rules would find
 * (each secret key written as words, with at most a `-` or `_` between them, contains one), nor a JWT. Runs on
 * every journal line, so it must stay a plain regex; its words are grouped by first letter, which V8 runs through a
 * chunk of a fast stream in about 60% of the time of the flat list (bench:ingest).
 */
export const secretHint =
  /t(?:oken)|s(?:ecret)|p(?:ass|rivate[-_]?key)|c(?:redential|ode[-_]?verifier)|a(?:pi[-_]?key|uthori[sz]ation|ssertion)|eyJ|:\/\/[^\s"'/@]+@/i;

/**
 * `secretHint` for bytes read as Latin-1, one character a byte (much cheaper than decoding them): true wherever
 * `secretHint` is true of their UTF-8 text, and sometimes where it is not. The words are ASCII, so they read the same,
 * and no other character folds to an ASCII letter under /i without /u; but the bytes of one character can read as
 * several, one of them a space (U+00E0 is C3 A0, and A0 is a space), so any `://` counts.
 */
export const secretHintLatin1 =
  /t(?:oken)|s(?:ecret)|p(?:ass|rivate[-_]?key)|c(?:redential|ode[-_]?verifier)|a(?:pi[-_]?key|uthori[sz]ation|ssertion)|eyJ|:\/\//i;

/**
 * A JWS (three base64url parts, header and payload both JSON objects, so both start `eyJ`) or a JWE (five parts).
 * The look-behind keeps it from starting in the middle of a longer base64url run.
 */
export const jwtPattern =
  /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{2,}\.(?:eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*|[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/g;

/** Quick test for jwtPattern without its global state. */
export function mayHoldJwt(text: string): boolean {
  return text.includes('eyJ');
}
