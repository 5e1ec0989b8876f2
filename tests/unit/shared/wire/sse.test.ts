// The SSE parser's own guarantees beyond WHATWG: byte spans and raw text, BOM handling, CR at a chunk's end,
// blocks without data, the unterminated last event, both caps and their findings, invalid UTF-8, comments, and the
// same result however a tricky stream is chunked. Finding messages are asserted as the user reads them.

import { describe, expect, it } from 'vitest';
import {
  parseSseBytes,
  parseSseText,
  SseParser,
  type SseComment,
  type SseEmptyBlock,
  type SseEvent,
  type SseFinding,
  type SseOptions,
  type SseParseResult,
} from '../../../../shared/wire/sse';

const encoder = new TextEncoder();
const bytesOf = (text: string): Uint8Array => encoder.encode(text);
const byteLength = (text: string): number => encoder.encode(text).length;

/** Feeds the chunks to a fresh parser and collects everything it reports. */
function feedAll(chunks: Uint8Array[], limits: SseOptions = {}): SseParseResult & { parser: SseParser } {
  const events: SseEvent[] = [];
  const emptyBlocks: SseEmptyBlock[] = [];
  const comments: SseComment[] = [];
  const findings: SseFinding[] = [];
  const parser = new SseParser({
    ...limits,
    onEvent: (e) => events.push(e),
    onEmptyBlock: (b) => emptyBlocks.push(b),
    onComment: (c) => comments.push(c),
    onFinding: (f) => findings.push(f),
  });
  for (const chunk of chunks) parser.feed(chunk);
  parser.end();
  return {
    events,
    emptyBlocks,
    comments,
    findings,
    lastEventId: parser.lastEventId,
    reconnectionTime: parser.reconnectionTime,
    parser,
  };
}

const byteByByte = (bytes: Uint8Array): Uint8Array[] => Array.from(bytes, (b) => Uint8Array.of(b));

function withoutParser(result: SseParseResult & { parser?: SseParser }): SseParseResult {
  const { parser: _parser, ...rest } = result;
  return rest;
}

describe('byte spans and raw text', () => {
  it('gives UTF-8 byte offsets and the exact raw text, after multi-byte characters', () => {
    const first = 'data: héllo 🙂 日本\n\n';
    const second = ': ping\r\n\r\n';
    const third = 'event: update\r\nid: 42\r\ndata: {"a":"ü"}\r\ndata: 2\r\n\r\n';
    const result = parseSseText(first + second + third);
    const a = byteLength(first);
    const b = a + byteLength(second);
    expect(result.events).toEqual([
      {
        index: 0,
        type: 'message',
        data: 'héllo 🙂 日本',
        id: undefined,
        lastEventId: '',
        retry: undefined,
        comments: [],
        raw: first,
        start: 0,
        end: a,
      },
      {
        index: 1,
        type: 'update',
        data: '{"a":"ü"}\n2',
        id: '42',
        lastEventId: '42',
        retry: undefined,
        comments: [],
        raw: third,
        start: b,
        end: b + byteLength(third),
      },
    ]);
    expect(result.emptyBlocks).toEqual([
      {
        eventType: undefined,
        id: undefined,
        lastEventId: '',
        retry: undefined,
        comments: [' ping'],
        raw: second,
        start: a,
        end: b,
      },
    ]);
    expect(result.findings).toEqual([]);
  });

  it('keeps the byte spans right when an invalid byte precedes the event', () => {
    const bytes = Uint8Array.from([...bytesOf('data: a'), 0xff, ...bytesOf('b\n\ndata: c\n\n')]);
    const { events } = parseSseBytes(bytes);
    expect(events.map((e) => [e.data, e.start, e.end])).toEqual([
      ['a\uFFFDb', 0, 11],
      ['c', 11, 20],
    ]);
  });
});

describe('byte order mark', () => {
  it('drops a BOM at the start of the stream, also when it arrives split over chunks', () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...bytesOf('data: x\n\n')]);
    for (const chunks of [[bytes], byteByByte(bytes), [bytes.subarray(0, 2), bytes.subarray(2)]]) {
      const { events, findings } = feedAll(chunks);
      expect(events.map((e) => [e.data, e.start, e.end, e.raw])).toEqual([['x', 3, 12, 'data: x\n\n']]);
      expect(findings).toEqual([]);
    }
  });

  it('keeps a BOM anywhere else, where it makes the field name unknown', () => {
    const result = parseSseText('data: 1\n\n\uFEFFdata: 2\n\n');
    expect(result.events.map((e) => e.data)).toEqual(['1']);
    expect(result.emptyBlocks.map((b) => b.raw)).toEqual(['\uFEFFdata: 2\n\n']);
    expect(result.findings.map((f) => f.message)).toEqual([
      'The line at byte 9 has the field name "\uFEFFdata", which SSE does not define (names are case-sensitive: data, event, id, retry); it was ignored.',
    ]);
  });

  it('treats bytes that only begin like a BOM as content', () => {
    const bytes = Uint8Array.from([0xef, 0xbb, ...bytesOf('data: x\n\n')]);
    expect(feedAll(byteByByte(bytes)).emptyBlocks.map((b) => [b.start, b.raw])).toEqual([
      [0, '\uFFFDdata: x\n\n'],
    ]);
  });
});

describe('line endings across chunks', () => {
  it('waits for the next chunk to know whether an LF follows a CR', () => {
    const events: SseEvent[] = [];
    const parser = new SseParser({ onEvent: (e) => events.push(e) });
    parser.feed(bytesOf('data: a\r'));
    parser.feed(bytesOf('\ndata: b\r\n\r'));
    expect(events).toEqual([]);
    parser.feed(bytesOf('\n'));
    expect(events.map((e) => [e.data, e.raw, e.start, e.end])).toEqual([
      ['a\nb', 'data: a\r\ndata: b\r\n\r\n', 0, 20],
    ]);
    parser.end();
    expect(events).toHaveLength(1);
  });

  it('ends a CR-only event when the next chunk does not start with LF, or at the end of the stream', () => {
    const events: SseEvent[] = [];
    const parser = new SseParser({ onEvent: (e) => events.push(e) });
    parser.feed(bytesOf('data: a\r\r'));
    expect(events).toEqual([]);
    parser.feed(bytesOf('data: b\r\r'));
    expect(events.map((e) => [e.data, e.raw, e.end])).toEqual([['a', 'data: a\r\r', 9]]);
    parser.end();
    expect(events.map((e) => [e.data, e.raw, e.start, e.end])).toEqual([
      ['a', 'data: a\r\r', 0, 9],
      ['b', 'data: b\r\r', 9, 18],
    ]);
  });
});

describe('blocks without data', () => {
  it('reports them through onEmptyBlock, and an id in them still sets the last event ID', () => {
    const result = parseSseText(': ping\n\nid: 5\n\nevent: gone\nretry: 300\n\n\ndata: x\n\n');
    expect(
      result.emptyBlocks.map((b) => [b.raw, b.comments, b.id, b.eventType, b.retry, b.lastEventId]),
    ).toEqual([
      [': ping\n\n', [' ping'], undefined, undefined, undefined, ''],
      ['id: 5\n\n', [], '5', undefined, undefined, '5'],
      ['event: gone\nretry: 300\n\n', [], undefined, 'gone', 300, '5'],
      ['\n', [], undefined, undefined, undefined, '5'],
    ]);
    // The event type does not leak from the empty block into the next event (WHATWG resets it).
    expect(result.events.map((e) => [e.type, e.data, e.id, e.lastEventId])).toEqual([
      ['message', 'x', undefined, '5'],
    ]);
    expect(result.reconnectionTime).toBe(300);
  });
});

describe('unterminated last event', () => {
  it('is not dispatched and is reported with its raw text', () => {
    const result = parseSseText('data: a\n\nid: 9\ndata: b\ndata: c');
    expect(result.events.map((e) => e.data)).toEqual(['a']);
    expect(result.lastEventId).toBe('');
    expect(result.findings).toEqual([
      {
        rule: 'sse.unterminated-event',
        severity: 'warning',
        message:
          'The stream ended inside an event that starts at byte 9: without the blank line that ends it, the event was not dispatched.',
        offset: 9,
        raw: 'id: 9\ndata: b\ndata: c',
        spec: 'WHATWG HTML §9.2.6 Interpreting an event stream',
        specUrl: 'https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation',
      },
    ]);
  });

  it('is only informational when the unfinished block held no data', () => {
    const [finding] = parseSseText('data: a\n\n: bye\n').findings;
    expect(finding?.severity).toBe('info');
    expect(finding?.message).toBe(
      'The stream ended without a blank line after the lines that start at byte 9; they held no data, so no event was lost.',
    );
    expect(finding?.raw).toBe(': bye\n');
  });
});

describe('per-event cap', () => {
  const big = `data: ${'x'.repeat(200)}\n`;

  it('drops an oversized event, says where it started, and resyncs at its blank line', () => {
    const text = `data: small\n\nid: big\nretry: 5\n${big}${big}\ndata: after\n\n`;
    const bytes = bytesOf(text);
    const whole = feedAll([bytes], { maxEventBytes: 64 });
    expect(whole.events.map((e) => [e.data, e.lastEventId, e.start])).toEqual([
      ['small', '', 0],
      ['after', '', text.indexOf('data: after')],
    ]);
    expect(whole.findings).toEqual([
      {
        rule: 'sse.event-too-large',
        severity: 'error',
        message: 'Event at byte 13 is larger than the 64-byte per-event cap; its data was not kept.',
        offset: 13,
      },
    ]);
    // Its id and retry fields went with it.
    expect(whole.lastEventId).toBe('');
    expect(whole.reconnectionTime).toBeUndefined();
    for (const chunks of [
      byteByByte(bytes),
      [bytes.subarray(0, 40), bytes.subarray(40, 300), bytes.subarray(300)],
    ]) {
      expect(withoutParser(feedAll(chunks, { maxEventBytes: 64 }))).toEqual(withoutParser(whole));
    }
  });

  it('counts line endings and the blank line: exactly the cap is kept, one byte more is not', () => {
    for (const text of ['data: x\n\n', 'data: x\r\n\r\n', 'data: x\r\r']) {
      const bytes = bytesOf(text);
      const size = bytes.length;
      for (const chunks of [[bytes], byteByByte(bytes)]) {
        expect(feedAll(chunks, { maxEventBytes: size }).events).toHaveLength(1);
        const over = feedAll(chunks, { maxEventBytes: size - 1 });
        expect(over.events).toHaveLength(0);
        expect(over.findings.map((f) => f.rule)).toEqual(['sse.event-too-large']);
      }
    }
  });

  it('stops buffering a line that never ends once it passes the cap, and names the cap in MiB', () => {
    const cap = 1024 * 1024;
    const findings: SseFinding[] = [];
    const parser = new SseParser({ maxEventBytes: cap, onFinding: (f) => findings.push(f) });
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    parser.feed(bytesOf('data: '));
    for (let i = 0; i < 17; i++) parser.feed(chunk);
    expect(findings.map((f) => f.message)).toEqual([
      'Event at byte 0 is larger than the 1 MiB per-event cap; its data was not kept.',
    ]);
    const events: SseEvent[] = [];
    const next = new SseParser({ maxEventBytes: cap, onEvent: (e) => events.push(e) });
    next.feed(bytesOf('data: '));
    for (let i = 0; i < 17; i++) next.feed(chunk);
    next.feed(bytesOf('\n\ndata: ok\n\n'));
    next.end();
    expect(events.map((e) => [e.data, e.start])).toEqual([['ok', 6 + 17 * 64 * 1024 + 2]]);
  });

  it('defaults to 16 MiB', () => {
    const cap = 16 * 1024 * 1024;
    const bytes = new Uint8Array(cap + 16).fill(0x61);
    bytes.set(bytesOf('data:'), 0);
    bytes.set(bytesOf('\n\n'), cap - 2);
    const result = parseSseBytes(bytes);
    expect(result.events.map((e) => e.data.length)).toEqual([cap - 7]);
    const oversized = new Uint8Array(cap + 1).fill(0x61);
    oversized.set(bytesOf('data:'), 0);
    oversized.set(bytesOf('\n\n'), cap - 1);
    const over = parseSseBytes(oversized);
    expect(over.findings.map((f) => f.message)).toEqual([
      'Event at byte 0 is larger than the 16 MiB per-event cap; its data was not kept.',
    ]);
  });
});

describe('per-stream cap', () => {
  it('stops at the cap, reports it once, and reads nothing more', () => {
    const bytes = bytesOf('data: a\n\ndata: b\n\n');
    for (const chunks of [[bytes], byteByByte(bytes)]) {
      const result = feedAll(chunks, { maxStreamBytes: 12 });
      expect(result.events.map((e) => e.data)).toEqual(['a']);
      expect(result.findings).toEqual([
        {
          rule: 'sse.stream-too-large',
          severity: 'error',
          message:
            'The stream is larger than the 12-byte cap: parsing stopped at byte 12 and the rest was not read.',
          offset: 12,
        },
      ]);
      expect(result.parser.bytesRead).toBe(12);
    }
  });

  it('is not reached by a stream of exactly the cap', () => {
    const bytes = bytesOf('data: a\n\n');
    expect(feedAll([bytes], { maxStreamBytes: bytes.length }).findings).toEqual([]);
  });
});

describe('invalid UTF-8', () => {
  it('decodes bad bytes as U+FFFD and reports the first one, once per stream', () => {
    const bytes = Uint8Array.from([
      ...bytesOf('data: a'),
      0xff,
      ...bytesOf(' b\n\ndata: '),
      0xc3,
      ...bytesOf('\n\ndata: '),
      0xe2,
      0x82,
      ...bytesOf('\n\n'),
    ]);
    const whole = feedAll([bytes]);
    expect(whole.events.map((e) => e.data)).toEqual(['a\uFFFD b', '\uFFFD', '\uFFFD']);
    expect(whole.findings).toEqual([
      {
        rule: 'sse.invalid-utf8',
        severity: 'warning',
        message:
          'The stream is not valid UTF-8: the first bad byte is at byte 7. Bad bytes are shown as U+FFFD (\uFFFD); later ones are not reported again.',
        offset: 7,
        spec: 'WHATWG HTML §9.2.6 Interpreting an event stream',
        specUrl: 'https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation',
      },
    ]);
    expect(withoutParser(feedAll(byteByByte(bytes)))).toEqual(withoutParser(whole));
  });

  it('does not report a U+FFFD that was sent as such', () => {
    const result = parseSseText('data: \uFFFD\n\n');
    expect(result.events.map((e) => e.data)).toEqual(['\uFFFD']);
    expect(result.findings).toEqual([]);
  });

  it('reports a bad byte in an unterminated tail before the tail itself', () => {
    const bytes = Uint8Array.from([...bytesOf('data: '), 0xf0, 0x9f]);
    expect(parseSseBytes(bytes).findings.map((f) => [f.rule, f.offset])).toEqual([
      ['sse.invalid-utf8', 6],
      ['sse.unterminated-event', 0],
    ]);
  });
});

describe('fields', () => {
  it('reports comments as their line ends, with their byte offsets, and keeps them on the event', () => {
    const comments: SseComment[] = [];
    const events: SseEvent[] = [];
    const parser = new SseParser({ onComment: (c) => comments.push(c), onEvent: (e) => events.push(e) });
    parser.feed(bytesOf(': ping - 2025-06-01 12:00:00\r\ndata: x\n:'));
    expect(comments).toEqual([{ text: ' ping - 2025-06-01 12:00:00', start: 0, end: 28 }]);
    parser.feed(bytesOf('keep-alive\n\n'));
    expect(comments.map((c) => [c.text, c.start, c.end])).toEqual([
      [' ping - 2025-06-01 12:00:00', 0, 28],
      ['keep-alive', 38, 49],
    ]);
    expect(events.map((e) => e.comments)).toEqual([[' ping - 2025-06-01 12:00:00', 'keep-alive']]);
  });

  it('ignores an id with NUL and a retry that is not only digits, and says why', () => {
    const result = parseSseText('id: 1\n\nid: a\0b\nretry: 1.5\ndata: x\n\n');
    expect(result.events.map((e) => [e.id, e.lastEventId, e.retry])).toEqual([[undefined, '1', undefined]]);
    expect(result.findings.map((f) => f.message)).toEqual([
      'The id field at byte 7 contains a NUL character, so it was ignored and the last event ID was kept.',
      'The retry field at byte 15 is "1.5"; it must be a whole number of milliseconds written with the digits 0-9 only, so it was ignored.',
    ]);
  });

  it('starts from a given last event ID, as after a reconnect', () => {
    const result = parseSseText('data: x\n\n', { lastEventId: 'e-7' });
    expect(result.events.map((e) => e.lastEventId)).toEqual(['e-7']);
  });
});

describe('chunking', () => {
  const tricky = Uint8Array.from([
    0xef,
    0xbb,
    0xbf,
    ...bytesOf(': hi 🙂\r\nevent: ünïcode\r\ndata: 日本語\rdata\ndata:  two spaces\r\n\r'),
    ...bytesOf('id: x\0y\nid: ok\nretry: 12\nretry: no\nData: ignored\nno colon\n\n'),
    ...bytesOf('data: bad '),
    0xc3,
    0x28,
    ...bytesOf('\r\rdata: {\n'),
    ...bytesOf('data:   "a": "\u2028"\ndata: }\r\n\r\n: tail\rdata: unfinished'),
  ]);

  it('gives the same result fed whole, byte by byte, and cut at every position', () => {
    const whole = withoutParser(feedAll([tricky]));
    expect(whole.events.map((e) => [e.type, e.data, e.lastEventId])).toEqual([
      ['ünïcode', '日本語\n\n two spaces', ''],
      ['message', 'bad \uFFFD(', 'ok'],
      ['message', '{\n  "a": "\u2028"\n}', 'ok'],
    ]);
    expect(whole.findings.map((f) => f.rule)).toEqual([
      'sse.invalid-id',
      'sse.invalid-retry',
      'sse.unknown-field',
      'sse.unknown-field',
      'sse.invalid-utf8',
      'sse.unterminated-event',
    ]);
    expect(withoutParser(feedAll(byteByByte(tricky)))).toEqual(whole);
    for (let cut = 1; cut < tricky.length; cut++) {
      expect(withoutParser(feedAll([tricky.subarray(0, cut), tricky.subarray(cut)]))).toEqual(whole);
    }
  });
});

describe('misuse', () => {
  it('refuses feed() after end()', () => {
    const parser = new SseParser();
    parser.end();
    expect(() => parser.feed(bytesOf('data: x\n\n'))).toThrow('SseParser: feed() was called after end().');
  });
});
