// The analysis's shape cache (eventShapes.ts) against the straightforward path: the same events analysed with and
// without it must give equal results, event for event, in every generation whose events it sees; an event that fits
// a cached shape but whose values differ where a decoder or the schema looks must still get its findings.

import { describe, expect, it } from 'vitest';
import type { GenerationAdapter } from '../../../../../shared/a2a/adapter';
import { v0_3JsonRpc } from '../../../../../shared/a2a/v0_3/jsonrpc';
import { v1JsonRpc } from '../../../../../shared/a2a/v1/jsonrpc';
import { v1Rest } from '../../../../../shared/a2a/v1/rest';
import { fits, patternOf } from '../../../../../electron/host/agent/eventShapes';
import { eventAnalyser, type EventAnalysis } from '../../../../../electron/host/agent/streamAnalysis';
import { inThreadAnalyser } from '../../../../../electron/host/agent/streamAnalyser';
import type { StreamCapture } from '../../../../../electron/host/agent/streamRecorder';
import type { SseFrame } from '../../../../../shared/wire/frame';
import { recordStream, STREAM_REQUEST } from '../../../support/recordStream';
import { countedAdapter } from '../../../support/countedAdapter';
import { floodDatas, type FloodDialect } from '../../../support/shapeFlood';

/** Each event's analysis, `errors` naming the ones that came as SSE `event: error`. */
function analyseAll(
  analyse: (data: string, isError: boolean) => EventAnalysis,
  datas: readonly string[],
  errors: readonly number[],
): EventAnalysis[] {
  return datas.map((data, i) => analyse(data, errors.includes(i)));
}

const dialects: Array<[FloodDialect, GenerationAdapter]> = [
  ['1.0 JSON-RPC', v1JsonRpc],
  ['1.0 REST', v1Rest],
  ['0.3 JSON-RPC', v0_3JsonRpc],
];

describe('eventAnalyser with the shape cache', () => {
  it.each(dialects)('gives what the full analysis gives, event for event, for %s', (dialect, adapter) => {
    const { datas, errors, bad } = floodDatas(dialect, 600);
    const full = countedAdapter(adapter);
    const fast = countedAdapter(adapter);
    const expected = analyseAll(
      eventAnalyser(full.adapter, STREAM_REQUEST, { shapes: false, templates: false }),
      datas,
      errors,
    );
    const actual = analyseAll(
      eventAnalyser(fast.adapter, STREAM_REQUEST, { templates: false }),
      datas,
      errors,
    );
    expect(actual).toEqual(expected);
    // The flood took the fast path for most of its events, and the odd ones did not escape their findings.
    expect(full.decodes()).toBe(datas.length);
    expect(fast.decodes()).toBeLessThan(datas.length / 4);
    for (const index of bad) expect(actual[index]!.findings.length, datas[index]).toBeGreaterThan(0);
  });

  it('analyses in full again an event that fits a cached shape but carries a state no generation defines', () => {
    const status = (state: string, n: number) =>
      `{"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"t","status":{"state":"${state}"},"metadata":{"n":${n}}}}}`;
    const datas = [
      status('TASK_STATE_WORKING', 1),
      status('TASK_STATE_WORKING', 2),
      status('TASK_STATE_BOGUS', 3),
    ];
    const result = analyseAll(eventAnalyser(v1JsonRpc, STREAM_REQUEST), datas, []);
    expect(result.map((analysis) => analysis.findings.length > 0)).toEqual([false, false, true]);
  });
});

/** The flood as an SSE stream written every way a block may be: CRLF, comments, data over two lines, ids. */
function floodStream(datas: string[], errors: number[]): string {
  const asError = new Set(errors);
  let text = '';
  datas.forEach((data, i) => {
    if (i % 50 === 0) text += ': a block of comments only\n\n';
    const comma = data.indexOf(',');
    if (asError.has(i)) text += `event: error\ndata: ${data}\n\n`;
    else if (i % 5 === 0) text += `data: ${data}\r\n\r\n`;
    else if (i % 5 === 1) text += `: keep-alive\ndata: ${data}\n\n`;
    else if (i % 5 === 2 && comma > 0)
      text += `data: ${data.slice(0, comma + 1)}\ndata: ${data.slice(comma + 1)}\n\n`;
    else if (i % 5 === 3) text += `id: ${i}\ndata: ${data}\n\n`;
    else text += `data:${data}\n\n`;
  });
  return text;
}

/** The stream cut at odd places: one byte, a few, one event's worth, many. */
function cut(text: string): Buffer[] {
  const bytes = Buffer.from(text);
  const sizes = [1, 3, 7, 64, 13, 500, 2, 4096];
  const chunks: Buffer[] = [];
  for (let at = 0, k = 0; at < bytes.length; k++) {
    const size = sizes[k % sizes.length]!;
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

describe('StreamRecorder with the shape cache', () => {
  it('publishes the frames and totals the full analysis gives, and hands a capture the same', () => {
    const { datas, errors, bad } = floodDatas('1.0 JSON-RPC', 1000);
    const chunks = cut(floodStream(datas, errors));
    const record = (shapes: boolean) => {
      const captured: SseFrame[] = [];
      const marks: number[] = [];
      const capture: StreamCapture = {
        frames: (frames, marked) => {
          captured.push(...frames);
          marks.push(...marked);
        },
      };
      const analyser = () => inThreadAnalyser({ shapes, templates: false });
      const published = recordStream(chunks, { analyser: analyser() });
      const withCapture = recordStream(chunks, { analyser: analyser(), capture });
      return { published, captured: { captured, marks }, exchange: withCapture.exchange };
    };
    const full = record(false);
    const fast = record(true);
    expect(fast.published.frames).toEqual(full.published.frames);
    expect(fast.published.exchange).toEqual(full.published.exchange);
    expect(fast.captured).toEqual(full.captured);
    expect(fast.exchange).toEqual(full.exchange);
    const events = fast.published.frames.filter((frame) => frame.event);
    expect(events).toHaveLength(datas.length);
    for (const index of bad) expect(events[index]!.findings?.length, datas[index]).toBeGreaterThan(0);
  });
});

describe('event patterns', () => {
  it('let free text and metadata values vary, and nothing else', () => {
    const pattern = patternOf(
      JSON.parse('{"a":"x","id":1,"metadata":{"n":1,"s":"v"},"parts":[{"text":"hi"}]}'),
    );
    const same = '{"a":"x","id":1,"metadata":{"n":7,"s":"w"},"parts":[{"text":"other"}]}';
    expect(fits(JSON.parse(same), pattern)).toBe(true);
    for (const other of [
      '{"a":"y","id":1,"metadata":{"n":1,"s":"v"},"parts":[{"text":"hi"}]}',
      '{"a":"x","id":2,"metadata":{"n":1,"s":"v"},"parts":[{"text":"hi"}]}',
      '{"a":"x","id":-0,"metadata":{"n":1,"s":"v"},"parts":[{"text":"hi"}]}',
      '{"a":"x","id":1,"metadata":{"n":"1","s":"v"},"parts":[{"text":"hi"}]}',
      '{"a":"x","id":1,"metadata":{"n":1,"s":"v"},"parts":[{"text":""}]}',
      '{"a":"x","id":1,"metadata":{"n":1,"s":"v"},"parts":[{"text":"hi"},{"text":"hi"}]}',
      '{"id":1,"a":"x","metadata":{"n":1,"s":"v"},"parts":[{"text":"hi"}]}',
      '{"a":"x","id":1,"metadata":{"n":1,"s":"v"},"parts":[{"text":"hi"}],"more":true}',
      '{"a":"x","id":1,"metadata":{"n":1},"parts":[{"text":"hi"}]}',
      '{"a":"x","id":1,"metadata":null,"parts":[{"text":"hi"}]}',
      '[]',
      'null',
    ])
      expect(fits(JSON.parse(other), pattern), other).toBe(false);
  });
});
