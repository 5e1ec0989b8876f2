// JWS algorithms whose signature only the holder of a private key can make (RFC 7518, RFC 8037): what a push
// notification's JWT and a card's signature may use. Shared secrets (HS*) and `none` prove nothing about who signed.

export const PUBLIC_KEY_JWS_ALGORITHMS: readonly string[] = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];
