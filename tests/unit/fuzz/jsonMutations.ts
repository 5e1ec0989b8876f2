// Generated JSON for the fuzz targets: a real value (a seed) with a few random edits — a member deleted, replaced by
// something hostile, an unexpected member added — and the text it becomes, now and then cut short or padded with
// bytes that are not JSON. Hostile values include prototype names as keys, lone surrogates, bidi controls,
// numbers past 2^53 and nesting deep enough to threaten a recursive reader's stack.

import fc from 'fast-check';

const interestingKeys = [
  'kind',
  'jsonrpc',
  'id',
  'method',
  'params',
  'result',
  'error',
  'code',
  'message',
  'data',
  'task',
  'status',
  'state',
  'taskId',
  'contextId',
  'messageId',
  'parts',
  'text',
  'file',
  'bytes',
  'uri',
  'mimeType',
  'mediaType',
  'name',
  'role',
  'artifact',
  'artifacts',
  'artifactId',
  'history',
  'metadata',
  'final',
  'append',
  'lastChunk',
  'statusUpdate',
  'artifactUpdate',
  'supportedInterfaces',
  'url',
  'protocolBinding',
  'skills',
  'securitySchemes',
  'details',
  '@type',
  'reason',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
];

/** Nested `depth` arrays deep, as a value: shallow enough that two of them inside a seed still stringify. */
const deepNest = fc
  .integer({ min: 1, max: 700 })
  .map((depth) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown);

/**
 * A stand-in for nesting too deep to stringify (up to 20,000 levels, which JSON.parse reads but a recursive walk
 * does not survive): the text targets swap it for the brackets after stringifying.
 */
const deepMarker = fc.integer({ min: 1000, max: 20_000 }).map((depth) => `\u0001deep:${depth}`);
const deepMarkerText = /"\\u0001deep:(\d+)"/g;

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      2 ** 53 + 2,
      -1e308,
      1e308,
      '',
      ' ',
      'x'.repeat(500),
      '\u0000',
      '\uD800',
      '\u202Eevil',
      '__proto__',
      'constructor',
      '[object Object]',
      'javascript:alert(1)',
      '2026-13-45T99:99:99Z',
      'TASK_STATE_COMPLETED',
      'TASK_STATE_INPUT_REQUIRED',
      'completed',
      'input-required',
      'ROLE_AGENT',
      'agent',
      'text',
      'file',
      'data',
      'message',
      'task',
      'status-update',
      'artifact-update',
      'JSONRPC',
      'HTTP+JSON',
      'GRPC',
      'http://127.0.0.1:1/',
      [],
      {},
      [[[]]],
      { kind: 'text', text: 'hi' },
      { text: 'hi' },
      { parts: [] },
    ),
  },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepNest },
  { weight: 1, arbitrary: deepMarker },
  {
    weight: 1,
    arbitrary: fc
      .constant(null)
      .map(
        () =>
          JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}') as unknown,
      ),
  },
);

type Edit =
  | { op: 'replace'; at: number; value: unknown }
  | { op: 'delete'; at: number }
  | { op: 'add'; at: number; key: string; value: unknown }
  | { op: 'wrap'; at: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ op: fc.constant('replace' as const), at: fc.nat(), value: hostileValue }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({
    op: fc.constant('add' as const),
    at: fc.nat(),
    key: fc.oneof(fc.constantFrom(...interestingKeys), fc.string({ maxLength: 8 })),
    value: hostileValue,
  }),
  fc.record({ op: fc.constant('wrap' as const), at: fc.nat() }),
);

interface Slot {
  parent: Record<string, unknown> | unknown[];
  key: string | number;
}

/** Every member and element of `root`, parents first (bounded: a deep seed gives its first few thousand). */
function slots(root: unknown): Slot[] {
  const out: Slot[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0 && out.length < 5000) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        out.push({ parent: value, key: index });
        stack.push(item);
      });
    } else if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) {
        out.push({ parent: value as Record<string, unknown>, key });
        stack.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return out;
}

/** Sets a member as JSON.parse would: an own property, even when it is named `__proto__`. */
function put(parent: Record<string, unknown> | unknown[], key: string | number, value: unknown): void {
  Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
}

function applyEdit(root: unknown, change: Edit): unknown {
  const all = slots(root);
  // Values are copied in: constants are shared between inputs, and a later edit must not change them.
  if (all.length === 0) return change.op === 'replace' ? structuredClone(change.value) : root;
  const slot = all[change.at % all.length]!;
  const current = (slot.parent as Record<string | number, unknown>)[slot.key];
  switch (change.op) {
    case 'replace':
      put(slot.parent, slot.key, structuredClone(change.value));
      break;
    case 'delete':
      if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
      else delete slot.parent[slot.key as string];
      break;
    case 'add':
      if (typeof current === 'object' && current !== null && !Array.isArray(current))
        put(current as Record<string, unknown>, change.key, structuredClone(change.value));
      else put(slot.parent, slot.key, { [change.key]: structuredClone(change.value) });
      break;
    case 'wrap':
      put(slot.parent, slot.key, [current]);
      break;
  }
  return root;
}

/** A seed with up to `maxEdits` random edits (a copy: seeds are shared). */
export function mutated(seeds: readonly unknown[], maxEdits = 4): fc.Arbitrary<unknown> {
  if (seeds.length === 0) return hostileValue;
  return fc
    .tuple(fc.constantFrom(...seeds), fc.array(edit, { minLength: 1, maxLength: maxEdits }))
    .map(([seed, edits]) =>
      edits.reduce<unknown>((value, change) => applyEdit(value, change), structuredClone(seed)),
    );
}

/** JSON from seeds, mostly mutated, sometimes wholly random. */
export function jsonInput(seeds: readonly unknown[]): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: mutated(seeds) }, { weight: 1, arbitrary: hostileValue });
}

/** The text of such JSON, now and then cut short, padded, or not JSON at all. */
export function jsonText(seeds: readonly unknown[]): fc.Arbitrary<string> {
  const whole = jsonInput(seeds).map((value) =>
    (JSON.stringify(value) ?? 'undefined').replace(deepMarkerText, (_, depth: string) => {
      const n = Number(depth);
      return `${'['.repeat(n)}${']'.repeat(n)}`;
    }),
  );
  return fc.oneof(
    { weight: 8, arbitrary: whole },
    {
      weight: 2,
      arbitrary: fc.tuple(whole, fc.nat()).map(([text, at]) => text.slice(0, at % (text.length + 1))),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(whole, fc.constantFrom('\uFEFF', ' \n', 'garbage', '\u0000', '}', ']]'))
        .map(([text, extra]) => (extra === '\uFEFF' ? extra + text : text + extra)),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  );
}
