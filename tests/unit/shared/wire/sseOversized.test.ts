// FRM-8: the parser names the span of every block over the per-event cap once its blank line is read, however the
// bytes were cut into chunks, so a reader holding the bytes can store the block instead of losing it.

import { describe, expect, it } from 'vitest';
import { SseParser } from '../../../../shared/wire/sse';

function spans(chunks: string[], maxEventBytes: number) {
  const oversized: Array<{ start: number; end: number }> = [];
  const events: string[] = [];
  const parser = new SseParser({
    maxEventBytes,
    onEvent: (event) => events.push(event.data),
    onOversizedBlock: (block) => oversized.push(block),
  });
  for (const chunk of chunks) parser.feed(new TextEncoder().encode(chunk));
  parser.end();
  return { oversized, events };
}

describe('oversized blocks (FRM-8)', () => {
  const stream = 'data: a\n\n' + `data: ${'x'.repeat(100)}\n\n` + 'data: b\n\n';

  it('reports the span of a block over the cap, in one chunk, and the events around it', () => {
    expect(spans([stream], 32)).toEqual({ oversized: [{ start: 9, end: 117 }], events: ['a', 'b'] });
  });

  it('reports the same span whichever byte the chunks are cut at', () => {
    for (let cut = 1; cut < stream.length; cut++) {
      const result = spans([stream.slice(0, cut), stream.slice(cut)], 32);
      expect(result, `cut at ${cut}`).toEqual({ oversized: [{ start: 9, end: 117 }], events: ['a', 'b'] });
    }
  });

  it('reports a block that passes the cap only with its blank line, and none for one cut off by the end', () => {
    // "data: 123\n" is 10 bytes; with its blank line 11, one over a cap of 10.
    expect(spans(['data: 123\n\n'], 10).oversized).toEqual([{ start: 0, end: 11 }]);
    expect(spans([`data: ${'y'.repeat(50)}\n`], 10).oversized).toEqual([]);
  });
});
