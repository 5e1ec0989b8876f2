// Property tests of the SSE parser (docs/architecture.md#the-protocol-model, docs/architecture.md#tests): differential
// against eventsource-parser, the test oracle, on random streams cut into random chunks; and the parser against itself,
// whole versus chunked, including its raw spans, findings and caps. Streams are bytes: random fields (unicode and empty
// values, ids with NUL, valid and bogus retry values, comments, unknown fields, lines without a colon, now and then an
// invalid UTF-8 byte or a BOM), joined by LF, CRLF or CR, one style per stream or mixed per line.

import fc from 'fast-check';
import { createParser } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { parseSseChunks, SseParser, type SseOptions, type SseParseResult } from '../../../../shared/wire/sse';
import { chunkSizes, cut, stream } from '../../support/sseArbitraries';

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
