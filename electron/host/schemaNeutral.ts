// Whether a JSON Schema's verdict on a document can depend on the value at one place in it beyond that value's JSON
// type (and, for a string, whether it is empty). The stream analysis asks before it lets two events that differ
// only there share one verdict (eventTemplates.ts): it can when every schema that applies on the way to that place
// only reads structure, and none at the place reads content.
//
// The walk follows what applies to a value by its place — `$ref`, `allOf`/`anyOf`/`oneOf`/`not`/`if`/`then`/`else`,
// `properties`, `patternProperties`, `additionalProperties`, `items`, `prefixItems`, `additionalItems` — and answers
// no at anything else it does not know, so a schema it cannot read in full is never called neutral. Each branch of an
// `anyOf` or `oneOf` gives the same answer for both values when it is neutral, so the combination does too.

import type { JsonPath } from './agent/eventTemplates';

type Schema = boolean | Record<string, unknown>;

/** Keywords that say nothing of a value (annotations), or only of an object's or array's structure. */
const STRUCTURE = new Set([
  '$schema',
  '$id',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'definitions',
  '$defs',
  'type',
  'required',
  'minProperties',
  'maxProperties',
  'minItems',
  'maxItems',
  'propertyNames',
  'dependentRequired',
]);
/** Keywords whose subschemas apply to the same value. */
const SAME_VALUE = ['allOf', 'anyOf', 'oneOf'] as const;
const SINGLE_SAME_VALUE = ['not', 'if', 'then', 'else'] as const;
/** Keywords that lead to a member or an item. */
const CHILDREN = new Set([
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'prefixItems',
  'additionalItems',
]);

/** The kind of value compared at the place: a string, or a number (which `type: integer` would tell apart). */
export type PlaceKind = 'string' | 'number';

/**
 * True when every schema applying at `path` within `root` (reached from `start`, a local `$ref` or the root) looks at
 * the value there only through its type, and every schema on the way there only at structure.
 */
export function neutralAt(
  root: Record<string, unknown>,
  start: Schema,
  path: JsonPath,
  kind: PlaceKind,
): boolean {
  let here: Schema[] = [start];
  for (let depth = 0; ; depth++) {
    const expanded = expand(root, here);
    if (!expanded) return false;
    const last = depth === path.length;
    for (const schema of expanded) if (!knownKeywords(schema, last)) return false;
    if (last) return kind === 'string' || expanded.every((schema) => !saysInteger(schema.type));
    const next: Schema[] = [];
    for (const schema of expanded) if (!childSchemas(schema, path[depth]!, next)) return false;
    here = next;
  }
}

/** The schemas that apply to one value, combinators and references followed; undefined when one is not readable. */
function expand(
  root: Record<string, unknown>,
  schemas: Schema[],
): Array<Record<string, unknown>> | undefined {
  const out: Array<Record<string, unknown>> = [];
  const seen = new Set<unknown>();
  const stack = [...schemas];
  while (stack.length > 0) {
    const schema = stack.pop()!;
    if (schema === true) continue;
    // `false` rejects every value alike, whatever it is.
    if (schema === false) continue;
    if (typeof schema !== 'object' || schema === null || seen.has(schema)) continue;
    seen.add(schema);
    const ref = schema.$ref;
    if (ref !== undefined) {
      const target = typeof ref === 'string' ? resolve(root, ref) : undefined;
      if (target === undefined) return undefined;
      stack.push(target);
    }
    for (const key of SAME_VALUE) {
      const list = schema[key];
      if (list === undefined) continue;
      if (!Array.isArray(list)) return undefined;
      stack.push(...(list as Schema[]));
    }
    for (const key of SINGLE_SAME_VALUE) {
      const sub = schema[key];
      if (sub !== undefined) stack.push(sub as Schema);
    }
    out.push(schema);
  }
  return out;
}

/** A local reference (`#/definitions/Name`, JSON Pointer escapes and %-encoding undone). */
function resolve(root: Record<string, unknown>, ref: string): Schema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === 'boolean' || (typeof node === 'object' && node !== null)
    ? (node as Schema)
    : undefined;
}

/** Only keywords this walk reads; at the place itself, none that reads content (enum, pattern, format, bounds…). */
function knownKeywords(schema: Record<string, unknown>, atPlace: boolean): boolean {
  for (const key in schema) {
    if (STRUCTURE.has(key) || key === '$ref') continue;
    if (
      (SAME_VALUE as readonly string[]).includes(key) ||
      (SINGLE_SAME_VALUE as readonly string[]).includes(key)
    )
      continue;
    // A child keyword at the place applies only to members or items the place's value would have: the values
    // compared are strings and numbers, which have none.
    if (CHILDREN.has(key)) continue;
    if (atPlace && key === 'type') continue;
    return false;
  }
  return true;
}

/** `type: integer` tells 1 from 1.5, which two numbers compared at a place may be. */
function saysInteger(type: unknown): boolean {
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
}

/** Adds the schemas that apply to member or item `step` of a value `schema` applies to; false when unreadable. */
function childSchemas(schema: Record<string, unknown>, step: string | number, out: Schema[]): boolean {
  if (typeof step === 'string') {
    let matched = false;
    const properties = schema.properties;
    if (properties !== undefined) {
      if (typeof properties !== 'object' || properties === null) return false;
      if (Object.hasOwn(properties, step)) {
        out.push((properties as Record<string, Schema>)[step]!);
        matched = true;
      }
    }
    const patterns = schema.patternProperties;
    if (patterns !== undefined) {
      if (typeof patterns !== 'object' || patterns === null) return false;
      for (const [pattern, sub] of Object.entries(patterns as Record<string, Schema>)) {
        let regex: RegExp;
        try {
          regex = new RegExp(pattern, 'u');
        } catch {
          return false;
        }
        if (regex.test(step)) {
          out.push(sub);
          matched = true;
        }
      }
    }
    const additional = schema.additionalProperties;
    if (!matched && additional !== undefined) out.push(additional as Schema);
    return true;
  }
  const { prefixItems, items, additionalItems } = schema;
  if (Array.isArray(prefixItems)) {
    if (step < prefixItems.length) out.push(prefixItems[step] as Schema);
    else if (items !== undefined) out.push(items as Schema);
    return true;
  }
  if (Array.isArray(items)) {
    if (step < items.length) out.push(items[step] as Schema);
    else if (additionalItems !== undefined) out.push(additionalItems as Schema);
    return true;
  }
  if (items !== undefined) out.push(items as Schema);
  return true;
}
