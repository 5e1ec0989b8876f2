// Cutting streamed answers into events as chunks arrive (PRX-4): SSE blocks end at a blank line in any of the three
// line-end styles, gRPC messages at their length prefix, and a unit split across chunks at any byte comes out whole
// and unchanged. Spoiled units keep their framing so the client's parser, not its transport, is what fails.

import { describe, expect, it } from 'vitest';
import { corruptUnit, garbageText } from '../../../../shared/proxy/corruptUnit';
import { isSseEvent, UnitSplitter } from '../../../../shared/proxy/streamUnits';

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

function grpcMessage(payload: number[], flag = 0): Uint8Array {
  const out = new Uint8Array(5 + payload.length);
  out[0] = flag;
  new DataView(out.buffer).setUint32(1, payload.length);
  out.set(payload, 5);
  return out;
}

/** Feeds `bytes` in pieces cut at `cuts` and collects what the splitter gives, plus the rest at the end. */
function split(
  framing: 'sse' | 'grpc',
  bytes: Uint8Array,
  cuts: number[],
): { units: Uint8Array[]; rest: Uint8Array } {
  const splitter = new UnitSplitter(framing);
  const units: Uint8Array[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    units.push(...splitter.push(bytes.slice(from, cut)));
    from = cut;
  }
  return { units, rest: splitter.rest() };
}

describe('SSE events as chunks arrive', () => {
  const stream =
    'data: {"a":1}\n\n: keep-alive\n\nevent: x\r\ndata: {"b":2}\r\n\r\ndata: {"c":3}\r\rdata: tail';
  const expected = [
    'data: {"a":1}\n\n',
    ': keep-alive\n\n',
    'event: x\r\ndata: {"b":2}\r\n\r\n',
    'data: {"c":3}\r\r',
  ];

  it('finds each block whatever the line ends, and keeps an unfinished one for the end', () => {
    const { units, rest } = split('sse', encode(stream), []);
    expect(units.map(decode)).toEqual(expected);
    expect(decode(rest)).toBe('data: tail');
  });

  it('gives the same blocks when the chunks cut them at every possible byte', () => {
    const bytes = encode(stream);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const { units, rest } = split('sse', bytes, [cut]);
      expect(units.map(decode), `cut at ${cut}`).toEqual(expected);
      expect(decode(rest)).toBe('data: tail');
    }
  });

  it('gives the same blocks when every byte is a chunk of its own (a CRLF split across chunks included)', () => {
    const bytes = encode(stream);
    const { units } = split(
      'sse',
      bytes,
      Array.from({ length: bytes.length - 1 }, (_, i) => i + 1),
    );
    expect(units.map(decode)).toEqual(expected);
  });

  it('counts only blocks with data as events', () => {
    expect(expected.map((b) => isSseEvent(encode(b)))).toEqual([true, false, true, true]);
    expect(isSseEvent(encode('data\n\n'))).toBe(true);
    expect(isSseEvent(encode('id: 4\n\n'))).toBe(false);
  });
});

describe('gRPC messages as chunks arrive', () => {
  const messages = [
    grpcMessage([1, 2, 3]),
    grpcMessage([]),
    grpcMessage(
      Array.from({ length: 300 }, (_, i) => i & 0xff),
      1,
    ),
  ];
  const bytes = new Uint8Array(messages.reduce((n, m) => n + m.length, 0));
  messages.reduce((at, m) => (bytes.set(m, at), at + m.length), 0);

  it('finds each message by its length prefix, however the chunks cut it', () => {
    for (const cuts of [[], [1], [4], [7, 8, 9, 10], [12, 13, 100, 200]]) {
      const { units, rest } = split('grpc', bytes, cuts);
      expect(units, `cuts ${cuts.join(',')}`).toEqual(messages);
      expect(rest.length).toBe(0);
    }
  });

  it('keeps an unfinished message as the rest', () => {
    const { units, rest } = split('grpc', bytes.slice(0, 15), []);
    expect(units).toEqual(messages.slice(0, 2));
    expect(rest.length).toBe(2);
  });
});

describe('spoiling one unit', () => {
  it('cuts an SSE event mid-JSON but keeps its other fields and its blank line', () => {
    const out = decode(
      corruptUnit(encode('event: x\r\ndata: {"kind":"task","id":"t"}\r\n\r\n'), 'sse', 'truncate-json'),
    );
    expect(out).toBe('event: x\ndata: {"kind":"tas\n\n');
    expect(() => JSON.parse(out.split('data: ')[1] ?? '')).toThrow();
  });

  it('replaces an SSE event with text that is not JSON, once for multi-line data', () => {
    const out = decode(corruptUnit(encode('data: {"a":\ndata: 1}\n\n'), 'sse', 'garbage'));
    expect(out).toBe(`data: ${garbageText}\n\n`);
  });

  it('keeps a gRPC length prefix valid around a truncated or nonsense payload', () => {
    const cut = corruptUnit(grpcMessage([1, 2, 3, 4], 1), 'grpc', 'truncate-json');
    expect([...cut]).toEqual([1, 0, 0, 0, 2, 1, 2]);
    const garbage = corruptUnit(grpcMessage([]), 'grpc', 'garbage');
    expect([...garbage]).toEqual([0, 0, 0, 0, 1, 0xff]);
  });

  it('cuts a plain body in half or replaces it', () => {
    expect(decode(corruptUnit(encode('{"result":{}}'), undefined, 'truncate-json'))).toBe('{"resu');
    expect(decode(corruptUnit(encode('{}'), undefined, 'garbage'))).toBe(garbageText);
  });
});
