// W3C Trace Context headers (PRX-2): valid and malformed traceparent and tracestate values, the recommendation's rules
// for later versions, and new and child spans from a fixed random source.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  childTraceparent,
  formatTraceparent,
  formatTracestate,
  newTraceparent,
  parseTraceparent,
  parseTracestate,
  readTraceContext,
  type RandomBytes,
} from '../../../../shared/wire/traceContext';

const VALID = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

/** Bytes 1, 2, 3 … in order, so ids are predictable. */
function counting(): RandomBytes {
  let next = 1;
  return (length) => Uint8Array.from({ length }, () => next++ & 0xff);
}

const rules = (findings: Array<{ rule: string }>): string[] => findings.map((f) => f.rule);

describe('parseTraceparent', () => {
  it('reads a version 00 header', () => {
    const { value, findings } = parseTraceparent(VALID);
    expect(value).toEqual({
      version: '00',
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      parentId: '00f067aa0ba902b7',
      flags: 1,
    });
    expect(findings).toEqual([]);
    expect(formatTraceparent(value!)).toBe(VALID);
  });

  it.each([
    ['', 'the version is not two lower-case hex digits'],
    ['ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', 'version ff is forbidden'],
    ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-', 'version 00 is exactly 55 characters'],
    [
      '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01',
      'the trace-id is not 32 lower-case hex digits',
    ],
    ['00-00000000000000000000000000000000-00f067aa0ba902b7-01', 'the trace-id is all zeros'],
    ['00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01', 'the parent-id is all zeros'],
    [
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902bx-01',
      'the parent-id is not 16 lower-case hex digits',
    ],
    ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-0g', 'the trace-flags are not two lower-case hex'],
    ['00_4bf92f3577b34da6a3ce929d0e0e4736_00f067aa0ba902b7_01', 'the fields are not separated by dashes'],
    ['01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7', 'fewer than 55'],
    ['01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01x', 'must put a dash after the 55th character'],
  ])('ignores %j with a finding that says why', (header, why) => {
    const { value, findings } = parseTraceparent(header);
    expect(value).toBeUndefined();
    expect(rules(findings)).toEqual(['trace.traceparent-invalid']);
    expect(findings[0]!.message).toContain(why);
    expect(findings[0]!.specUrl).toBe('https://www.w3.org/TR/trace-context/#traceparent-header');
  });

  it('reads a later version by its first 55 characters, with a note', () => {
    const { value, findings } = parseTraceparent(`cc${VALID.slice(2)}-what-the-future-adds`);
    expect(value?.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(value?.version).toBe('cc');
    expect(rules(findings)).toEqual(['trace.traceparent-version']);
    // Passed on as version 00, the only one this hop understands.
    expect(formatTraceparent(value!)).toBe(VALID);
  });
});

describe('parseTracestate', () => {
  it('reads members, skips empty ones and keeps their order', () => {
    const { members, findings } = parseTracestate(
      'rojo=00f067aa0ba902b7, ,congo=t61rcWkgMzE,tenant@vendor=x y',
    );
    expect(members).toEqual([
      { key: 'rojo', value: '00f067aa0ba902b7' },
      { key: 'congo', value: 't61rcWkgMzE' },
      { key: 'tenant@vendor', value: 'x y' },
    ]);
    expect(findings).toEqual([]);
    expect(formatTracestate(members)).toBe('rojo=00f067aa0ba902b7,congo=t61rcWkgMzE,tenant@vendor=x y');
  });

  it.each([['Upper=1'], ['novalue'], ['key=caf\u00e9'], ['key=a=b'], ['1abc=x'], [`k=${'v'.repeat(257)}`]])(
    'flags the malformed member %j',
    (header) => {
      const { members, findings } = parseTracestate(header);
      expect(members).toEqual([]);
      expect(rules(findings)).toEqual(['trace.tracestate-invalid']);
    },
  );

  it('flags a key named twice and keeps the first', () => {
    const { members, findings } = parseTracestate('a=1,a=2');
    expect(members).toEqual([{ key: 'a', value: '1' }]);
    expect(rules(findings)).toEqual(['trace.tracestate-duplicate-key']);
  });

  it('notes more than 32 members', () => {
    const header = Array.from({ length: 33 }, (_, i) => `k${i}=v`).join(',');
    const { members, findings } = parseTracestate(header);
    expect(members).toHaveLength(33);
    expect(rules(findings)).toEqual(['trace.tracestate-too-many']);
  });
});

describe('readTraceContext', () => {
  it('reads both headers whatever their case, tracestate joined across lines', () => {
    const context = readTraceContext([
      ['TraceParent', VALID],
      ['tracestate', 'a=1'],
      ['TraceState', 'b=2'],
    ]);
    expect(context.traceparent?.parentId).toBe('00f067aa0ba902b7');
    expect(context.tracestate.map((m) => m.key)).toEqual(['a', 'b']);
    expect(context.findings).toEqual([]);
  });

  it('refuses a traceparent sent twice, and reads no tracestate then', () => {
    const context = readTraceContext([
      ['traceparent', VALID],
      ['traceparent', VALID],
      ['tracestate', 'a=1'],
    ]);
    expect(context.traceparent).toBeUndefined();
    expect(context.tracestate).toEqual([]);
    expect(context.findings[0]!.message).toContain('more than once');
  });

  it('notes a tracestate without a traceparent; nothing at all without either', () => {
    expect(rules(readTraceContext([['tracestate', 'a=1']]).findings)).toEqual(['trace.tracestate-orphan']);
    expect(readTraceContext([['accept', '*/*']])).toEqual({ tracestate: [], findings: [] });
  });
});

describe('new and child spans', () => {
  it('starts a sampled trace from the random source', () => {
    const parent = newTraceparent(counting());
    expect(formatTraceparent(parent)).toBe('00-0102030405060708090a0b0c0d0e0f10-1112131415161718-01');
  });

  it('makes a child with the same trace and flags and a new span id', () => {
    const parent = parseTraceparent(VALID).value!;
    const child = childTraceparent({ ...parent, flags: 0 }, counting());
    expect(child).toEqual({ version: '00', traceId: parent.traceId, parentId: '0102030405060708', flags: 0 });
  });

  it('never makes an all-zero id, even from a source that gives zeros', () => {
    const zeros: RandomBytes = (length) => new Uint8Array(length);
    const parent = newTraceparent(zeros);
    expect(parseTraceparent(formatTraceparent(parent)).value).toBeDefined();
  });
});

describe('hostile headers', () => {
  it('never throw, and what is read formats back to a header that reads the same', () => {
    const hexish = fc.string({ unit: fc.constantFrom(...'0123456789abcdefF-x '.split('')), maxLength: 70 });
    const hex = (length: number) =>
      fc.string({
        unit: fc.constantFrom(...'0123456789abcdef'.split('')),
        minLength: length,
        maxLength: length,
      });
    const shaped = fc
      .tuple(hex(2), hex(32), hex(16), hex(2), fc.string({ maxLength: 4 }))
      .map((parts) => parts.join('-'));
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 80 }), hexish, shaped),
        fc.string({ maxLength: 120 }),
        (parent, state) => {
          const context = readTraceContext([
            ['traceparent', parent],
            ['tracestate', state],
          ]);
          if (context.traceparent) {
            const again = parseTraceparent(formatTraceparent(context.traceparent)).value;
            expect(again).toEqual({ ...context.traceparent, version: '00' });
          }
          const members = parseTracestate(formatTracestate(context.tracestate)).members;
          expect(members).toEqual(context.tracestate);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
