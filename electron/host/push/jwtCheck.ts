// JWT + JWKS verification of push deliveries (PUSH-4; docs/protocol.md#what-the-receiver-does, point 3). The rules,
// each a reason a user can read when a delivery is refused:
// - the algorithm must be on an allow-list of asymmetric ones: never `none`, never HS* (an HMAC "signed" with the
//   agent's public key would otherwise pass);
// - keys come only from the JWKS URL the user set: `jku` / `x5u` in the token are never followed;
// - the JWKS is fetched through the host's recorder (a frame), cached by `kid`, and fetched again for an unknown `kid`
//   at most once per cooldown, so a stream of bad tokens cannot make the host hammer the agent;
// - `exp` / `nbf` / `iat` are checked with ±60 s of clock skew; a `jti` is accepted once;
// - a `taskId` claim must name the task in the body; a `request_body_sha256` claim must hash the body.

import { createHash } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import type { HeaderList, HttpFrame, WebhookVerdict } from '../../../shared/wire/frame';
import { PUBLIC_KEY_JWS_ALGORITHMS } from '../../../shared/wire/jwsAlgorithms';
import { header } from './deliveryChecks';
import type { PushTarget } from './pushTargets';

export const JWT_ALGORITHMS = [...PUBLIC_KEY_JWS_ALGORITHMS];
export const CLOCK_SKEW_S = 60;
export const JWKS_COOLDOWN_MS = 30_000;
/** Tokens older than this are refused even without `exp` (the 0.1 samples sign only `iat`). */
export const MAX_TOKEN_AGE_S = 300;

export interface JwtChecker {
  check(target: PushTarget, headers: HeaderList, body: Buffer): Promise<WebhookVerdict>;
}

export interface JwtDeps {
  /** GETs a JWKS URL through the host's recorder and returns the final frame. */
  fetchJwks(url: string): Promise<HttpFrame>;
  now(): number;
}

interface CachedKeys {
  jwks: JSONWebKeySet;
  fetchedAt: number;
}

function reject(reason: string): WebhookVerdict {
  return { accepted: false, status: 401, reason: `Rejected: ${reason}`, auth: 'jwt' };
}

export function createJwtChecker(deps: JwtDeps): JwtChecker {
  const keys = new Map<string, CachedKeys>();
  /** jti → when it may be forgotten (its token has expired by then). */
  const seenJti = new Map<string, number>();

  const keySet = async (url: string, kid: string | undefined): Promise<JSONWebKeySet | string> => {
    const cached = keys.get(url);
    const hasKid = (set: JSONWebKeySet) => kid === undefined || set.keys.some((key) => key.kid === kid);
    if (cached && (hasKid(cached.jwks) || deps.now() - cached.fetchedAt < JWKS_COOLDOWN_MS))
      return cached.jwks;
    const frame = await deps.fetchJwks(url);
    if (!frame.response || frame.response.status !== 200) {
      return `the JWKS at ${url} could not be fetched (${frame.error?.label ?? `HTTP ${frame.response?.status}`}).`;
    }
    try {
      const jwks = JSON.parse(frame.response.body.text) as JSONWebKeySet;
      if (!Array.isArray(jwks.keys)) return `the JWKS at ${url} has no "keys" list.`;
      keys.set(url, { jwks, fetchedAt: deps.now() });
      return jwks;
    } catch {
      return `the JWKS at ${url} is not JSON.`;
    }
  };

  return {
    async check(target, headers, body) {
      const authorization = header(headers, 'authorization') ?? '';
      const [scheme, token = ''] = authorization.split(/\s+/, 2);
      if (scheme?.toLowerCase() !== 'bearer' || token === '')
        return reject('no Authorization: Bearer <JWT> header.');
      let protectedHeader;
      try {
        protectedHeader = decodeProtectedHeader(token);
      } catch {
        return reject('the bearer token is not a JWT.');
      }
      const alg = protectedHeader.alg ?? '(none)';
      if (!JWT_ALGORITHMS.includes(alg)) {
        return reject(
          `the JWT is signed with ${alg}, which is not allowed (allowed: ${JWT_ALGORITHMS.join(', ')}).`,
        );
      }
      if (!target.jwksUrl) return reject('no JWKS URL is set for this push config.');
      const jwks = await keySet(target.jwksUrl, protectedHeader.kid);
      if (typeof jwks === 'string') return reject(jwks);
      if (protectedHeader.kid !== undefined && !jwks.keys.some((key) => key.kid === protectedHeader.kid)) {
        return reject(`no key with kid "${protectedHeader.kid}" in the JWKS at ${target.jwksUrl}.`);
      }
      let payload;
      try {
        ({ payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
          algorithms: JWT_ALGORITHMS,
          clockTolerance: CLOCK_SKEW_S,
          maxTokenAge: MAX_TOKEN_AGE_S + CLOCK_SKEW_S,
          currentDate: new Date(deps.now()),
        }));
      } catch (error) {
        return reject(jwtError(error));
      }
      const now = deps.now();
      for (const [jti, until] of seenJti) if (until < now) seenJti.delete(jti);
      if (typeof payload.jti === 'string') {
        if (seenJti.has(payload.jti))
          return reject(`the token's jti "${payload.jti}" was used before (a replay).`);
        const expires = typeof payload.exp === 'number' ? payload.exp * 1000 : now + MAX_TOKEN_AGE_S * 1000;
        seenJti.set(payload.jti, expires + CLOCK_SKEW_S * 1000);
      }
      const text = body.toString('utf8');
      if (typeof payload.taskId === 'string') {
        const bodyTask = taskIdOf(text);
        if (bodyTask !== payload.taskId) {
          return reject(
            `the token is for task ${payload.taskId}, the body is about ${bodyTask ?? 'no task'}.`,
          );
        }
      }
      if (
        typeof payload.request_body_sha256 === 'string' &&
        !bodyHashMatches(payload.request_body_sha256, body, text)
      ) {
        return reject('the request_body_sha256 claim does not match the body.');
      }
      return { accepted: true, status: 200, reason: 'Accepted: JWT verified against the JWKS.', auth: 'jwt' };
    },
  };
}

function jwtError(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'the JWT has expired.';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'nbf') return 'the JWT is not valid yet (nbf is in the future).';
    if (error.claim === 'iat') return `the JWT was issued too long ago or in the future (iat).`;
    return `the JWT's ${error.claim} claim is not valid (${error.reason}).`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return 'the JWT signature does not verify with the JWKS key.';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'the JWT algorithm is not allowed.';
  return `the JWT could not be verified (${error instanceof Error ? error.message : String(error)}).`;
}

/** The task a delivery is about, in any generation's shape (bare Task, or a 1.0 StreamResponse wrapper). */
function taskIdOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as Record<string, Record<string, unknown> | undefined>;
    const inner = body.task ?? body.statusUpdate ?? body.artifactUpdate ?? body.message;
    const candidates = [
      inner?.taskId,
      inner?.id,
      (body as Record<string, unknown>).taskId,
      (body as Record<string, unknown>).id,
    ];
    return candidates.find((value): value is string => typeof value === 'string');
  } catch {
    return undefined;
  }
}

/** The 0.1 samples hash Python's compact re-serialization; the exact bytes are tried first. */
function bodyHashMatches(claim: string, body: Buffer, text: string): boolean {
  const hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
  if (hex(body) === claim.toLowerCase()) return true;
  try {
    return hex(JSON.stringify(JSON.parse(text))) === claim.toLowerCase();
  } catch {
    return false;
  }
}
