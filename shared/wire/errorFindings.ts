// What the JSON-RPC and REST error checks share: small readers of untrusted JSON, the finding they make, and how an
// error code the generation does not define is reported (docs/protocol.md#json-rpc-error-codes).

import { jsonRpcCodeRange, jsonRpcErrorEntries } from '../a2a/errorCodes';
import type { Generation } from '../a2a/generation';
import { a2aRef, JSON_RPC, type SpecRef } from '../checks/specRefs';
import type { Finding, Severity } from './finding';

/** The A2A error codes of the generation's JSON-RPC binding. */
export const errorSpec = (generation: Generation) => a2aRef('jsonRpcErrors', generation);

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function has(value: Json, key: string): boolean {
  return Object.hasOwn(value, key);
}

export function finding(
  rule: string,
  severity: Severity,
  message: string,
  pointer: string | undefined,
  ref: SpecRef,
): Finding {
  return {
    rule,
    severity,
    message,
    ...(pointer !== undefined ? { pointer } : {}),
    spec: ref.label,
    specUrl: ref.url,
  };
}

/** A short, safe rendering of a JSON value for messages. */
export function show(value: unknown): string {
  if (value === undefined) return 'absent';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? text.slice(0, 59) + '…' : text;
}

export function typeWord(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}

/** An error code the generation does not define, with the generations that do use it. */
export function unknownCode(code: number, generation: Generation, pointer: string): Finding {
  const elsewhere = jsonRpcErrorEntries(code)
    .filter((e) => !e.generations.includes(generation))
    .map((e) => `${e.name} in ${e.generations.join('/')}`);
  const hint = elsewhere.length
    ? ` Other A2A generations use it: ${elsewhere.join(', ')}; the agent may speak another version.`
    : '';
  switch (jsonRpcCodeRange(code)) {
    case 'server':
      return finding(
        'jsonrpc.unknown-code',
        'warning',
        `Error code ${code} is in the range A2A uses for its own errors, but A2A ${generation} does not define it.` +
          hint,
        pointer,
        errorSpec(generation),
      );
    case 'reserved':
      return finding(
        'jsonrpc.unknown-code',
        'warning',
        `Error code ${code} is in the range JSON-RPC reserves for its predefined errors, but it is none of them.` +
          hint,
        pointer,
        JSON_RPC.error,
      );
    default:
      return finding(
        'jsonrpc.unknown-code',
        'info',
        `Error code ${code} is application-defined: it is not an A2A ${generation} or JSON-RPC error code.` +
          hint,
        pointer,
        errorSpec(generation),
      );
  }
}

/** Reads google.rpc.ErrorInfo objects from error data (an array of ProtoJSON Any, or one such object). */
export function errorInfoReasonsIn(data: unknown): { reason: string; domain?: string; index: number }[] {
  const items = Array.isArray(data) ? data : [data];
  const out: { reason: string; domain?: string; index: number }[] = [];
  items.forEach((item: unknown, index) => {
    if (!isObject(item) || typeof item.reason !== 'string') return;
    const type = item['@type'];
    if (typeof type === 'string' && !type.endsWith('google.rpc.ErrorInfo')) return;
    out.push({
      reason: item.reason,
      index,
      ...(typeof item.domain === 'string' ? { domain: item.domain } : {}),
    });
  });
  return out;
}
