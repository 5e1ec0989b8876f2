// Small readers for untrusted JSON that never throw: each wrong shape becomes a finding with a JSON pointer, and
// decoding carries on with what is there (WIRE-5: nothing is thrown away because a parser disliked it).

import type { SpecRef } from '../checks/specRefs';
import type { Finding, Severity } from '../wire/finding';
import type { JsonObject } from './model';

export class DecodeContext {
  readonly findings: Finding[] = [];

  /** `ref`: the public section of the generation and binding being decoded, which every finding here cites. */
  constructor(readonly ref: SpecRef) {}

  report(rule: string, message: string, pointer: string, severity: Severity = 'warning'): void {
    this.findings.push({ rule, severity, message, pointer, spec: this.ref.label, specUrl: this.ref.url });
  }

  object(value: unknown, pointer: string, what: string): JsonObject | undefined {
    if (isObject(value)) return value;
    this.report('a2a.shape', `${what} should be a JSON object, not ${describe(value)}.`, pointer, 'error');
    return undefined;
  }

  /** A required string member; reports and returns '' when missing or of another type. */
  requiredString(object: JsonObject, key: string, pointer: string, what: string): string {
    const value = object[key];
    if (typeof value === 'string') return value;
    this.report(
      'a2a.shape',
      value === undefined
        ? `${what} has no "${key}".`
        : `${what}: "${key}" should be a string, not ${describe(value)}.`,
      `${pointer}/${escapeToken(key)}`,
      'error',
    );
    return '';
  }

  optionalString(object: JsonObject, key: string, pointer: string): string | undefined {
    const value = object[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    this.report(
      'a2a.shape',
      `"${key}" should be a string, not ${describe(value)}.`,
      `${pointer}/${escapeToken(key)}`,
    );
    return undefined;
  }

  optionalBoolean(object: JsonObject, key: string, pointer: string): boolean | undefined {
    const value = object[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'boolean') return value;
    this.report(
      'a2a.shape',
      `"${key}" should be true or false, not ${describe(value)}.`,
      `${pointer}/${escapeToken(key)}`,
    );
    return undefined;
  }

  optionalNumber(object: JsonObject, key: string, pointer: string): number | undefined {
    const value = object[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    // ProtoJSON writes 64-bit integers as strings.
    if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
    this.report(
      'a2a.shape',
      `"${key}" should be a number, not ${describe(value)}.`,
      `${pointer}/${escapeToken(key)}`,
    );
    return undefined;
  }

  optionalObject(object: JsonObject, key: string, pointer: string): JsonObject | undefined {
    const value = object[key];
    if (value === undefined || value === null) return undefined;
    if (isObject(value)) return value;
    this.report(
      'a2a.shape',
      `"${key}" should be an object, not ${describe(value)}.`,
      `${pointer}/${escapeToken(key)}`,
    );
    return undefined;
  }

  optionalStrings(object: JsonObject, key: string, pointer: string): string[] | undefined {
    const value = object[key];
    if (value === undefined || value === null) return undefined;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
    this.report('a2a.shape', `"${key}" should be a list of strings.`, `${pointer}/${escapeToken(key)}`);
    return undefined;
  }

  /**
   * The items of an optional array member; absent means empty (ProtoJSON omits empty lists,
   * docs/protocol.md#tasks-and-their-ids).
   */
  array(object: JsonObject, key: string, pointer: string): unknown[] {
    const value = object[key];
    if (value === undefined || value === null) return [];
    if (Array.isArray(value)) return value;
    this.report(
      'a2a.shape',
      `"${key}" should be a list, not ${describe(value)}.`,
      `${pointer}/${escapeToken(key)}`,
      'error',
    );
    return [];
  }
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)?.slice(0, 40)}`;
}

export function escapeToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Copies the defined entries only, so normalized objects carry no `key: undefined` noise. */
export function defined<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  // for…in rather than Object.entries: no array per call, and this runs for every decoded object of a stream.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const entry = (value as Record<string, unknown>)[key];
    if (entry !== undefined) out[key] = entry;
  }
  return out as T;
}
