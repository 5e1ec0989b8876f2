// The SSE parser against the stream-format cases of the web-platform-tests `eventsource/` suite. Each case is named
// after its WPT file; the stream is what that test's server resource sends (resources/message.py sends the
// `message` parameter, then "\n\n" unless `newline=none`, then one more "\n"), and the expectations restate, as
// facts about events, what the WPT test asserts in the browser. Each stream is parsed in one piece and byte by byte.

import { describe, expect, it } from 'vitest';
import {
  parseSseChunks,
  type SseEvent,
  type SseOptions,
  type SseParseResult,
} from '../../../../shared/wire/sse';

interface Expected {
  type?: string;
  data: string;
  lastEventId?: string;
  retry?: number;
}

interface WptCase {
  /** The WPT file (under eventsource/) the case comes from. */
  file: string;
  stream: string | Uint8Array;
  options?: SseOptions;
  events: Expected[];
  /** Finding rules expected, in order. */
  findings?: string[];
  lastEventId?: string;
  reconnectionTime?: number;
}

/** resources/message.py: the message, then "\n\n" unless newline=none, then "\n". */
const message = (text: string, newline: 'default' | 'none' = 'default'): string =>
  `${text}${newline === 'none' ? '' : '\n\n'}\n`;

const x2048 = 'x'.repeat(2048);

const cases: WptCase[] = [
  {
    file: 'eventsource-onmessage',
    stream: message('data: data'),
    events: [{ type: 'message', data: 'data' }],
  },
  {
    file: 'eventsource-eventtarget',
    stream: message('data: data'),
    events: [{ type: 'message', data: 'data' }],
  },
  {
    // resources/message2.py, one round of its loop.
    file: 'event-data',
    stream: 'data:msg\ndata: msg\n\n:\nfalsefield:msg\n\nfalsefield:msg\nData:data\n\ndata\n\ndata:end\n\n',
    events: [{ data: 'msg\nmsg' }, { data: '' }, { data: 'end' }],
    findings: ['sse.unknown-field', 'sse.unknown-field', 'sse.unknown-field'],
  },
  {
    // Only the first BOM of the stream is dropped; the second one makes "\uFEFFdata" an unknown field.
    file: 'format-bom',
    stream: message('\uFEFFdata:1\n\n\uFEFFdata:2\n\ndata:3'),
    events: [{ data: '1' }, { data: '3' }],
    findings: ['sse.unknown-field'],
  },
  {
    file: 'format-bom-2',
    stream: message('\uFEFF\uFEFFdata:1\n\ndata:2\n\ndata:3'),
    events: [{ data: '2' }, { data: '3' }],
    findings: ['sse.unknown-field'],
  },
  {
    file: 'format-comments',
    stream: message(`data:1\r:\0\n:\r\ndata:2\n:${x2048}\rdata:3\n:data:fail\r:${x2048}\ndata:4\n`, 'none'),
    events: [{ data: '1\n2\n3\n4' }],
  },
  {
    // The unterminated second event is not dispatched, so its id never becomes the last event ID.
    file: 'format-data-before-final-empty-line',
    stream: message('retry:1000\ndata:test1\n\nid:test\ndata:test2', 'none'),
    events: [{ data: 'test1', lastEventId: '', retry: 1000 }],
    findings: ['sse.unterminated-event'],
    lastEventId: '',
    reconnectionTime: 1000,
  },
  {
    file: 'format-field-data',
    stream: message('data:\n\ndata\ndata\n\ndata:test'),
    events: [{ data: '' }, { data: '\n' }, { data: 'test' }],
  },
  {
    file: 'format-field-event',
    stream: message('event:test\ndata:x\n\ndata:x'),
    events: [
      { type: 'test', data: 'x' },
      { type: 'message', data: 'x' },
    ],
  },
  {
    file: 'format-field-event-empty',
    stream: message('event: \ndata:data'),
    events: [{ type: 'message', data: 'data' }],
  },
  {
    // resources/last-event-id.py, first connection (default id value U+2026).
    file: 'format-field-id',
    stream: 'id: …\nretry: 200\ndata: hello\n\n',
    events: [{ data: 'hello', lastEventId: '…', retry: 200 }],
    lastEventId: '…',
    reconnectionTime: 200,
  },
  {
    // resources/last-event-id.py after the reconnect: it echoes Last-Event-ID, which the client still holds.
    file: 'format-field-id-2',
    stream: 'data: …\n\n',
    options: { lastEventId: '…' },
    events: [{ data: '…', lastEventId: '…' }],
    lastEventId: '…',
  },
  {
    file: 'format-field-id-3 (persists)',
    stream: 'id: 1\ndata: 1\n\ndata:2\n\n',
    events: [
      { data: '1', lastEventId: '1' },
      { data: '2', lastEventId: '1' },
    ],
  },
  {
    file: 'format-field-id-3 (changes and persists)',
    stream: 'id: 1\ndata: 1\n\nid: 2\ndata:2\n\ndata:3\n\n',
    events: [
      { data: '1', lastEventId: '1' },
      { data: '2', lastEventId: '2' },
      { data: '3', lastEventId: '2' },
    ],
  },
  {
    file: 'format-field-id-3 (resets)',
    stream: 'id: 1\ndata: 1\n\nid:\ndata:2\n\ndata:3\n\n',
    events: [
      { data: '1', lastEventId: '1' },
      { data: '2', lastEventId: '' },
      { data: '3', lastEventId: '' },
    ],
  },
  {
    // resources/last-event-id.py?idvalue=%00%00: an id containing U+0000 is ignored.
    file: 'format-field-id-null',
    stream: 'id: \0\0\nretry: 200\ndata: hello\n\n',
    events: [{ data: 'hello', lastEventId: '', retry: 200 }],
    findings: ['sse.invalid-id'],
    lastEventId: '',
    reconnectionTime: 200,
  },
  {
    file: 'format-field-parsing',
    stream: message(
      'data:\0\ndata:  2\rData:1\ndata\0:2\ndata:1\r\0data:4\nda-ta:3\rdata_5\ndata:3\rdata:\r\n data:32\ndata:4\n',
      'none',
    ),
    events: [{ data: '\0\n 2\n1\n3\n\n4' }],
    findings: Array<string>(6).fill('sse.unknown-field'),
  },
  {
    // "02000" is 2000, not octal.
    file: 'format-field-retry',
    stream: message('retry:02000\ndata:x'),
    events: [{ data: 'x', retry: 2000 }],
    reconnectionTime: 2000,
  },
  {
    file: 'format-field-retry-bogus',
    stream: message('retry:2000\nretry:1000x\ndata:x'),
    events: [{ data: 'x', retry: 2000 }],
    findings: ['sse.invalid-retry'],
    reconnectionTime: 2000,
  },
  {
    file: 'format-field-retry-empty',
    stream: message('retry\ndata:test'),
    events: [{ data: 'test' }],
    findings: ['sse.invalid-retry'],
  },
  {
    file: 'format-field-unknown',
    stream: message('data:test\n data\ndata\nfoobar:xxx\njustsometext\n:thisisacommentyay\ndata:test'),
    events: [{ data: 'test\n\ntest' }],
    findings: ['sse.unknown-field', 'sse.unknown-field', 'sse.unknown-field'],
  },
  {
    // Only a space after the colon is dropped, not a tab; a CR alone ends the first line.
    file: 'format-leading-space',
    stream: message('data:\ttest\rdata: \ndata:test'),
    events: [{ data: '\ttest\n\ntest' }],
  },
  {
    file: 'format-newlines',
    stream: message('data:test\r\ndata\ndata:test\r\n\r', 'none'),
    events: [{ data: 'test\n\ntest' }],
  },
  {
    file: 'format-null-character',
    stream: message('data:\0\n\n'),
    events: [{ data: '\0' }],
  },
  {
    // Served as charset=windows-1252, but an event stream is always UTF-8: E2 80 A6 is "…".
    file: 'format-utf-8',
    stream: Uint8Array.from([...new TextEncoder().encode('data:ok'), 0xe2, 0x80, 0xa6, 0x0a, 0x0a, 0x0a]),
    events: [{ data: 'ok…' }],
  },
  {
    // resources/reconnect-fail.py, first response.
    file: 'resources/reconnect-fail.py',
    stream: 'retry: 2\ndata: opened\n\n',
    events: [{ data: 'opened', retry: 2 }],
    reconnectionTime: 2,
  },
  {
    // resources/status-reconnect.py?ok_first, first response.
    file: 'resources/status-reconnect.py (ok_first)',
    stream: 'retry: 2\ndata: ok\n\n',
    events: [{ data: 'ok', retry: 2 }],
    reconnectionTime: 2,
  },
  {
    // resources/status-reconnect.py, first response: only a retry line, never ended by a blank line.
    file: 'resources/status-reconnect.py',
    stream: 'retry: 2\n',
    events: [],
    findings: ['sse.unterminated-event'],
    reconnectionTime: 2,
  },
];

function parse(bytes: Uint8Array, options: SseOptions | undefined, chunkSize: number): SseParseResult {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += chunkSize) chunks.push(bytes.subarray(at, at + chunkSize));
  return parseSseChunks(chunks, options);
}

const essentials = (event: SseEvent): Expected => ({
  type: event.type,
  data: event.data,
  lastEventId: event.lastEventId,
  ...(event.retry === undefined ? {} : { retry: event.retry }),
});

describe('web-platform-tests eventsource/', () => {
  it.each(cases.map((c) => [c.file, c] as const))('%s', (_file, c) => {
    const bytes = typeof c.stream === 'string' ? new TextEncoder().encode(c.stream) : c.stream;
    const whole = parse(bytes, c.options, bytes.length || 1);
    const expected = c.events.map((e) => ({
      type: e.type ?? 'message',
      data: e.data,
      lastEventId: e.lastEventId ?? c.options?.lastEventId ?? '',
      ...(e.retry === undefined ? {} : { retry: e.retry }),
    }));
    expect(whole.events.map(essentials)).toEqual(expected);
    expect(whole.findings.map((f) => f.rule)).toEqual(c.findings ?? []);
    expect(whole.lastEventId).toBe(
      c.lastEventId ?? whole.events.at(-1)?.lastEventId ?? c.options?.lastEventId ?? '',
    );
    expect(whole.reconnectionTime).toBe(c.reconnectionTime);
    // The same stream one byte at a time gives exactly the same result.
    expect(parse(bytes, c.options, 1)).toEqual(whole);
  });
});
