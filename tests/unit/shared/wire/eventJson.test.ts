// An event frame's JSON wherever it is kept: its own copy, or its data when the frame is marked `jsonFromData` (the
// host's live frames), with data that is not JSON, or nested too deep to show, giving nothing.

import { describe, expect, it } from 'vitest';
import { eventJson, hasEventJson } from '../../../../shared/wire/eventJson';
import type { SseFrame } from '../../../../shared/wire/frame';

function frame(data: string, extra: Partial<SseFrame> = {}): SseFrame {
  return {
    kind: 'sse',
    id: 'e',
    exchangeId: 'x',
    source: 'test',
    timing: { start: 1 },
    seq: 0,
    offset: { start: 0, end: data.length + 8 },
    raw: `data: ${data}\n\n`,
    dispatched: true,
    event: { index: 0, type: 'message', data },
    ...extra,
  };
}

describe('eventJson', () => {
  it('gives the frame’s own copy first: a value the careful parser read differently from JSON.parse', () => {
    const own = { a: 1 };
    const f = frame('{"a":1,"a":2}', { json: own });
    expect(eventJson(f)).toBe(own);
    expect(hasEventJson(f)).toBe(true);
  });

  it('parses the data of a frame marked jsonFromData, each time it is asked', () => {
    const f = frame('{"result":{"n":[1,2]}}', { jsonFromData: true });
    expect(eventJson(f)).toEqual({ result: { n: [1, 2] } });
    expect(eventJson(f)).not.toBe(eventJson(f));
    expect(hasEventJson(f)).toBe(true);
  });

  it('gives nothing for data that is not JSON, marked or not, or for an unmarked frame without a copy', () => {
    expect(eventJson(frame('hello', { jsonFromData: true }))).toBeUndefined();
    expect(eventJson(frame('{"a":1}'))).toBeUndefined();
    expect(hasEventJson(frame('{"a":1}'))).toBe(false);
    expect(hasEventJson(frame('', { jsonFromData: true, dispatched: false, event: undefined }))).toBe(false);
  });

  it('gives nothing for JSON nested deeper than the careful parser reads', () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect(eventJson(frame(deep, { jsonFromData: true }))).toBeUndefined();
    expect(eventJson(frame('[[[1]]]', { jsonFromData: true }))).toEqual([[[1]]]);
  });
});
