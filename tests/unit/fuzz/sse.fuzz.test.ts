// Fuzzing the SSE parser (SEC-3): any bytes, cut into any chunks, with and without small caps. It never throws,
// reports problems as findings, and says the same whether the stream came whole or in pieces. (sse.property.test.ts
// checks the WHATWG semantics on well-formed streams; this one feeds it anything.)

import fc from 'fast-check';
import {
  parseSseBytes,
  parseSseChunks,
  type SseOptions,
  type SseParseResult,
} from '../../../shared/wire/sse';
import { expectFindings } from './findings';
import { fuzz } from './fuzzKit';

const encoder = new TextEncoder();

/** Bytes that look like SSE often enough to reach every branch: field names, colons, line ends, odd bytes. */
const sseish: fc.Arbitrary<Uint8Array> = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'data:',
        'data: ',
        'data',
        'event:',
        'event: error',
        'id:',
        'id: 7',
        'id: a\u0000b',
        'retry:',
        'retry: 1000',
        'retry: -1',
        'retry: 99999999999999999999',
        ':',
        ': keep-alive',
        '\n',
        '\r',
        '\r\n',
        '\n\n',
        '\uFEFF',
        '{"kind":"task"}',
        ' ',
        'é',
        '🙂',
      ),
      fc.string({ maxLength: 12 }),
    ),
    { maxLength: 60 },
  )
  .chain((pieces) =>
    fc.array(fc.constantFrom(0xff, 0xc3, 0x80, 0xe2, 0xf0, 0x00), { maxLength: 3 }).map((odd) => {
      const text = encoder.encode(pieces.join(''));
      if (odd.length === 0 || text.length === 0) return text;
      const out = new Uint8Array(text.length + odd.length);
      const at = text.length >> 1;
      out.set(text.subarray(0, at));
      out.set(odd, at);
      out.set(text.subarray(at), at + odd.length);
      return out;
    }),
  );

const bytes = fc.oneof(
  { weight: 3, arbitrary: sseish },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 400 }) },
);

/** Cut points, as fractions of the length, so one arbitrary serves inputs of any size. */
const cuts = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 });

const options: fc.Arbitrary<SseOptions> = fc.oneof(
  fc.constant({}),
  fc.record({ maxEventBytes: fc.integer({ min: 1, max: 64 }) }),
  fc.record({ maxStreamBytes: fc.integer({ min: 1, max: 200 }) }),
  fc.record({ lastEventId: fc.string({ maxLength: 8 }) }),
);

function chunksOf(data: Uint8Array, at: readonly number[]): Uint8Array[] {
  const points = [...new Set(at.map((f) => Math.floor(f * data.length)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of points) {
    chunks.push(data.subarray(start, point));
    start = point;
  }
  chunks.push(data.subarray(start));
  return chunks;
}

/** What a user sees of a parse: events, findings by rule and position, and the stream's final state. */
function summary(result: SseParseResult) {
  return {
    events: result.events.map((e) => [e.type, e.data, e.id]),
    findings: result.findings.map((f) => [f.rule, f.offset]),
    lastEventId: result.lastEventId,
    retry: result.reconnectionTime,
  };
}

fuzz('SSE parser: any bytes in any chunks', fc.tuple(bytes, cuts, options), ([data, at, opts]) => {
  const whole = parseSseBytes(data, opts);
  const pieces = parseSseChunks(chunksOf(data, at), opts);
  expectFindings(whole.findings);
  const a = JSON.stringify(summary(whole));
  const b = JSON.stringify(summary(pieces));
  if (a !== b) throw new Error(`chunking changed the result:\n${a}\n${b}`);
});
