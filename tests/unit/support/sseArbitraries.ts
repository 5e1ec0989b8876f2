// Random SSE streams for property tests of the parser and of what reads it: bytes of random fields (unicode and empty
// values, ids with NUL, valid and bogus retry values, comments, unknown fields, lines without a colon, now and then an
// invalid UTF-8 byte or a BOM), joined by LF, CRLF or CR, one style per stream or mixed per line; and random ways to
// cut them into chunks.

import fc from 'fast-check';

const encoder = new TextEncoder();

/** Text that stays on one line. */
const lineText = (maxLength: number): fc.Arbitrary<string> =>
  fc
    .string({
      unit: fc.oneof(
        { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
        { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
        { weight: 1, arbitrary: fc.constantFrom(':', ' ', '\0', '\uFEFF', 'é', '日', '🙂', '\uFFFD') },
      ),
      maxLength,
    })
    .map((text) => text.replace(/[\r\n]/g, ''));

const separator = fc.constantFrom(':', ': ', ':  ', ':\t');

/** One line of a stream, as bytes (so that invalid UTF-8 can be part of it), without its line ending. */
const line: fc.Arbitrary<Uint8Array> = fc
  .oneof(
    { weight: 8, arbitrary: fc.tuple(separator, lineText(40)).map(([sep, v]) => `data${sep}${v}`) },
    { weight: 2, arbitrary: fc.constantFrom('data', 'data:', 'data: ') },
    { weight: 2, arbitrary: fc.tuple(separator, lineText(12)).map(([sep, v]) => `event${sep}${v}`) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(separator, fc.oneof(lineText(10), fc.constantFrom('\0', 'a\0b', '7', '')))
        .map(([sep, v]) => `id${sep}${v}`),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          separator,
          fc.oneof(fc.nat({ max: 100000 }).map(String), fc.constantFrom('', '1x', '-1', ' 5', '1.5')),
        )
        .map(([sep, v]) => `retry${sep}${v}`),
    },
    { weight: 2, arbitrary: lineText(20).map((v) => `:${v}`) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom('foo', 'Data', 'DATA', ' data', 'dat'), separator, lineText(8)),
    },
    { weight: 1, arbitrary: lineText(10).filter((v) => !v.startsWith(':')) },
    { weight: 4, arbitrary: fc.constant('') },
  )
  .map((value) => (typeof value === 'string' ? encoder.encode(value) : encoder.encode(value.join(''))));

/** A line with an invalid UTF-8 byte sequence in its value. */
const badLine: fc.Arbitrary<Uint8Array> = fc
  .tuple(
    fc.constantFrom([0xff], [0xc3], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xed, 0xa0, 0x80], [0xc0, 0xaf]),
    lineText(6),
  )
  .map(([bad, v]) => Uint8Array.from([...encoder.encode('data: '), ...bad, ...encoder.encode(v)]));

const eols = ['\n', '\r\n', '\r'] as const;

export const stream: fc.Arbitrary<Uint8Array> = fc
  .record({
    bom: fc.boolean(),
    lines: fc.array(fc.oneof({ weight: 30, arbitrary: line }, { weight: 1, arbitrary: badLine }), {
      maxLength: 30,
    }),
    style: fc.oneof(fc.constantFrom(0, 1, 2), fc.constant(-1)),
    mix: fc.array(fc.constantFrom(0, 1, 2), { minLength: 1, maxLength: 30 }),
    terminated: fc.boolean(),
  })
  .map(({ bom, lines, style, mix, terminated }) => {
    const parts: number[] = bom ? [0xef, 0xbb, 0xbf] : [];
    lines.forEach((bytes, i) => {
      parts.push(...bytes);
      const eol = eols[style === -1 ? (mix[i % mix.length] ?? 0) : style] ?? '\n';
      parts.push(...encoder.encode(eol));
    });
    if (terminated) parts.push(0x0a);
    return Uint8Array.from(parts);
  });

/** Cuts bytes into chunks of the given sizes (cycled): small sizes split UTF-8 sequences and CRLF pairs often. */
export function cut(bytes: Uint8Array, sizes: number[]): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length] ?? 1;
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

export const chunkSizes = fc.oneof(
  fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 20 }),
  fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 5 }),
);
