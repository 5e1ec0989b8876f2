// The stream recorder on chunks cut by hand: exact bytes kept for blocks that are not UTF-8, even when the block
// started in an earlier chunk and an oversized block came before it.

import { describe, expect, it } from 'vitest';
import { inThreadAnalyser, type StreamAnalyser } from '../../electron/host/agent/streamAnalyser';
import type { BatchAnalysis } from '../../electron/host/agent/streamAnalysis';
import { recordStream, streamRecorder } from './support/recordStream';
import { eventJson } from '../../shared/wire/eventJson';

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

  it('marks events whose JSON is JSON.parse of their data instead of parsing them; keeps the decoder’s value otherwise', () => {
    const update = (extra: string) =>
      `{"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"t",${extra}"status":{"state":"TASK_STATE_WORKING"}}}}`;
    const { frames } = recordStream([
      Buffer.from(`data: ${update('')}\n\ndata: not json\n\ndata: ${update('"taskId":"u",')}\n\n`),
    ]);
    const [plain, text, duplicate] = frames;
    expect(plain!.jsonFromData).toBe(true);
    expect(plain).not.toHaveProperty('json');
    expect(eventJson(plain!)).toEqual(JSON.parse(update('')));
    expect(text!.jsonFromData).toBeUndefined();
    expect(eventJson(text!)).toBeUndefined();
    // A name written twice is a finding, and the value read is the decoder's own, carried with the frame.
    expect(duplicate!.findings?.map((f) => f.rule)).toContain('json.duplicate-key');
    expect(duplicate!.jsonFromData).toBeUndefined();
    expect(duplicate!.json).toBeDefined();
    expect(eventJson(duplicate!)).toBe(duplicate!.json);
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

describe('StreamRecorder with an analysis that answers later', () => {
  /** An analyser whose batches wait until the test lets them go, answering as the host's thread would. */
  function slowAnalyser() {
    const waiting: Array<() => void> = [];
    const analyser: StreamAnalyser = {
      open(adapter, request) {
        const now = inThreadAnalyser().open(adapter, request);
        return {
          analyse: (datas, errors) =>
            new Promise((resolve) =>
              waiting.push(() => resolve(now.analyse(datas, errors) as BatchAnalysis)),
            ),
          close: () => undefined,
        };
      },
      prepare: () => undefined,
      workerBatches: () => 0,
      close: async () => undefined,
    };
    return { analyser, release: () => waiting.splice(0).forEach((go) => go()) };
  }

  it('publishes every frame in order once its batch is back, pauses reading when far behind, and ends last', async () => {
    const { analyser, release } = slowAnalyser();
    const { recorder, frames, exchange } = streamRecorder({ analyser, maxEventBytes: 4096 });
    const event = (k: number) =>
      `data: {"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"t","status":{"state":"TASK_STATE_WORKING"},"metadata":{"k":${k}}}}}\n\n`;
    let paused: Promise<void> | undefined;
    let chunks = 0;
    while (!paused) {
      recorder.push(Buffer.from(`${event(chunks)}: ping\n\n`));
      chunks++;
      paused = recorder.backlog();
    }
    // Nothing is published before its analysis, and reading was told to pause after a bounded number of chunks.
    expect(frames).toHaveLength(0);
    expect(chunks).toBe(64);
    const finished = recorder.finish(exchange);
    expect(finished).toBeInstanceOf(Promise);
    expect(exchange.stream?.events).toBe(0);
    release();
    await paused;
    await finished;
    expect(frames).toHaveLength(chunks * 2);
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i));
    expect(
      frames
        .filter((f) => f.dispatched)
        .map(
          (f) =>
            (eventJson(f) as { result: { statusUpdate: { metadata: { k: number } } } }).result.statusUpdate
              .metadata.k,
        ),
    ).toEqual(Array.from({ length: chunks }, (_, k) => k));
    expect(frames.filter((f) => f.dispatched).every((f) => f.a2a?.state === 'working')).toBe(true);
    expect(exchange.stream).toMatchObject({ events: chunks, emptyBlocks: chunks, ended: 'complete' });
    expect(exchange.a2a).toBeUndefined();
  });
});
