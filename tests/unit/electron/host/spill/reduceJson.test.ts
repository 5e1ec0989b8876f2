// Cutting long strings out of a stored JSON body (SEC-4): the reduced text parses to the same value with each long
// string replaced by a placeholder whose offset and length point at that string's content in the body, whatever the
// chunking; short strings, escapes and everything else pass through untouched.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonReducer } from '../../../../../electron/host/spill/reduceJson';
import { parseStoredString } from '../../../../../shared/wire/storedString';

const SHA = 'a'.repeat(64);

function reduce(body: Buffer, minLength: number, cuts: number[] = []): { text: string; cut: number } {
  const reducer = new JsonReducer(SHA, minLength);
  let from = 0;
  for (const cut of [...cuts.filter((c) => c > 0 && c < body.length)].sort((a, b) => a - b)) {
    reducer.push(body.subarray(from, cut));
    from = cut;
  }
  reducer.push(body.subarray(from));
  return { text: reducer.end(), cut: reducer.cut };
}

/** Puts each placeholder's content back from the body: must give the original value. */
function restore(value: unknown, body: Buffer): unknown {
  const stored = parseStoredString(value);
  if (stored) {
    expect(stored.sha256).toBe(SHA);
    return JSON.parse(`"${body.subarray(stored.offset, stored.offset + stored.length).toString('utf8')}"`);
  }
  if (Array.isArray(value)) return value.map((v) => restore(v, body));
  if (value && typeof value === 'object')
    // A key is a string too: one longer than the limit is cut like a value.
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [restore(k, body), restore(v, body)]));
  return value;
}

describe('JsonReducer', () => {
  it('replaces a file part’s long base64 with a placeholder pointing at it', () => {
    const base64 = Buffer.alloc(3000, 7).toString('base64');
    const answer = {
      jsonrpc: '2.0',
      id: 1,
      result: { task: { id: 't', artifacts: [{ parts: [{ raw: base64, filename: 'big.bin' }] }] } },
    };
    const body = Buffer.from(JSON.stringify(answer));
    const { text, cut } = reduce(body, 1024);
    expect(cut).toBe(1);
    expect(text.length).toBeLessThan(400);
    const reduced = JSON.parse(text) as typeof answer;
    const raw = reduced.result.task.artifacts[0]!.parts[0]!.raw;
    const stored = parseStoredString(raw)!;
    expect(body.subarray(stored.offset, stored.offset + stored.length).toString()).toBe(base64);
    expect(reduced.result.task.artifacts[0]!.parts[0]!.filename).toBe('big.bin');
  });

  it('keeps strings at the limit, escapes and keys as they are', () => {
    const value = { 'a"b': 'x'.repeat(10), esc: 'q\\"\\\\"', u: '\u00e9\ud83d\ude00' };
    const body = Buffer.from(JSON.stringify(value));
    expect(JSON.parse(reduce(body, 20).text)).toEqual(value);
  });

  it('gives the same value back, long strings restored from the body, however the body is cut', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 3 }),
        fc.array(fc.nat({ max: 400 }), { maxLength: 6 }),
        fc.integer({ min: 0, max: 12 }),
        (value, cuts, minLength) => {
          const body = Buffer.from(JSON.stringify(value));
          const { text } = reduce(body, minLength, cuts);
          expect(restore(JSON.parse(text), body)).toEqual(JSON.parse(body.toString()));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('ends a body cut short inside a string without inventing its end', () => {
    const body = Buffer.from('{"a":"short');
    expect(reduce(body, 100).text).toBe('{"a":"short');
    expect(reduce(Buffer.from('{"a":"' + 'x'.repeat(50)), 10).text).toBe('{"a":"');
  });
});
