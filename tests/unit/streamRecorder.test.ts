// The stream recorder on chunks cut by hand: exact bytes kept for blocks that are not UTF-8, even when the block
// started in an earlier chunk and an oversized block came before it.

import { describe, expect, it } from 'vitest';
import { recordStream } from './support/recordStream';

const record = (chunks: Buffer[], maxEventBytes: number) => recordStream(chunks, { maxEventBytes });

describe('StreamRecorder', () => {
  it('keeps the exact bytes of a block that is not UTF-8, across chunks and after an oversized block', () => {
    const oversized = `data: ${'x'.repeat(30)}\n\n`;
    const bad = Buffer.concat([Buffer.from('data: '), Buffer.from([0xff]), Buffer.from('\n\n')]);
    const { frames, exchange } = record(
      [Buffer.from(`${oversized}data: `), Buffer.from([0xff]), Buffer.from('\n\n')],
      20,
    );
    expect(frames).toHaveLength(1);
    expect(frames[0]!.offset).toEqual({ start: oversized.length, end: oversized.length + bad.length });
    expect(frames[0]!.rawBase64).toBe(bad.toString('base64'));
    expect(exchange.findings?.map((f) => f.rule)).toContain('sse.event-too-large');
  });

  it('keeps them after a BOM too, and leaves valid UTF-8 to the text alone', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const { frames } = record(
      [Buffer.concat([bom, Buffer.from('data: ')]), Buffer.from([0xc3]), Buffer.from('\n\ndata: é\n\n')],
      64,
    );
    expect(frames.map((f) => f.offset.start)).toEqual([3, 12]);
    expect(frames[0]!.rawBase64).toBe(
      Buffer.from([...Buffer.from('data: '), 0xc3, 10, 10]).toString('base64'),
    );
    expect(frames[1]!.rawBase64).toBeUndefined();
    expect(frames[1]!.raw).toBe('data: é\n\n');
  });
});
