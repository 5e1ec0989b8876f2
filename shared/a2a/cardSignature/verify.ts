// Verifying a card's signatures (CARD-7, docs/protocol.md#card-signatures): each entry of `signatures` is a JWS with a
// detached payload. Keys come only from a JWKS the user gave (pasted, or fetched from the header's `jku` after they
// said yes); nothing is fetched here. Each canonicalization a signer is known to use is tried in turn, and the answer
// says which one matched, or for each key and canonicalization why it did not.

import { base64url, flattenedVerify, importJWK, type JWK } from 'jose';
import { PUBLIC_KEY_JWS_ALGORITHMS } from '../../wire/jwsAlgorithms';
import { isObject } from '../decodeContext';
import { canonicalPayload, CANONICALIZATIONS, type CanonicalizationInfo } from './canonical';
import { readSignatureEntries, type DetachedJws, type SignatureHeader } from './headers';

export type SignatureVerdict =
  | { status: 'verified'; alg: string; kid?: string; canonicalization: CanonicalizationInfo }
  /** Nothing to check it with yet: no JWKS, or none of its keys has this signature's `kid`. */
  | { status: 'no-key'; reason: string }
  | { status: 'failed'; reason: string; attempts: string[] };

export interface SignatureCheck {
  /** Position in `signatures`, and its JSON pointer in the card. */
  index: number;
  pointer: string;
  header: SignatureHeader;
  verdict: SignatureVerdict;
}

export interface CardSignatures {
  checks: SignatureCheck[];
  /** True when at least one signature verified: the card is trusted if one does (key rotation). */
  verified: boolean;
  /** JWKS URLs the signatures name, for the user to choose to fetch. */
  jkus: string[];
}

export type JwksRead = { ok: true; keys: JWK[] } | { ok: false; reason: string };

/** A JWKS as the user gave it: `{"keys":[…]}`, or a single JWK. */
export function readJwks(text: string): JwksRead {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'The key set is not JSON.' };
  }
  const keys =
    isObject(value) && Array.isArray(value.keys) ? value.keys : isObject(value) ? [value] : undefined;
  if (!keys || keys.length === 0)
    return { ok: false, reason: 'The key set has no keys (expected {"keys": [...]}).' };
  if (!keys.every((key) => isObject(key) && typeof key.kty === 'string'))
    return { ok: false, reason: 'Every key needs a "kty" (a JWK, RFC 7517).' };
  return { ok: true, keys: keys as JWK[] };
}

/** Checks every signature of `card` (parsed) against `keys`; never throws. */
export async function verifyCardSignatures(
  card: unknown,
  keys: readonly JWK[] | undefined,
): Promise<CardSignatures> {
  const checks: SignatureCheck[] = [];
  const jkus = new Set<string>();
  for (const entry of readSignatureEntries(card)) {
    const { index } = entry;
    const pointer = `/signatures/${index}`;
    if ('problem' in entry) {
      checks.push({
        index,
        pointer,
        header: {},
        verdict: { status: 'failed', reason: entry.problem, attempts: [] },
      });
      continue;
    }
    if (entry.header.jku) jkus.add(entry.header.jku);
    const verdict = await verifyOne(card as Record<string, unknown>, entry.jws, entry.header, keys);
    checks.push({ index, pointer, header: entry.header, verdict });
  }
  return { checks, verified: checks.some((c) => c.verdict.status === 'verified'), jkus: [...jkus] };
}

async function verifyOne(
  card: Record<string, unknown>,
  jws: DetachedJws,
  header: SignatureHeader,
  keys: readonly JWK[] | undefined,
): Promise<SignatureVerdict> {
  const alg = header.alg;
  if (!alg) return { status: 'failed', reason: 'The protected header has no "alg".', attempts: [] };
  if (alg === 'none')
    return { status: 'failed', reason: '"alg": "none" means unsigned; it is never accepted.', attempts: [] };
  if (!PUBLIC_KEY_JWS_ALGORITHMS.includes(alg)) {
    return {
      status: 'failed',
      reason: `"${alg}" is not a public-key algorithm, so it cannot show that the agent signed the card.`,
      attempts: [],
    };
  }
  if (!keys || keys.length === 0) {
    return {
      status: 'no-key',
      reason: header.jku
        ? `No key set yet: paste one, or fetch the one the signature names (${header.jku}).`
        : 'No key set yet: paste the agent’s public keys (JWKS).',
    };
  }
  const candidates = header.kid ? keys.filter((key) => key.kid === header.kid) : [...keys];
  if (candidates.length === 0)
    return { status: 'no-key', reason: `No key in the key set has kid "${header.kid}".` };

  const attempts: string[] = [];
  for (const jwk of candidates) {
    const name = jwk.kid ? `key "${jwk.kid}"` : `a ${jwk.kty} key`;
    if (jwk.kty === 'oct') {
      attempts.push(`${name}: a shared secret, not a public key; skipped.`);
      continue;
    }
    let key: Awaited<ReturnType<typeof importJWK>>;
    try {
      key = await importJWK(jwk, alg);
    } catch (error) {
      attempts.push(`${name}: does not fit ${alg} (${message(error)}).`);
      continue;
    }
    for (const how of CANONICALIZATIONS) {
      const payload = base64url.encode(canonicalPayload(card, how.id));
      try {
        await flattenedVerify({ ...jws, payload }, key, {
          algorithms: [alg],
        });
        return { status: 'verified', alg, ...(jwk.kid ? { kid: jwk.kid } : {}), canonicalization: how };
      } catch (error) {
        attempts.push(`${name}, ${how.id}: ${message(error)}.`);
      }
    }
  }
  return {
    status: 'failed',
    reason:
      'No key and canonicalization verified this signature: the card was changed after signing, signed another ' +
      'way, or signed with another key.',
    attempts,
  };
}

function message(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
}
