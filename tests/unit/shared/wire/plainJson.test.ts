// The JSON fast path (shared/wire/plainJson.ts) may only answer for texts the careful parser has nothing to say
// about: whenever it gives a value, parseJsonText must accept the text with no findings and the same value; whenever
// parseJsonText has a finding, the fast path must step aside. Checked on the JSONTestSuite corpus, on generated
// JSON, and on generated JSON with the things that give findings spliced in.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeJsonBytes, parseJsonText } from '../../../../shared/wire/jsonText';
import { parsePlainJson } from '../../../../shared/wire/plainJson';

function agrees(text: string): void {
  const careful = parseJsonText(text);
  const plain = parsePlainJson(text);
  if (plain) {
    expect(careful.ok, text).toBe(true);
    expect(careful.findings, text).toEqual([]);
    if (careful.ok) expect(plain.value).toStrictEqual(careful.value);
  }
  if (!careful.ok || careful.findings.length > 0) expect(plain, text).toBeUndefined();
}

describe('parsePlainJson', () => {
  it('answers for plain JSON and steps aside for each thing the careful parser reports', () => {
    expect(parsePlainJson('{"a":[1,2,{"b":"c:d\\"e"}],"f":null}')).toEqual({
      value: { a: [1, 2, { b: 'c:d"e' }], f: null },
    });
    for (const text of [
      '{"a":1,"a":2}', // duplicate member
      '{"a":{"b":1,"b":1}}',
      '"\\ud800"', // lone surrogate escape
      '{"\\udc00":1}',
      '12345678901234567890', // past 2^53
      '1e400', // overflow
      '\ufeff{}', // BOM
      '{"a":', // invalid
      '',
      `${'['.repeat(1001)}${']'.repeat(1001)}`, // past the depth limit
    ]) {
      expect(parsePlainJson(text), text).toBeUndefined();
      agrees(text);
    }
  });

  it('agrees with the careful parser on every file of JSONTestSuite', () => {
    const corpus = path.resolve('vendor', 'json-test-suite', 'test_parsing');
    const names = readdirSync(corpus).filter((name) => name.endsWith('.json'));
    expect(names.length).toBeGreaterThan(300);
    for (const name of names)
      agrees(decodeJsonBytes(new Uint8Array(readFileSync(path.join(corpus, name)))).text);
  });

  it('agrees on generated JSON, plain and with findings spliced in', () => {
    const spliced = fc
      .tuple(
        fc.json(),
        fc.constantFrom(
          '{"k":1,"k":2}',
          '"\\udbff"',
          '9007199254740993',
          '-1e999',
          '{"x":"a:b","x":"\\\\"}',
          '"\ud83d\ude00"',
          '{"":0,"":0}',
        ),
      )
      .map(([text, extra]) => `[${text},${extra}]`);
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.json({ stringUnit: 'binary' }), spliced), (text) => agrees(text)),
      { numRuns: 3000 },
    );
  });
});
