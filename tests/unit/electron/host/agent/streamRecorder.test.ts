// The stream recorder on chunks cut by hand: exact bytes kept for blocks that are not UTF-8, even when the block
// started in an earlier chunk and an oversized block came before it.

import { describe, expect, it } from 'vitest';
import { recordStream, slowAnalyser, streamRecorder } from '../../../support/recordStream';
import { eventJson } from '../../../../../shared/wire/eventJson';
import type { SseFrame } from '../../../../../shared/wire/frame';
import type { StreamCapture } from '../../../../../electron/host/agent/streamRecorder';
import { RUN_CLEAN, RUN_PLAIN } from '../../../../../electron/host/session/sseRuns';

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

const event = (k: number) =>
  `data: {"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"t","status":{"state":"TASK_STATE_WORKING"},"metadata":{"k":${k}}}}}\n\n`;

describe('StreamRecorder with an analysis that answers later', () => {
  it('publishes every frame in order once its batch is back, pauses reading when far behind, and ends last', async () => {
    const { analyser, release } = slowAnalyser();
    const { recorder, frames, exchange } = streamRecorder({
      analyser,
      maxEventBytes: 4096,
      maxPendingBytes: 10_000,
    });
    let paused: Promise<void> | undefined;
    let chunks = 0;
    let bytes = 0;
    let last = 0;
    while (!paused) {
      const chunk = Buffer.from(`${event(chunks)}: ping\n\n`);
      recorder.push(chunk);
      chunks++;
      bytes += last = chunk.length;
      paused = recorder.backlog();
    }
    // Nothing is published before its analysis, and reading was told to pause once the bytes waiting passed the bound.
    expect(frames).toHaveLength(0);
    expect(bytes - last).toBeLessThan(10_000);
    expect(bytes).toBeGreaterThanOrEqual(10_000);
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

  it('resumes reading as soon as one batch back brings the bytes waiting under the bound', async () => {
    const { analyser, release, releaseOne } = slowAnalyser();
    const { recorder, exchange } = streamRecorder({ analyser, maxEventBytes: 4096, maxPendingBytes: 10_000 });
    let paused: Promise<void> | undefined;
    for (let k = 0; !paused; k++) {
      recorder.push(Buffer.from(`${event(k)}: ping\n\n`));
      paused = recorder.backlog();
    }
    let resumed = false;
    void paused.then(() => (resumed = true));
    releaseOne();
    await new Promise((resolve) => setImmediate(resolve));
    // One chunk of the dozens waiting is back: far from half, and reading goes on.
    expect(resumed).toBe(true);
    expect(recorder.backlog()).toBeUndefined();
    const finished = recorder.finish(exchange);
    release();
    await finished;
  });

  it('with a capture, hands each chunk’s frames over together once read, with what the journal asks, publishing none', async () => {
    const { analyser, release } = slowAnalyser();
    const handed: Array<{ frames: SseFrame[]; marks: number[]; bytes?: { buffer: Buffer; offset: number } }> =
      [];
    const capture: StreamCapture = {
      frames: (frames, marks, bytes) =>
        handed.push({ frames: [...frames], marks: [...marks], ...(bytes ? { bytes } : {}) }),
    };
    const { recorder, frames, exchange } = streamRecorder({ analyser, capture });
    const first = Buffer.from(`${event(0)}: ping\n\n`);
    const second = Buffer.from(`${event(1)}${event(2).replace('"k":2', '"token":"x"')}`);
    recorder.push(first);
    recorder.push(second);
    // Nothing is handed over before its chunk is read.
    expect(handed).toHaveLength(0);
    const finished = recorder.finish(exchange);
    release();
    await finished;
    expect(handed.map((batch) => batch.frames.map((f) => f.seq))).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(handed.map((batch) => batch.bytes)).toEqual([
      { buffer: first, offset: 0 },
      { buffer: second, offset: first.length },
    ]);
    // A plain event redaction leaves alone, a keep-alive (not an event), a plain one and one with a secret's name.
    expect(handed.map((batch) => batch.marks)).toEqual([
      [RUN_PLAIN | RUN_CLEAN, RUN_CLEAN],
      [RUN_PLAIN | RUN_CLEAN, RUN_PLAIN],
    ]);
    expect(handed[0]!.frames[0]!.a2a?.state).toBe('working');
    expect(frames).toHaveLength(0);
    expect(exchange.stream).toMatchObject({ events: 3, emptyBlocks: 1, ended: 'complete' });
  });
});
