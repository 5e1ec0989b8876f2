// Whether a JSON Schema looks at a value only through its type (schemaNeutral.ts): what every generation's stream
// event schema says of the places the stream analysis lets events differ, and each keyword that reads more, or that
// the walk does not know, found wherever it applies.

import { describe, expect, it } from 'vitest';
import { schemaNeutral } from '../../../../electron/host/bodySchema';
import { neutralAt } from '../../../../electron/host/schemaNeutral';

describe('schemaNeutral', () => {
  it.each([
    ['1.0', 'JSONRPC', ['result']],
    ['1.0', 'HTTP+JSON', []],
    ['0.3', 'JSONRPC', ['result']],
    ['0.2', 'JSONRPC', ['result']],
  ] as const)(
    'finds a text part’s content and metadata values free in %s %s events',
    (generation, binding, pre) => {
      const neutral = schemaNeutral(generation, binding, 'event');
      const text =
        generation === '1.0'
          ? [...pre, 'artifactUpdate', 'artifact', 'parts', 0, 'text']
          : [...pre, 'artifact', 'parts', 0, 'text'];
      const metadata =
        generation === '1.0' ? [...pre, 'statusUpdate', 'metadata', 'n'] : [...pre, 'metadata', 'n'];
      expect(neutral(text, 'string')).toBe(true);
      expect(neutral(metadata, 'number')).toBe(true);
      expect(neutral(metadata, 'string')).toBe(true);
    },
  );

  it('finds places the 1.0 schema reads by content', () => {
    const neutral = schemaNeutral('1.0', 'HTTP+JSON', 'event');
    // A part's raw bytes must be base64; a state is one of a list.
    expect(neutral(['artifactUpdate', 'artifact', 'parts', 0, 'raw'], 'string')).toBe(false);
    expect(neutral(['statusUpdate', 'status', 'state'], 'string')).toBe(false);
  });

  it('is true where nothing is checked', () => {
    expect(schemaNeutral('9.9', 'JSONRPC', 'event')(['x'], 'string')).toBe(true);
    expect(schemaNeutral('0.3', 'HTTP+JSON', 'event')(['x'], 'string')).toBe(true);
    // 1.0 JSON-RPC: only the result is checked.
    expect(schemaNeutral('1.0', 'JSONRPC', 'event')(['id'], 'number')).toBe(true);
  });

  const at = (
    schema: Record<string, unknown>,
    path: Array<string | number>,
    kind: 'string' | 'number' = 'string',
  ) => neutralAt(schema, schema, path, kind);

  it('follows references, combinators, members and items', () => {
    const schema = {
      definitions: { Leaf: { type: 'string', description: 'free' } },
      allOf: [{ properties: { a: { $ref: '#/definitions/Leaf' } } }],
      oneOf: [{ patternProperties: { '^b$': { items: [{ type: 'string' }] } } }, { required: ['a'] }],
      properties: { c: { type: 'array', items: { additionalProperties: { type: ['string', 'null'] } } } },
    };
    expect(at(schema, ['a'])).toBe(true);
    expect(at(schema, ['b', 0])).toBe(true);
    expect(at(schema, ['c', 3, 'any'])).toBe(true);
  });

  it.each([
    ['enum', { properties: { a: { enum: ['x'] } } }],
    ['const', { properties: { a: { const: 'x' } } }],
    ['pattern', { properties: { a: { pattern: '^x' } } }],
    ['format', { properties: { a: { format: 'uri' } } }],
    ['minLength', { properties: { a: { minLength: 2 } } }],
    [
      'a reference to a branch that reads content',
      { definitions: { P: { pattern: 'x' } }, properties: { a: { anyOf: [{ $ref: '#/definitions/P' }] } } },
    ],
    ['a condition', { if: { properties: { a: { const: 1 } } }, then: {} }],
    ['an ancestor’s enum', { enum: [{ a: 'x' }] }],
    ['an ancestor’s uniqueItems', { properties: { a: {} }, uniqueItems: true }],
    ['a keyword the walk does not know', { properties: { a: { contentMediaType: 'text/plain' } } }],
    ['a reference it cannot follow', { properties: { a: { $ref: 'other.json#/x' } } }],
  ])('is false with %s', (_name, schema) => {
    expect(at(schema as Record<string, unknown>, ['a'])).toBe(false);
  });

  it('tells numbers apart where the schema wants an integer', () => {
    const schema = { properties: { a: { type: 'integer' }, b: { type: ['number', 'null'] } } };
    expect(at(schema, ['a'], 'number')).toBe(false);
    expect(at(schema, ['a'], 'string')).toBe(true);
    expect(at(schema, ['b'], 'number')).toBe(true);
  });
});
