// The bytes a card signature covers (docs/protocol.md#card-signatures): the card without `signatures`, canonicalized.
// The spec says RFC 8785 (JCS), but signers disagree on what goes in before it, so a verifier tries each way a signer
// is known to produce the payload and says which one matched. Each way is named for the user.

import { asProtoCard } from './protoCard';

export type Canonicalization = 'jcs' | 'proto-1.0' | 'jcs-no-empty' | 'python-0.3' | 'python-0.3-spaced';

export interface CanonicalizationInfo {
  id: Canonicalization;
  /** Shown when this one matched, or listed among those tried. */
  label: string;
}

export const CANONICALIZATIONS: readonly CanonicalizationInfo[] = [
  { id: 'jcs', label: 'RFC 8785 (JCS) of the card as served, without "signatures"' },
  {
    id: 'proto-1.0',
    label:
      'JCS of the card as the 1.0 proto type keeps it, empties dropped (@a2a-js/sdk 1.x, a2a-python 1.x)',
  },
  { id: 'jcs-no-empty', label: 'JCS after dropping empty strings, lists, objects and nulls' },
  {
    id: 'python-0.3',
    label: 'a2a-python 0.3: defaults and nulls left out, keys sorted, non-ASCII escaped, no spaces',
  },
  {
    id: 'python-0.3-spaced',
    label: 'a2a-python 0.3 as above, with json.dumps’ default spaces after , and :',
  },
];

/** The payload for one canonicalization of `card` (a parsed card object). */
export function canonicalPayload(card: Record<string, unknown>, how: Canonicalization): string {
  const unsigned = withoutSignatures(card);
  switch (how) {
    case 'jcs':
      return jcs(unsigned);
    case 'proto-1.0':
      return jcs(withoutEmpty(asProtoCard(unsigned)) ?? {});
    case 'jcs-no-empty':
      return jcs(withoutEmpty(unsigned) ?? {});
    case 'python-0.3':
      return pythonDumps(withoutPython03Defaults(unsigned), ',', ':');
    case 'python-0.3-spaced':
      return pythonDumps(withoutPython03Defaults(unsigned), ', ', ': ');
  }
}

function withoutSignatures(card: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(card)) if (key !== 'signatures') copy[key] = card[key];
  return copy;
}

/**
 * RFC 8785: members sorted by their UTF-16 code units, no whitespace, numbers and strings as ECMAScript serializes
 * them (which is what JCS specifies). Iterative, since a card is untrusted input.
 */
export function jcs(value: unknown): string {
  return serialize(value, (text) => JSON.stringify(text), ',', ':');
}

/** Python's json.dumps(sort_keys=True) with ensure_ascii: everything past U+007F as \uXXXX (pairs for astral). */
function pythonDumps(value: unknown, comma: string, colon: string): string {
  return serialize(
    value,
    (text) =>
      JSON.stringify(text).replace(
        /[\u0080-\uffff]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      ),
    comma,
    colon,
  );
}

type Step = { value: unknown } | { text: string };

function serialize(root: unknown, string: (text: string) => string, comma: string, colon: string): string {
  const out: string[] = [];
  const stack: Step[] = [{ value: root }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    if ('text' in step) {
      out.push(step.text);
      continue;
    }
    const value = step.value;
    if (typeof value === 'string') out.push(string(value));
    else if (typeof value === 'number') out.push(Number.isFinite(value) ? JSON.stringify(value) : 'null');
    else if (typeof value === 'boolean' || value === null) out.push(String(value));
    else if (Array.isArray(value)) {
      const steps: Step[] = [{ text: '[' }];
      value.forEach((item, index) => {
        if (index > 0) steps.push({ text: comma });
        steps.push({ value: item === undefined ? null : item });
      });
      steps.push({ text: ']' });
      for (let i = steps.length - 1; i >= 0; i--) stack.push(steps[i]!);
    } else if (typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort(compareCodeUnits);
      const steps: Step[] = [{ text: '{' }];
      keys.forEach((key, index) => {
        if (index > 0) steps.push({ text: comma });
        steps.push({ text: `${string(key)}${colon}` }, { value: record[key] });
      });
      steps.push({ text: '}' });
      for (let i = steps.length - 1; i >= 0; i--) stack.push(steps[i]!);
    } else out.push('null');
  }
  return out.join('');
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Drops "", null, [] and {} everywhere, bottom up (so a list of empties is empty too); undefined when all went. */
function withoutEmpty(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const items = value.map(withoutEmpty).filter((item) => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const kept = withoutEmpty(item);
      if (kept !== undefined) out[key] = kept;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
  return value;
}

/**
 * What pydantic's exclude_defaults leaves of a 0.3 card (docs/protocol.md#card-signatures): nulls everywhere, and the
 * two top-level members whose defaults an agent usually leaves as they are.
 */
function withoutPython03Defaults(card: Record<string, unknown>): unknown {
  const out = withoutNulls(card) as Record<string, unknown>;
  if (out.protocolVersion === '0.3.0') delete out.protocolVersion;
  if (out.preferredTransport === 'JSONRPC') delete out.preferredTransport;
  return out;
}

function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>))
      if (item !== null) out[key] = withoutNulls(item);
    return out;
  }
  return value;
}
