// JSON text with positions (shared/wire/jsonText.ts) and JSON pointers (shared/wire/jsonPointer.ts): positions of
// keys and values, locate() fallbacks, the parts of JSON.parse's behaviour that are easy to get wrong (duplicate keys,
// __proto__, unpaired surrogates, huge numbers), the depth limit, the messages users see, and properties checked
// against JSON.parse itself as the oracle.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appendPointer,
  decodePointerToken,
  encodePointerToken,
  getAtPointer,
  isArrayIndexToken,
  joinJsonPointer,
  parentPointer,
  splitJsonPointer,
} from '../../../../shared/wire/jsonPointer';
import {
  createLineIndex,
  decodeJsonBytes,
  parseJsonText,
  type JsonLocation,
  type JsonParseOptions,
  type JsonParseSuccess,
} from '../../../../shared/wire/jsonText';

function parsed(text: string, options?: JsonParseOptions): JsonParseSuccess {
  const result = parseJsonText(text, options);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(text)} to parse: ${result.finding.message}`);
  return result;
}

function failure(text: string, options?: JsonParseOptions) {
  const result = parseJsonText(text, options);
  if (result.ok) throw new Error(`expected ${JSON.stringify(text)} to be rejected`);
  return result.finding;
}

/** Line and column only, for compact expectations. */
function lc(location: JsonLocation | undefined) {
  if (!location) return undefined;
  return {
    pointer: location.pointer,
    exact: location.exact,
    value: [
      location.value.start.line,
      location.value.start.column,
      location.value.end.line,
      location.value.end.column,
    ],
    ...(location.key
      ? {
          key: [
            location.key.start.line,
            location.key.start.column,
            location.key.end.line,
            location.key.end.column,
          ],
        }
      : {}),
  };
}

/** Every pointer inside a parsed value, root first. */
function allPointers(value: unknown, pointer = ''): string[] {
  const out = [pointer];
  if (Array.isArray(value))
    value.forEach((item, i) => out.push(...allPointers(item, appendPointer(pointer, i))));
  else if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) {
      out.push(...allPointers((value as Record<string, unknown>)[key], appendPointer(pointer, key)));
    }
  }
  return out;
}

/**
 * The first difference between two parsed JSON values, or undefined: numbers by Object.is (-0 ≠ 0), key order, own
 * properties only, and prototypes. (toStrictEqual would compare an own "constructor" member as the constructor.)
 */
function jsonDifference(actual: unknown, expected: unknown, path = ''): string | undefined {
  if (typeof actual !== 'object' || actual === null || typeof expected !== 'object' || expected === null) {
    return Object.is(actual, expected)
      ? undefined
      : `${path || '(root)'}: ${String(actual)} ≠ ${String(expected)}`;
  }
  if (Object.getPrototypeOf(actual) !== Object.getPrototypeOf(expected))
    return `${path || '(root)'}: prototype`;
  const keys = Object.keys(actual);
  const expectedKeys = Object.keys(expected);
  if (keys.join('\u0000') !== expectedKeys.join('\u0000'))
    return `${path || '(root)'}: keys ${keys} ≠ ${expectedKeys}`;
  for (const key of keys) {
    const a: unknown = Object.getOwnPropertyDescriptor(actual, key)?.value;
    const b: unknown = Object.getOwnPropertyDescriptor(expected, key)?.value;
    const difference = jsonDifference(a, b, appendPointer(path, key));
    if (difference) return difference;
  }
  return undefined;
}

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

const card = [
  '{',
  '  "name": "Echo",',
  '  "skills": [',
  '    { "id": "s1", "name": "echo", "tags": ["a", "b"] },',
  '    { "id": "s2" }',
  '  ]',
  '}',
].join('\n');

describe('positions', () => {
  for (const positions of ['eager', 'lazy'] as const) {
    describe(`recorded ${positions}`, () => {
      const result = parsed(card, { positions });

      it('uses the requested mode', () => {
        expect(result.positions).toBe(positions);
      });

      it('gives key and value ranges for nested members and array elements', () => {
        expect(lc(result.locate('/skills/0/name'))).toEqual({
          pointer: '/skills/0/name',
          exact: true,
          key: [4, 19, 4, 25],
          value: [4, 27, 4, 33],
        });
        expect(lc(result.locate('/skills/0/tags/1'))).toEqual({
          pointer: '/skills/0/tags/1',
          exact: true,
          value: [4, 49, 4, 52],
        });
        expect(lc(result.locate('/skills'))).toEqual({
          pointer: '/skills',
          exact: true,
          key: [3, 3, 3, 11],
          value: [3, 13, 6, 4],
        });
        expect(lc(result.locate('/skills/1/id'))).toEqual({
          pointer: '/skills/1/id',
          exact: true,
          key: [5, 7, 5, 11],
          value: [5, 13, 5, 17],
        });
        expect(lc(result.locate(''))).toEqual({ pointer: '', exact: true, value: [1, 1, 7, 2] });
        const name = result.locate('/skills/0/name');
        expect(card.slice(name.value.start.offset, name.value.end.offset)).toBe('"echo"');
        expect(card.slice(name.key?.start.offset, name.key?.end.offset)).toBe('"name"');
      });

      it('falls back to the deepest existing ancestor for missing pointers', () => {
        expect(lc(result.locate('/skills/0/description'))).toEqual({
          pointer: '/skills/0',
          exact: false,
          value: [4, 5, 4, 55],
        });
        expect(result.locate('/skills/7/name')).toMatchObject({ pointer: '/skills', exact: false });
        expect(result.locate('/skills/01')).toMatchObject({ pointer: '/skills', exact: false });
        expect(result.locate('/skills/-')).toMatchObject({ pointer: '/skills', exact: false });
        expect(result.locate('/name/0')).toMatchObject({ pointer: '/name', exact: false });
        expect(result.locate('/nope/deeper')).toMatchObject({ pointer: '', exact: false });
        // Not a pointer at all (no leading '/', or a bad '~' escape): the whole document, not exact.
        expect(result.locate('skills')).toMatchObject({ pointer: '', exact: false });
        expect(result.locate('/skills~2')).toMatchObject({ pointer: '', exact: false });
      });
    });
  }

  it('counts CRLF and a lone CR as one line break each', () => {
    const crlf = parsed(card.replaceAll('\n', '\r\n'));
    expect(lc(crlf.locate('/skills/0/name'))).toEqual(lc(parsed(card).locate('/skills/0/name')));
    const cr = parsed('{\r"a":\r\n\r [1,\n2]}');
    expect(lc(cr.locate('/a/1'))).toEqual({ pointer: '/a/1', exact: true, value: [5, 1, 5, 2] });
    expect(lc(cr.locate('/a'))).toEqual({
      pointer: '/a',
      exact: true,
      key: [2, 1, 2, 4],
      value: [4, 2, 5, 3],
    });
  });

  it('counts columns in UTF-16 code units, so an astral character takes two', () => {
    const text = '{"😀":"😀","b":1}';
    const result = parsed(text);
    expect(lc(result.locate('/b'))).toEqual({
      pointer: '/b',
      exact: true,
      key: [1, 12, 1, 15],
      value: [1, 16, 1, 17],
    });
    expect(lc(result.locate('/😀'))).toEqual({
      pointer: '/😀',
      exact: true,
      key: [1, 2, 1, 6],
      value: [1, 7, 1, 11],
    });
    expect(failure('["😀" x]').column).toBe(7);
  });

  it('locates through escaped keys and RFC 6901 escapes', () => {
    // The example document of RFC 6901 §5.
    const text = String.raw`{"foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8, "\u0041": 9}`;
    for (const positions of ['eager', 'lazy'] as const) {
      const result = parsed(text, { positions });
      const slice = (pointer: string) => {
        const location = result.locate(pointer);
        expect(location).toMatchObject({ pointer, exact: true });
        return text.slice(location.value.start.offset, location.value.end.offset);
      };
      expect(slice('/foo')).toBe('["bar", "baz"]');
      expect(slice('/foo/0')).toBe('"bar"');
      expect(slice('/')).toBe('0');
      expect(slice('/a~1b')).toBe('1');
      expect(slice('/c%d')).toBe('2');
      expect(slice('/e^f')).toBe('3');
      expect(slice('/g|h')).toBe('4');
      expect(slice('/i\\j')).toBe('5');
      expect(slice('/k"l')).toBe('6');
      expect(slice('/ ')).toBe('7');
      expect(slice('/m~0n')).toBe('8');
      expect(slice('/A')).toBe('9');
    }
  });

  it('records positions lazily above the eager limit, with the same answers', () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({
      id: `t${i}`,
      status: { state: 'completed' },
      n: i,
    }));
    const text = JSON.stringify({ tasks: items }, null, 1);
    const auto = parsed(text);
    expect(auto.positions).toBe('lazy');
    const eager = parsed(text, { positions: 'eager' });
    for (const pointer of [
      '/tasks/0/id',
      '/tasks/19999/status/state',
      '/tasks/12345/n',
      '/tasks/20000',
      '/x',
    ]) {
      expect(auto.locate(pointer)).toEqual(eager.locate(pointer));
    }
    expect(parsed('[1]', { eagerLimit: 2 }).positions).toBe('lazy');
    expect(parsed('[1]', { eagerLimit: 3 }).positions).toBe('eager');
  });

  it('converts offsets with a line index', () => {
    const index = createLineIndex('ab\ncd\r\nef\rg');
    expect(index.positionAt(0)).toEqual({ line: 1, column: 1, offset: 0 });
    expect(index.positionAt(4)).toEqual({ line: 2, column: 2, offset: 4 });
    expect(index.positionAt(6)).toEqual({ line: 2, column: 4, offset: 6 });
    expect(index.positionAt(7)).toEqual({ line: 3, column: 1, offset: 7 });
    expect(index.positionAt(10)).toEqual({ line: 4, column: 1, offset: 10 });
    expect(index.positionAt(99)).toEqual({ line: 4, column: 2, offset: 11 });
    expect(index.positionAt(-5)).toEqual({ line: 1, column: 1, offset: 0 });
  });
});

describe('values equal to JSON.parse', () => {
  it('keeps the last of duplicate keys, in first-seen order, and warns with the pointer', () => {
    const text = '{"a": {"x": 1}, "b": 2, "a": {"y": 2}}';
    for (const positions of ['eager', 'lazy'] as const) {
      const result = parsed(text, { positions });
      expect(result.value).toStrictEqual(JSON.parse(text));
      expect(Object.keys(result.value as object)).toEqual(['a', 'b']);
      expect(result.findings).toEqual([
        expect.objectContaining({
          rule: 'json.duplicate-key',
          severity: 'warning',
          pointer: '/a',
          line: 1,
          column: 25,
          offset: 24,
        }),
      ]);
      expect(result.findings[0]?.message).toContain(
        'The key "a" appears more than once in the top-level object',
      );
      // /a/x was only in the discarded first value.
      expect(result.locate('/a/x')).toMatchObject({ pointer: '/a', exact: false });
      expect(result.locate('/a/y')).toMatchObject({ pointer: '/a/y', exact: true });
      expect(result.locate('/a').value.start.column).toBe(30);
    }
    const arrays = '{"a": [1, 2, 3], "a": [9]}';
    expect(parsed(arrays).locate('/a/2')).toMatchObject({ pointer: '/a', exact: false });
    expect(parsed(arrays, { positions: 'lazy' }).locate('/a/2')).toMatchObject({
      pointer: '/a',
      exact: false,
    });
  });

  it('names nested duplicates by pointer', () => {
    const result = parsed('{"skills": [{"id": 1, "id": 2}]}', { positions: 'lazy' });
    expect(result.findings[0]).toMatchObject({ rule: 'json.duplicate-key', pointer: '/skills/0/id' });
    expect(result.findings[0]?.message).toContain('in the object at /skills/0');
  });

  it('makes __proto__ an own data property, never a prototype change', () => {
    const text = '{"__proto__": {"polluted": true}, "b": {"__proto__": null}, "c": [{"__proto__": []}]}';
    const result = parsed(text);
    const value = result.value as Record<string, unknown>;
    expect(value).toStrictEqual(JSON.parse(text));
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ polluted: true });
    expect('polluted' in value).toBe(false);
    expect('polluted' in {}).toBe(false);
    expect(Object.getPrototypeOf(value.b)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'b', 'c']);
    expect(result.locate('/__proto__/polluted')).toMatchObject({ exact: true });
    expect(getAtPointer(value, '/__proto__/polluted')).toEqual({ found: true, value: true });

    const twice = parsed('{"__proto__": 1, "__proto__": 2}');
    expect(Object.getOwnPropertyDescriptor(twice.value, '__proto__')?.value).toBe(2);
    expect(twice.findings.map((f) => f.rule)).toEqual(['json.duplicate-key']);
  });

  it('keeps unpaired surrogate escapes as JSON.parse does, with a warning', () => {
    const text = String.raw`{"a": "x\ud800y", "\udc00": 1, "pair": "\ud83d\ude00", "mixed": "😀\ud83d"}`;
    const result = parsed(text);
    expect(result.value).toStrictEqual(JSON.parse(text));
    expect(result.findings.map((f) => [f.rule, f.pointer])).toEqual([
      ['json.lone-surrogate', '/a'],
      ['json.lone-surrogate', '/\udc00'],
      ['json.lone-surrogate', '/mixed'],
    ]);
    expect(result.findings[0]?.message).toMatch(/^The string at \/a contains an unpaired UTF-16 surrogate/);
    expect(result.findings[1]?.message).toMatch(/^The property name at /);
  });

  it('reads numbers exactly as JSON.parse, noting overflow and lost precision', () => {
    const text =
      '[1e400, -1e400, 12345678901234567890, 9007199254740993, 9007199254740992, -0, 0.1, 1E2, 1.5e-400, ' +
      '123456789012345678901234567890e-10, -0.0e0, 1' +
      '0'.repeat(400) +
      ']';
    const result = parsed(text);
    const value = result.value as number[];
    expect(value).toStrictEqual(JSON.parse(text));
    expect(Object.is(value[5], -0)).toBe(true);
    expect(value[0]).toBe(Infinity);
    expect(result.findings.map((f) => [f.rule, f.pointer])).toEqual([
      ['json.number-overflow', '/0'],
      ['json.number-overflow', '/1'],
      ['json.number-precision', '/2'],
      ['json.number-precision', '/3'],
      ['json.number-overflow', '/11'],
    ]);
    expect(result.findings[2]?.message).toContain('reads as 12345678901234567000');
  });

  it('caps repeated findings and says how many were left out', () => {
    const text = '{' + Array.from({ length: 150 }, () => '"k": 1').join(',') + '}';
    const result = parsed(text);
    expect(result.findings.filter((f) => f.rule === 'json.duplicate-key')).toHaveLength(101);
    expect(result.findings.at(-1)?.message).toBe(
      '49 more "json.duplicate-key" findings in this body are not listed.',
    );
  });
});

describe('depth limit', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('accepts 1000 levels and stops at 1001 without recursion', () => {
    expect(parseJsonText(nested(1000)).ok).toBe(true);
    const finding = failure(nested(1001));
    expect(finding).toMatchObject({ rule: 'json.too-deep', line: 1, column: 1001, offset: 1000 });
    expect(finding.message).toBe(
      'JSON nested too deeply at line 1, column 1001: more than 1000 levels of arrays and objects. ' +
        'Switchboard stops there instead of risking a stack overflow in its viewers.',
    );
  });

  it('takes a maxDepth option', () => {
    expect(parseJsonText('[{"a": []}]', { maxDepth: 3 }).ok).toBe(true);
    expect(failure('[{"a": [[]]}]', { maxDepth: 3 })).toMatchObject({ rule: 'json.too-deep', column: 9 });
  });

  it('survives 400,000 levels when the limit is lifted', () => {
    const finding = failure('[{"a":'.repeat(200_000), { maxDepth: 1_000_000 });
    expect(finding.rule).toBe('json.invalid');
    expect(finding.message).toContain('found the end of the text');
    const deep = parsed(nested(100_000), { maxDepth: 100_000, positions: 'lazy' });
    expect(deep.locate('/0/0/0/0')).toMatchObject({ exact: true });
  });
});

describe('error messages', () => {
  it.each([
    [
      '{\n  "a": 1,\n}',
      "Invalid JSON at line 3, column 1: expected a property name in double quotes after ',', found '}' (a trailing comma is not allowed)",
      '',
    ],
    [
      '{"skills": [{"name": "a"}, {"name": tru}]}',
      "Invalid JSON at line 1, column 40: expected 'true', found '}'",
      '/skills/1',
    ],
    ['', 'Invalid JSON at line 1, column 1: expected a value, but the text is empty', undefined],
    [' \n ', 'Invalid JSON at line 2, column 2: expected a value, but the text is empty', undefined],
    [
      '"abc',
      `Invalid JSON at line 1, column 5: expected '"' to close the string that starts at line 1, column 1, found the end of the text`,
      undefined,
    ],
    [
      '["a\nb"]',
      'Invalid JSON at line 1, column 4: found a raw line break (U+000A) inside a string; control characters must be escaped, here as \\n',
      '',
    ],
    [
      '[1,]',
      "Invalid JSON at line 1, column 4: expected a value after ',', found ']' (a trailing comma is not allowed)",
      '',
    ],
    [
      "{'a': 1}",
      "Invalid JSON at line 1, column 2: expected a property name in double quotes or '}', found a single quote (JSON strings need double quotes)",
      '',
    ],
    [
      '\ufeff{}',
      'Invalid JSON at line 1, column 1: expected a value, found a byte order mark (U+FEFF)',
      undefined,
    ],
    [
      '{"a" 1}',
      "Invalid JSON at line 1, column 6: expected ':' after the property name \"a\", found '1'",
      '',
    ],
    [
      '{"a": 1 "b": 2}',
      "Invalid JSON at line 1, column 9: expected ',' or '}' after the value of \"a\", found '\"'",
      '',
    ],
    ['[NaN]', "Invalid JSON at line 1, column 2: expected a value or ']', found 'N'", ''],
    [
      '[01]',
      "Invalid JSON at line 1, column 3: found '1' after a leading 0; numbers must not have leading zeros",
      '',
    ],
    [
      '"\\x"',
      "Invalid JSON at line 1, column 3: expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX) after '\\', found 'x'",
      undefined,
    ],
    [
      '"\\u12G4"',
      "Invalid JSON at line 1, column 6: expected four hexadecimal digits after '\\u', found 'G'",
      undefined,
    ],
    [
      '{} {}',
      "Invalid JSON at line 1, column 4: expected the end of the text after the value, found '{'",
      undefined,
    ],
    [
      '[1\u00a0]',
      "Invalid JSON at line 1, column 3: expected ',' or ']' after an array element, found the invisible character U+00A0, which JSON does not allow as whitespace",
      '',
    ],
  ])('%j → %s', (text, message, pointer) => {
    const finding = failure(text);
    expect(finding.rule).toBe('json.invalid');
    expect(finding.message).toBe(message);
    expect(finding.pointer).toBe(pointer);
    const [, line, column] = /line (\d+), column (\d+)/.exec(message) ?? [];
    expect([finding.line, finding.column]).toEqual([Number(line), Number(column)]);
  });

  it('does not throw on a non-string', () => {
    expect(parseJsonText(undefined as unknown as string).ok).toBe(false);
  });
});

describe('decodeJsonBytes', () => {
  it('removes a UTF-8 byte order mark with an info finding', () => {
    const decoded = decodeJsonBytes(bytes(0xef, 0xbb, 0xbf, 0x7b, 0x7d));
    expect(decoded.text).toBe('{}');
    expect(decoded.findings).toEqual([
      expect.objectContaining({ rule: 'json.bom', severity: 'info', offset: 0 }),
    ]);
  });

  it('replaces invalid UTF-8 with U+FFFD and reports the first bad byte', () => {
    const decoded = decodeJsonBytes(bytes(0x5b, 0x22, 0x0a, 0xc3, 0xa9, 0xe5, 0x22, 0xff, 0x5d));
    expect(decoded.text).toBe('["\n\u00e9\ufffd"\ufffd]');
    expect(decoded.findings).toEqual([
      {
        rule: 'json.invalid-utf8',
        severity: 'error',
        message:
          'The body is not valid UTF-8: the first bad byte is 0xE5 at byte offset 5 (line 2, column 2). ' +
          'Every invalid sequence is shown as U+FFFD.',
        line: 2,
        column: 2,
        offset: 5,
        spec: 'RFC 8259 §8.1 Character Encoding',
        specUrl: 'https://www.rfc-editor.org/rfc/rfc8259#section-8.1',
      },
    ]);
  });

  it('counts the byte offset from the start of the body, BOM included', () => {
    const decoded = decodeJsonBytes(bytes(0xef, 0xbb, 0xbf, 0x22, 0xc0, 0x80, 0x22));
    expect(decoded.findings.map((f) => [f.rule, f.offset, f.column])).toEqual([
      ['json.bom', 0, 1],
      ['json.invalid-utf8', 4, 2],
    ]);
  });

  it('recognises a body sent as UTF-16', () => {
    const decoded = decodeJsonBytes(bytes(0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00));
    expect(decoded.findings[0]?.message).toContain('UTF-16 byte order mark');
    expect(parseJsonText(decoded.text).ok).toBe(false);
  });

  it('decodes every byte sequence exactly like TextDecoder, without throwing', () => {
    const decoder = new TextDecoder();
    const isValid = (input: Uint8Array) => {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(input);
        return true;
      } catch {
        return false;
      }
    };
    const chunk = fc.oneof(
      fc.uint8Array({ maxLength: 6 }),
      fc.string({ unit: 'binary', maxLength: 6 }).map((s) => utf8(s)),
      fc.constantFrom(bytes(0xef, 0xbb, 0xbf), bytes(0xed, 0xa0, 0x80), bytes(0xf4, 0x90, 0x80, 0x80)),
    );
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 8 }), (chunks) => {
        const input = new Uint8Array(chunks.flatMap((c) => [...c]));
        const decoded = decodeJsonBytes(input);
        expect(decoded.text).toBe(decoder.decode(input));
        const bad = decoded.findings.filter((f) => f.rule === 'json.invalid-utf8');
        expect(bad.length).toBe(isValid(input) ? 0 : 1);
        const offset = bad[0]?.offset;
        if (offset !== undefined) {
          expect(isValid(input.subarray(0, offset))).toBe(true);
          expect(isValid(input.subarray(0, offset + 4))).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('properties against JSON.parse', () => {
  const indent = fc.constantFrom<string | number | undefined>(undefined, 0, 1, 2, 4, '\t', ' \t', '\r', '\n');
  const key = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 5 }),
    fc.constantFrom('__proto__', 'constructor', 'toString', '', '~', '/', '~1', 'a/b~c', '0', '01'),
  );
  // Objects written as text, so that duplicate and __proto__ keys reach the parser as they would on the wire.
  const jsonText: fc.Arbitrary<string> = fc.letrec<{ text: string }>((tie) => ({
    text: fc.oneof(
      { depthSize: 'small' },
      fc.jsonValue({ stringUnit: 'binary', maxDepth: 2 }).map((v) => JSON.stringify(v)),
      fc.array(tie('text'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
      fc
        .array(fc.tuple(key, tie('text')), { maxLength: 4 })
        .map((members) => `{${members.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
    ),
  })).text;

  it('parses JSON.stringify output of random values to what JSON.parse gives, with exact positions', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: 'binary' }), indent, (value, space) => {
        const text = JSON.stringify(value, null, space);
        const eager = parsed(text, { positions: 'eager' });
        const lazy = parsed(text, { positions: 'lazy' });
        const expected: unknown = JSON.parse(text);
        expect(jsonDifference(eager.value, expected)).toBeUndefined();
        for (const pointer of allPointers(expected)) {
          const location = eager.locate(pointer);
          expect(location.exact).toBe(true);
          expect(lazy.locate(pointer)).toEqual(location);
          const slice = text.slice(location.value.start.offset, location.value.end.offset);
          const at = getAtPointer(expected, pointer);
          expect(at.found).toBe(true);
          if (at.found) expect(jsonDifference(JSON.parse(slice), at.value)).toBeUndefined();
          if (location.key) {
            const tokens = splitJsonPointer(pointer) ?? [];
            expect(JSON.parse(text.slice(location.key.start.offset, location.key.end.offset))).toBe(
              tokens.at(-1),
            );
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with JSON.parse on texts with duplicate and __proto__ keys', () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        const result = parsed(text);
        const expected: unknown = JSON.parse(text);
        expect(jsonDifference(result.value, expected)).toBeUndefined();
        const lazy = parsed(text, { positions: 'lazy' });
        for (const pointer of allPointers(expected))
          expect(lazy.locate(pointer)).toEqual(result.locate(pointer));
      }),
      { numRuns: 300 },
    );
  });

  it('accepts and rejects exactly what JSON.parse does after random edits', () => {
    const alphabet = fc.constantFrom(
      ...'{}[]",:\\ 0123456789.eE+-truefalsn\n\r\t/u'.split(''),
      '\u0000',
      '\u00a0',
      '\ud800',
      '\ufeff',
      'é',
      '😀',
    );
    const edit = fc.tuple(fc.nat(), fc.constantFrom('insert', 'delete', 'replace'), alphabet);
    fc.assert(
      fc.property(jsonText, fc.array(edit, { minLength: 1, maxLength: 3 }), (original, edits) => {
        let text = original;
        for (const [at, kind, char] of edits) {
          const i = text.length === 0 ? 0 : at % (text.length + 1);
          if (kind === 'insert') text = text.slice(0, i) + char + text.slice(i);
          else if (kind === 'delete') text = text.slice(0, i) + text.slice(i + 1);
          else text = text.slice(0, i) + char + text.slice(i + 1);
        }
        let expected: { ok: true; value: unknown } | { ok: false };
        try {
          expected = { ok: true, value: JSON.parse(text) as unknown };
        } catch {
          expected = { ok: false };
        }
        const result = parseJsonText(text);
        expect(result.ok).toBe(expected.ok);
        if (result.ok && expected.ok) expect(jsonDifference(result.value, expected.value)).toBeUndefined();
        if (!result.ok) {
          expect(result.finding.message).toMatch(/^Invalid JSON at line \d+, column \d+: /);
          expect(result.finding.offset).toBeGreaterThanOrEqual(0);
          expect(result.finding.offset).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on random text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        const result = parseJsonText(text);
        let accepted = true;
        try {
          JSON.parse(text);
        } catch {
          accepted = false;
        }
        expect(result.ok).toBe(accepted);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('jsonPointer', () => {
  it('escapes and unescapes tokens per RFC 6901', () => {
    expect(encodePointerToken('a/b~c')).toBe('a~1b~0c');
    expect(encodePointerToken(3)).toBe('3');
    expect(decodePointerToken('a~1b~0c')).toBe('a/b~c');
    // '~01' is '~' then '1', not '/' (RFC 6901 §4: ~1 first, then ~0).
    expect(decodePointerToken('~01')).toBe('~1');
    expect(decodePointerToken('~2')).toBeUndefined();
    expect(decodePointerToken('a~')).toBeUndefined();
  });

  it('joins, splits and walks up', () => {
    expect(joinJsonPointer([])).toBe('');
    expect(joinJsonPointer(['skills', 0, 'a/b'])).toBe('/skills/0/a~1b');
    expect(splitJsonPointer('/skills/0/a~1b')).toEqual(['skills', '0', 'a/b']);
    expect(splitJsonPointer('')).toEqual([]);
    expect(splitJsonPointer('/')).toEqual(['']);
    expect(splitJsonPointer('skills')).toBeUndefined();
    expect(splitJsonPointer('#/skills')).toBeUndefined();
    expect(appendPointer('/a', '~')).toBe('/a/~0');
    expect(parentPointer('/a/b')).toBe('/a');
    expect(parentPointer('/a')).toBe('');
    expect(parentPointer('')).toBeUndefined();
    expect(isArrayIndexToken('0')).toBe(true);
    expect(isArrayIndexToken('10')).toBe(true);
    expect(isArrayIndexToken('01')).toBe(false);
    expect(isArrayIndexToken('-')).toBe(false);
  });

  it('reads values by pointer, own properties only', () => {
    const doc = { foo: ['bar', 'baz'], '': 0, 'a/b': 1, 'm~n': 8, nil: null };
    expect(getAtPointer(doc, '')).toEqual({ found: true, value: doc });
    expect(getAtPointer(doc, '/foo/1')).toEqual({ found: true, value: 'baz' });
    expect(getAtPointer(doc, '/')).toEqual({ found: true, value: 0 });
    expect(getAtPointer(doc, '/a~1b')).toEqual({ found: true, value: 1 });
    expect(getAtPointer(doc, '/m~0n')).toEqual({ found: true, value: 8 });
    expect(getAtPointer(doc, '/nil')).toEqual({ found: true, value: null });
    expect(getAtPointer(doc, '/foo/2')).toEqual({ found: false });
    expect(getAtPointer(doc, '/foo/01')).toEqual({ found: false });
    expect(getAtPointer(doc, '/foo/length')).toEqual({ found: false });
    expect(getAtPointer(doc, '/toString')).toEqual({ found: false });
    expect(getAtPointer(doc, '/__proto__')).toEqual({ found: false });
    expect(getAtPointer(doc, '/nil/x')).toEqual({ found: false });
    expect(getAtPointer(doc, 'foo')).toEqual({ found: false });
  });
});
