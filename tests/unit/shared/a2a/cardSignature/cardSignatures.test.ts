// Signed cards (CARD-7, docs/protocol.md#card-signatures): cards signed in the test with jose, and with the official
// SDK's own signer, in each canonicalization signers use, verify and name the one that matched; a changed card, a wrong
// key, `alg: none`, a shared-secret algorithm and a missing key fail or wait with the reason shown. Nothing is fetched.

import { canonicalizeAgentCard, generateAgentCardSignature } from '@a2a-js/sdk';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { exportJWK, FlattenedSign, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalPayload, jcs } from '../../../../../shared/a2a/cardSignature/canonical';
import { readJwks, verifyCardSignatures } from '../../../../../shared/a2a/cardSignature/verify';
import { mutated } from '../../../fuzz/jsonMutations';
import { cardSeeds } from '../../../fuzz/seeds';

type Card = Record<string, unknown>;

let es256: { privateKey: CryptoKey; jwk: JWK };
let rs256: { privateKey: CryptoKey; jwk: JWK };
let other: { privateKey: CryptoKey; jwk: JWK };

async function pair(alg: string, kid: string) {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { privateKey: privateKey as CryptoKey, jwk: { ...(await exportJWK(publicKey)), kid, alg } };
}

beforeAll(async () => {
  es256 = await pair('ES256', 'es-1');
  rs256 = await pair('RS256', 'rs-1');
  other = await pair('ES256', 'es-1');
});

/** Signs `payload` (the canonical text, written out by the test) and adds the signature to `card`. */
async function signed(
  card: Card,
  payload: string,
  key: CryptoKey,
  header: Record<string, unknown>,
): Promise<Card> {
  const jws = await new FlattenedSign(new TextEncoder().encode(payload)).setProtectedHeader(header).sign(key);
  const signatures = Array.isArray(card.signatures) ? card.signatures : [];
  return { ...card, signatures: [...signatures, { protected: jws.protected, signature: jws.signature }] };
}

const card03: Card = {
  name: 'Café agent',
  description: 'Serves “coffee”',
  url: 'http://127.0.0.1:9/a2a',
  version: '1.0',
  protocolVersion: '0.3.0',
  preferredTransport: 'JSONRPC',
  capabilities: { streaming: true, pushNotifications: false },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 's', name: 'S', description: 'd', tags: [] }],
  documentationUrl: null,
};

describe('canonical payloads', () => {
  it('JCS sorts members by UTF-16 code units, writes numbers as ECMAScript does, and leaves out "signatures"', () => {
    expect(jcs({ b: [1, 1.5, 1e21, -0], a: { d: '\u20ac', c: 'é\n"' }, '\u{1F600}': 1, '\uFB33': 2 })).toBe(
      '{"a":{"c":"é\\n\\"","d":"€"},"b":[1,1.5,1e+21,0],"\u{1F600}":1,"\uFB33":2}',
    );
    expect(canonicalPayload({ z: 1, signatures: [{}], a: [] }, 'jcs')).toBe('{"a":[],"z":1}');
  });

  it('the SDK way drops empties; the a2a-python 0.3 way drops defaults and nulls and escapes non-ASCII', () => {
    expect(canonicalPayload({ a: '', b: [[], {}], c: { d: null }, e: 0, f: false }, 'jcs-no-empty')).toBe(
      '{"e":0,"f":false}',
    );
    expect(
      canonicalPayload(
        { protocolVersion: '0.3.0', preferredTransport: 'JSONRPC', n: 'é', x: null },
        'python-0.3',
      ),
    ).toBe('{"n":"\\u00e9"}');
    expect(canonicalPayload({ a: 1, b: [2, 3] }, 'python-0.3-spaced')).toBe('{"a": 1, "b": [2, 3]}');
  });
});

describe('verifying', () => {
  it('a card signed over its JCS text verifies with that canonicalization', async () => {
    const payload =
      '{"capabilities":{"pushNotifications":false,"streaming":true},"defaultInputModes":["text/plain"],' +
      '"defaultOutputModes":["text/plain"],"description":"Serves “coffee”","documentationUrl":null,' +
      '"name":"Café agent","preferredTransport":"JSONRPC","protocolVersion":"0.3.0",' +
      '"skills":[{"description":"d","id":"s","name":"S","tags":[]}],"url":"http://127.0.0.1:9/a2a","version":"1.0"}';
    const card = await signed(card03, payload, es256.privateKey, { alg: 'ES256', kid: 'es-1', typ: 'JOSE' });
    const result = await verifyCardSignatures(card, [rs256.jwk, es256.jwk]);
    expect(result.verified).toBe(true);
    expect(result.checks[0]!.verdict).toMatchObject({ status: 'verified', alg: 'ES256', kid: 'es-1' });
    expect(
      result.checks[0]!.verdict.status === 'verified' && result.checks[0]!.verdict.canonicalization.id,
    ).toBe('jcs');
  });

  it('a card signed the a2a-python 0.3 way verifies and says so', async () => {
    const payload =
      '{"capabilities":{"pushNotifications":false,"streaming":true},"defaultInputModes":["text/plain"],' +
      '"defaultOutputModes":["text/plain"],"description":"Serves \\u201ccoffee\\u201d","name":"Caf\\u00e9 agent",' +
      '"skills":[{"description":"d","id":"s","name":"S","tags":[]}],"url":"http://127.0.0.1:9/a2a","version":"1.0"}';
    const card = await signed(card03, payload, rs256.privateKey, { alg: 'RS256', kid: 'rs-1' });
    const result = await verifyCardSignatures(card, [rs256.jwk]);
    expect(
      result.checks[0]!.verdict.status === 'verified' && result.checks[0]!.verdict.canonicalization.id,
    ).toBe('python-0.3');
  });

  it('a card signed by the official SDK (@a2a-js/sdk 1.3.0) verifies as its proto type keeps it', async () => {
    const recorded = JSON.parse(
      readFileSync(path.resolve('tests/fixtures/wire/v1.0/well-known-card.json'), 'utf8'),
    ) as { frames: Array<{ response: { body: { text: string } } }> };
    const served = JSON.parse(recorded.frames[0]!.response.body.text) as Card;
    // An empty list and a member the proto type does not have: the SDK signs neither. The peer's security scheme is
    // in a shape that type does not read either (its in-memory oneof), so it vanishes from the payload too.
    const card = {
      ...served,
      skills: (served.skills as Card[]).map((s) => ({ ...s, examples: [] })),
      favouriteColour: 'teal',
    };
    const sign = generateAgentCardSignature(es256.privateKey, { alg: 'ES256', kid: 'es-1', typ: 'JOSE' });
    const sdkSigned = (await sign(card as never)) as unknown as Card;
    const result = await verifyCardSignatures({ ...card, signatures: sdkSigned.signatures }, [es256.jwk]);
    expect(result.checks[0]!.verdict).toMatchObject({ status: 'verified' });
    expect(
      result.checks[0]!.verdict.status === 'verified' && result.checks[0]!.verdict.canonicalization.id,
    ).toBe('proto-1.0');
  });

  it('gives the SDK’s own canonical text for every recorded peer card, whatever its generation', () => {
    for (const peer of ['v0.1', 'v0.2', 'v0.3', 'v1.0', 'v1.0-compat']) {
      const recorded = JSON.parse(
        readFileSync(path.resolve(`tests/fixtures/wire/${peer}/well-known-card.json`), 'utf8'),
      ) as { frames: Array<{ response: { body: { text: string } } }> };
      const card = JSON.parse(recorded.frames[0]!.response.body.text) as Card;
      expect(canonicalPayload(card, 'proto-1.0'), peer).toBe(canonicalizeAgentCard(card as never));
    }
  });

  it('agrees with the SDK on mutated cards too (500 generated)', () => {
    fc.assert(
      fc.property(mutated(cardSeeds(), 4), (card) => {
        let sdk: string;
        try {
          sdk = canonicalizeAgentCard(card as never);
        } catch {
          return; // the SDK itself cannot read it (a value String() throws on): nothing to compare
        }
        if (typeof card !== 'object' || card === null || Array.isArray(card)) return;
        expect(canonicalPayload(card as Card, 'proto-1.0')).toBe(sdk);
      }),
      { numRuns: 500 },
    );
  });

  it('reads the card as the proto type does: known members only, one oneof member, defaults left out', () => {
    const input = {
      name: 'n',
      extra: 1,
      capabilities: {
        streaming: false,
        pushNotifications: null,
        extensions: [{ uri: 'u', required: false }],
      },
      securitySchemes: {
        a: { httpAuthSecurityScheme: { scheme: 'Bearer', bearerFormat: '' }, mtlsSecurityScheme: {} },
        b: { scheme: { $case: 'x' } },
      },
      skills: [{ id: 's', tags: ['t', 7], examples: [] }],
    };
    const payload = canonicalPayload(input, 'proto-1.0');
    expect(payload).toBe(canonicalizeAgentCard(input as never));
    expect(payload).toBe(
      '{"capabilities":{"extensions":[{"uri":"u"}],"streaming":false},"name":"n",' +
        '"securitySchemes":{"a":{"httpAuthSecurityScheme":{"scheme":"Bearer"}}},"skills":[{"id":"s","tags":["t","7"]}]}',
    );
  });

  it('a card changed after signing fails, listing every key and canonicalization tried', async () => {
    const card = await signed(card03, canonicalPayload(card03, 'jcs'), es256.privateKey, {
      alg: 'ES256',
      kid: 'es-1',
    });
    const tampered = { ...card, description: 'Serves tea' };
    const result = await verifyCardSignatures(tampered, [es256.jwk]);
    expect(result.verified).toBe(false);
    const verdict = result.checks[0]!.verdict;
    expect(verdict.status).toBe('failed');
    if (verdict.status !== 'failed') return;
    expect(verdict.reason).toMatch(/changed after signing/);
    expect(verdict.attempts).toHaveLength(5);
    expect(verdict.attempts[0]).toMatch(/^key "es-1", jcs: signature verification failed/);
  });

  it('a wrong key with the right kid fails; a kid no key has waits for a key', async () => {
    const card = await signed(card03, canonicalPayload(card03, 'jcs'), es256.privateKey, {
      alg: 'ES256',
      kid: 'es-1',
    });
    expect((await verifyCardSignatures(card, [other.jwk])).checks[0]!.verdict.status).toBe('failed');
    const noKid = await verifyCardSignatures(card, [rs256.jwk]);
    expect(noKid.checks[0]!.verdict).toEqual({
      status: 'no-key',
      reason: 'No key in the key set has kid "es-1".',
    });
  });

  it('alg none and shared-secret algorithms are refused with the reason, whatever the keys', async () => {
    const header = (h: object) => Buffer.from(JSON.stringify(h)).toString('base64url');
    const card = {
      ...card03,
      signatures: [
        { protected: header({ alg: 'none', kid: 'es-1' }), signature: '' },
        { protected: header({ alg: 'HS256', kid: 'es-1' }), signature: 'AAAA' },
        { protected: 'not base64 json', signature: 'AAAA' },
        { protected: header({ kid: 'es-1' }), signature: 'AAAA' },
      ],
    };
    const result = await verifyCardSignatures(card, [es256.jwk]);
    expect(result.verified).toBe(false);
    expect(result.checks.map((c) => c.verdict.status === 'failed' && c.verdict.reason)).toEqual([
      '"alg": "none" means unsigned; it is never accepted.',
      '"HS256" is not a public-key algorithm, so it cannot show that the agent signed the card.',
      '"protected" is not base64url-encoded JSON.',
      'The protected header has no "alg".',
    ]);
  });

  it('without keys nothing is fetched: the jku is offered instead', async () => {
    const card = await signed(card03, canonicalPayload(card03, 'jcs'), es256.privateKey, {
      alg: 'ES256',
      kid: 'es-1',
      jku: 'https://keys.example/jwks.json',
    });
    const result = await verifyCardSignatures(card, undefined);
    expect(result.jkus).toEqual(['https://keys.example/jwks.json']);
    expect(result.checks[0]!.verdict).toEqual({
      status: 'no-key',
      reason:
        'No key set yet: paste one, or fetch the one the signature names (https://keys.example/jwks.json).',
    });
  });

  it('one good signature among bad ones is enough (key rotation)', async () => {
    const stale = await signed(card03, canonicalPayload(card03, 'jcs'), other.privateKey, {
      alg: 'ES256',
      kid: 'old',
    });
    const card = await signed(stale, canonicalPayload(card03, 'jcs'), es256.privateKey, {
      alg: 'ES256',
      kid: 'es-1',
    });
    const result = await verifyCardSignatures(card, [es256.jwk]);
    expect(result.checks.map((c) => c.verdict.status)).toEqual(['no-key', 'verified']);
    expect(result.verified).toBe(true);
  });

  it('reads a key set, or says what is wrong with it', () => {
    expect(readJwks(JSON.stringify({ keys: [{ kty: 'EC', crv: 'P-256', x: 'a', y: 'b' }] }))).toMatchObject({
      ok: true,
    });
    expect(readJwks(JSON.stringify({ kty: 'RSA', n: 'a', e: 'AQAB' }))).toMatchObject({ ok: true });
    expect(readJwks('nope')).toEqual({ ok: false, reason: 'The key set is not JSON.' });
    expect(readJwks('{"keys":[]}')).toMatchObject({ ok: false });
    expect(readJwks('{"keys":[{"x":1}]}')).toEqual({
      ok: false,
      reason: 'Every key needs a "kty" (a JWK, RFC 7517).',
    });
  });
});
