// What a card's signatures say about themselves, read without verifying anything (the card view shows it at once;
// the verifier, which needs jose, loads only when the user asks for a check).

import { isObject } from '../decodeContext';

export interface SignatureHeader {
  alg?: string;
  kid?: string;
  jku?: string;
  typ?: string;
}

export interface DetachedJws {
  protected: string;
  signature: string;
}

export type SignatureEntry =
  { index: number; header: SignatureHeader; jws: DetachedJws } | { index: number; problem: string };

/** Every entry of the card's `signatures`, with its protected header decoded, or what is wrong with it. */
export function readSignatureEntries(card: unknown): SignatureEntry[] {
  const list = isObject(card) && Array.isArray(card.signatures) ? card.signatures : [];
  return list.map((entry, index) => ({ index, ...readEntry(entry) }));
}

function readEntry(entry: unknown): { header: SignatureHeader; jws: DetachedJws } | { problem: string } {
  if (!isObject(entry)) return { problem: 'The entry is not an object.' };
  if (typeof entry.protected !== 'string' || typeof entry.signature !== 'string')
    return { problem: 'The entry needs "protected" and "signature" strings.' };
  let json: unknown;
  try {
    json = JSON.parse(base64urlText(entry.protected));
  } catch {
    return { problem: '"protected" is not base64url-encoded JSON.' };
  }
  if (!isObject(json)) return { problem: 'The protected header is not a JSON object.' };
  const header: SignatureHeader = {};
  for (const key of ['alg', 'kid', 'jku', 'typ'] as const) {
    const value = json[key];
    if (typeof value === 'string') header[key] = value;
  }
  return { header, jws: { protected: entry.protected, signature: entry.signature } };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url (RFC 4648 §5, padding optional) to UTF-8 text; throws on anything else. */
function base64urlText(text: string): string {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.replace(/=+$/, '')) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) throw new Error('not base64url');
    value = (value << 6) | digit;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 0xff);
    }
  }
  return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
}
