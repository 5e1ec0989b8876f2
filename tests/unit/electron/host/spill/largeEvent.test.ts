// FRM-8 in the stream recorder: an event over the per-event cap is written to the store folder as its bytes arrive,
// however they are cut, and joins the stream as a frame that says where it is; without a store, or when the disk
// refuses, it is dropped with a finding that says so; a stream that ends inside it leaves no file behind.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { streamRecorder } from '../../../support/recordStream';
import { testTempDir } from '../../../support/tempDir';

/** A status update of the 1.0 JSON-RPC binding: working for n = 1, completed otherwise. */
function small(n: number): string {
  const state = n === 1 ? 'TASK_STATE_WORKING' : 'TASK_STATE_COMPLETED';
  const result = { statusUpdate: { taskId: 't', status: { state } } };
  return `data: ${JSON.stringify({ jsonrpc: '2.0', id: 1, result })}\n\n`;
}
const BIG = `event: huge\ndata: ${'z'.repeat(600)}\n\n`;
const STREAM = small(1) + BIG + small(2);

function record(chunkBytes: number, spillDir?: string, body = STREAM) {
  const run = streamRecorder({ maxEventBytes: 400, ...(spillDir !== undefined ? { spillDir } : {}) });
  const bytes = Buffer.from(body);
  for (let i = 0; i < bytes.length; i += chunkBytes) run.recorder.push(bytes.subarray(i, i + chunkBytes));
  void run.recorder.finish(run.exchange);
  return run;
}

describe('an event over the per-event cap (FRM-8)', () => {
  it('is stored whole, in stream order, whatever the chunk size', () => {
    for (const chunkBytes of [1, 7, 64, 399, 401, STREAM.length]) {
      const dir = testTempDir('switchboard-large-');
      const { frames, exchange } = record(chunkBytes, dir);
      const stored = frames[1]!.stored!;
      expect(
        frames.map((f) => (f.stored ? 'stored' : f.a2a?.state)),
        `chunks of ${chunkBytes}`,
      ).toEqual(['working', 'stored', 'completed']);
      expect(stored).toMatchObject({ size: Buffer.byteLength(BIG), type: 'huge' });
      expect(readFileSync(path.join(dir, stored.sha256), 'utf8')).toBe(BIG);
      expect(frames[1]!.offset).toEqual({ start: small(1).length, end: small(1).length + BIG.length });
      expect(exchange.stream?.events).toBe(3);
      expect(exchange.findings?.find((f) => f.rule === 'sse.event-too-large')?.message).toBe(
        `Event at byte ${small(1).length} is larger than the 400-byte per-event cap; it was stored on disk whole ` +
          'and not decoded; load it from its frame.',
      );
    }
  });

  it('is dropped with its finding when there is no store', () => {
    const { frames, exchange } = record(64);
    expect(frames.map((f) => f.a2a?.state)).toEqual(['working', 'completed']);
    expect(exchange.findings?.find((f) => f.rule === 'sse.event-too-large')?.message).toMatch(
      /its data was not kept\.$/,
    );
  });

  it('says so when the disk refuses, and the events around it are kept', () => {
    const notADir = path.join(testTempDir('switchboard-large-'), 'file');
    writeFileSync(notADir, 'x');
    const { frames, exchange } = record(64, path.join(notADir, 'store'));
    expect(frames.map((f) => f.a2a?.state)).toEqual(['working', 'completed']);
    const finding = exchange.findings?.find((f) => f.rule === 'sse.event-not-stored');
    expect(finding).toMatchObject({ severity: 'error', offset: small(1).length });
    expect(finding?.message).toMatch(
      new RegExp(
        `^The event at byte ${small(1).length} could not be stored on disk \\(.+\\); its data was not kept\\.$`,
      ),
    );
  });

  it('leaves no file when the stream ends inside it, which SSE never dispatches', () => {
    const dir = testTempDir('switchboard-large-');
    const { frames } = record(50, dir, small(1) + BIG.slice(0, 500));
    expect(frames.map((f) => f.a2a?.state)).toEqual(['working']);
    expect(readdirSync(dir)).toEqual([]);
  });
});
