// Differential test of how the host reads a stream (streamReading.ts, streamFrames.ts, streamRecorder.ts): random
// streams of A2A events, in every framing SSE allows and with random blocks among them, cut into random chunks and
// read with every fast path (event templates and shapes), give the frames the straightforward path gives: the whole
// stream parsed at once and each event analysed in full, each frame built from its block. What the reader tells the
// journal of each frame (plain, clean) is what the journal would have asked of the frame itself. Frames are compared
// as values and as JSON text, so that their members come in the same order.

import fc from 'fast-check';
import { isUtf8 } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import type { GenerationAdapter } from '../../../../../shared/a2a/adapter';
import { v0_3JsonRpc } from '../../../../../shared/a2a/v0_3/jsonrpc';
import { v1JsonRpc } from '../../../../../shared/a2a/v1/jsonrpc';
import { v1Rest } from '../../../../../shared/a2a/v1/rest';
import type { SseFrame } from '../../../../../shared/wire/frame';
import { parseSseBytes, type SseBlockBase, type SseEvent } from '../../../../../shared/wire/sse';
import { redactionLeaves } from '../../../../../shared/session/redact';
import { eventAnalyser } from '../../../../../electron/host/agent/streamAnalysis';
import { inThreadAnalyser } from '../../../../../electron/host/agent/streamAnalyser';
import { plainEvent, RUN_CLEAN, RUN_PLAIN } from '../../../../../electron/host/session/sseRuns';
import { floodEvent, type FloodDialect } from '../../../support/shapeFlood';
import { STREAM_REQUEST, streamRecorder } from '../../../support/recordStream';
import { countedAdapter } from '../../../support/countedAdapter';
import { cut, stream as randomBlocks } from '../../../support/sseArbitraries';

const DIALECTS: Array<[FloodDialect, GenerationAdapter]> = [
  ['1.0 JSON-RPC', v1JsonRpc],
  ['1.0 REST', v1Rest],
  ['0.3 JSON-RPC', v0_3JsonRpc],
];

/** Text as JSON writes it inside quotes: escapes, unicode, now and then a word a secret hint finds, or nothing. */
const text = fc
  .oneof(
    { weight: 6, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', 'my token', 'eyJhbGciOi', 'see https://a@b.c', '\ud800', 'é\n"\\'),
    },
  )
  .map((value) => JSON.stringify(value).slice(1, -1));

const metadata = fc.oneof(
  { weight: 8, arbitrary: fc.integer().map((n) => `{"n":${n}}`) },
  {
    weight: 1,
    arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => `{"n":${JSON.stringify(n)}}`),
  },
  { weight: 1, arbitrary: text.map((value) => `{"note":"${value}"}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"n":1,"n":2}',
      '{"n":12345678901234567890}',
      '{"n":1e400}',
      '"not an object"',
      '{}',
      '{"n":-0}',
    ),
  },
);

const event = (dialect: FloodDialect) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .record({
          status: fc.oneof(
            { weight: 8, arbitrary: fc.constant('TASK_STATE_WORKING') },
            { weight: 1, arbitrary: fc.constantFrom('TASK_STATE_COMPLETED', 'TASK_STATE_BOGUS') },
          ),
          metadata: fc.option(metadata, { nil: undefined, freq: 6 }),
        })
        .map((e) =>
          floodEvent(
            dialect,
            e.metadata === undefined ? { status: e.status } : (e as { status: string; metadata: string }),
          ),
        ),
    },
    { weight: 4, arbitrary: fc.record({ text, append: fc.boolean() }).map((e) => floodEvent(dialect, e)) },
    { weight: 1, arbitrary: fc.constantFrom('not json', '{"jsonrpc":', '{}', '[]') },
  );

/** One block around an event's data, as SSE allows it to be written; most often the one line a stream sends. */
const framed = (data: string) =>
  fc.constantFrom(
    `data: ${data}\n\n`,
    `data: ${data}\n\n`,
    `data: ${data}\n\n`,
    `data: ${data}\n\n`,
    `data: ${data}\n\n`,
    `data:${data}\n\n`,
    `data: ${data}\r\n\r\n`,
    `data: ${data}\r\r`,
    `: keep-alive\ndata: ${data}\n\n`,
    `id: 9\ndata: ${data}\n\n`,
    `event: error\ndata: ${data}\n\n`,
    `retry: 5\ndata: ${data}\n\n`,
    `data: ${data.slice(0, 5)}\ndata: ${data.slice(5)}\n\n`,
    `foo: token\ndata: ${data}\n\n`,
  );

const streamOf = (dialect: FloodDialect) =>
  fc
    .array(
      fc.oneof(
        { weight: 10, arbitrary: event(dialect).chain(framed) },
        { weight: 1, arbitrary: randomBlocks.map((bytes) => Buffer.from(bytes).toString('latin1')) },
      ),
      { minLength: 20, maxLength: 80 },
    )
    .map((blocks) =>
      Buffer.concat(blocks.map((b) => Buffer.from(b, b.includes('\uFFFD') ? 'utf8' : 'latin1'))),
    );

/** The frames of the stream by the straightforward path; ids and times are left out of both sides. */
function expectedFrames(bytes: Buffer, adapter: GenerationAdapter, maxEventBytes: number): object[] {
  const parsed = parseSseBytes(bytes, { maxEventBytes });
  const analyse = eventAnalyser(adapter, STREAM_REQUEST, { shapes: false, templates: false });
  const blocks: Array<SseBlockBase & Partial<SseEvent>> = [...parsed.events, ...parsed.emptyBlocks].sort(
    (a, b) => a.start - b.start,
  );
  return blocks.map((block, seq) => {
    const frame: Record<string, unknown> = {
      kind: 'sse',
      exchangeId: 'x',
      source: 'test',
      seq,
      offset: { start: block.start, end: block.end },
      raw: block.raw,
      dispatched: block.data !== undefined,
    };
    const own = bytes.subarray(block.start, block.end);
    if (block.raw.includes('\uFFFD') && !isUtf8(own)) frame.rawBase64 = own.toString('base64');
    if (block.comments.length > 0) frame.comments = [...block.comments];
    if (block.data === undefined) return frame;
    frame.event = {
      index: block.index,
      type: block.type,
      data: block.data,
      ...(block.id !== undefined ? { id: block.id } : {}),
      ...(block.retry !== undefined ? { retry: block.retry } : {}),
    };
    const result = analyse(block.data, block.type === 'error');
    if (result.json !== undefined) frame.json = result.json;
    else if (!result.notJson) frame.jsonFromData = true;
    if (result.findings.length > 0) frame.findings = result.findings;
    if (result.summary) frame.a2a = { ...result.summary };
    return frame;
  });
}

/** Events the decoder read in full, and events read, over every run: the fast paths must have been taken. */
const counts = { decoded: 0, events: 0 };

function recorded(chunks: Buffer[], adapter: GenerationAdapter, maxEventBytes: number) {
  const frames: SseFrame[] = [];
  const marks: number[] = [];
  const counted = countedAdapter(adapter);
  const { recorder, exchange } = streamRecorder({
    adapter: counted.adapter,
    maxEventBytes,
    analyser: inThreadAnalyser(),
    capture: {
      frames: (batch, marked) => {
        frames.push(...batch);
        marks.push(...marked);
      },
    },
  });
  for (const chunk of chunks) recorder.push(chunk);
  void recorder.finish(exchange);
  counts.decoded += counted.decodes();
  counts.events += frames.filter((frame) => frame.event).length;
  return { frames, marks };
}

describe('reading a stream', () => {
  it.each(DIALECTS)('gives the frames the straightforward path gives, for %s', (dialect, adapter) => {
    counts.decoded = 0;
    counts.events = 0;
    fc.assert(
      fc.property(
        streamOf(dialect),
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(64, 300, 1 << 20),
        (bytes, sizes, maxEventBytes) => {
          const { frames, marks } = recorded(
            cut(bytes, sizes).map((c) => Buffer.from(c)),
            adapter,
            maxEventBytes,
          );
          const comparable = frames.map(({ id: _id, timing: _timing, ...rest }) => rest);
          const expected = expectedFrames(bytes, adapter, maxEventBytes);
          expect(comparable).toEqual(expected);
          // Member for member in the same order too (the common frame is made by a literal of its own), so that
          // what the journal and the window are sent is the same text.
          expect(JSON.stringify(comparable)).toBe(JSON.stringify(expected));
          frames.forEach((frame, k) => {
            const plain = (marks[k]! & RUN_PLAIN) !== 0;
            expect(plain, frame.raw).toBe(plainEvent(frame));
            if (plain) expect((marks[k]! & RUN_CLEAN) !== 0, frame.raw).toBe(redactionLeaves(frame));
          });
        },
      ),
      { numRuns: 150 },
    );
    // The fast paths were taken for many of the events (a stream has at most a few templates; most vary here).
    expect(counts.decoded).toBeLessThan(counts.events * 0.75);
  });
});
