// Property tests of the SSE parser (docs/architecture.md#the-protocol-model, docs/architecture.md#tests): differential
// against eventsource-parser, the test oracle, on random streams cut into random chunks; and the parser against itself,
// whole versus chunked, including its raw spans, findings and caps. Streams are bytes: random fields (unicode and empty
// values, ids with NUL, valid and bogus retry values, comments, unknown fields, lines without a colon, now and then an
// invalid UTF-8 byte or a BOM), joined by LF, CRLF or CR, one style per stream or mixed per line.

import fc from 'fast-check';
import { createParser } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { parseSseChunks, SseParser, type SseOptions, type SseParseResult } from '../../../../shared/wire/sse';

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

const stream: fc.Arbitrary<Uint8Array> = fc
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
function cut(bytes: Uint8Array, sizes: number[]): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length] ?? 1;
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

const chunkSizes = fc.oneof(
  fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 20 }),
  fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 5 }),
);

interface Dispatched {
  type: string;
  data: string;
  id: string | undefined;
}

function ours(chunks: Uint8Array[]): Dispatched[] {
  const events: Dispatched[] = [];
  const parser = new SseParser({ onEvent: (e) => events.push({ type: e.type, data: e.data, id: e.id }) });
  for (const chunk of chunks) parser.feed(chunk);
  parser.end();
  return events;
}

/** eventsource-parser parses strings: a streaming TextDecoder in front, as its users have. */
function oracle(chunks: Uint8Array[]): Dispatched[] {
  const events: Dispatched[] = [];
  const decoder = new TextDecoder();
  const parser = createParser({
    onEvent: (e) => events.push({ type: e.event ?? 'message', data: e.data, id: e.id }),
  });
  for (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text !== '') parser.feed(text);
  }
  const rest = decoder.decode();
  if (rest !== '') parser.feed(rest);
  // eventsource-parser has no end-of-stream call, so a final CR waits forever for a possible LF; WHATWG ends the
  // line there. An LF after it changes nothing else, since CR LF is one line ending.
  if (chunks.at(-1)?.at(-1) === 0x0d) parser.feed('\n');
  return events;
}

function everything(chunks: Uint8Array[], limits: SseOptions = {}): SseParseResult {
  return parseSseChunks(chunks, limits);
}

describe('SSE parser properties', () => {
  it('dispatches the same events as eventsource-parser, however the bytes are chunked', () => {
    fc.assert(
      fc.property(stream, chunkSizes, (bytes, sizes) => {
        const chunks = cut(bytes, sizes);
        expect(ours(chunks)).toEqual(oracle(chunks));
      }),
      { numRuns: 400 },
    );
  });

  it('reports the same events, blocks, comments and findings whole and chunked, caps included', () => {
    fc.assert(
      fc.property(
        stream,
        chunkSizes,
        fc.option(fc.integer({ min: 1, max: 120 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 400 }), { nil: undefined }),
        (bytes, sizes, maxEventBytes, maxStreamBytes) => {
          const limits = { maxEventBytes, maxStreamBytes };
          expect(everything(cut(bytes, sizes), limits)).toEqual(everything([bytes], limits));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives each block the raw text of its own bytes, and the blocks tile the stream', () => {
    fc.assert(
      fc.property(stream, chunkSizes, (bytes, sizes) => {
        const result = everything(cut(bytes, sizes));
        const blocks = [...result.events, ...result.emptyBlocks].sort((a, b) => a.start - b.start);
        const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
        let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
        for (const block of blocks) {
          expect(block.start).toBe(at);
          expect(block.raw).toBe(decoder.decode(bytes.subarray(block.start, block.end)));
          at = block.end;
        }
        // Whatever follows the last block is the unterminated tail, reported with its raw text.
        const tail = result.findings.find((f) => f.rule === 'sse.unterminated-event');
        if (at < bytes.length) expect(tail?.raw).toBe(decoder.decode(bytes.subarray(at)));
        else expect(tail).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});
