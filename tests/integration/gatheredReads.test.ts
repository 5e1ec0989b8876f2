// The stream recorder with the real analysis worker gathers the chunks read in one turn of the event loop into one
// read (streamRecorder.ts `gather`), at most GATHER_BYTES at a time: the frames, their journal marks and the bytes
// handed to the journal are those of the straightforward path, which reads each chunk on its own in this thread.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SseFrame } from '../../shared/wire/frame';
import {
  inThreadAnalyser,
  workerAnalyser,
  type StreamAnalyser,
} from '../../electron/host/agent/streamAnalyser';
import { v1JsonRpc } from '../../shared/a2a/v1/jsonrpc';
import { GATHER_BYTES, type StreamCapture } from '../../electron/host/agent/streamRecorder';
import { RUN_PLAIN } from '../../electron/host/session/sseRuns';
import { recordStream, STREAM_REQUEST, streamRecorder } from '../unit/support/recordStream';
import { bundleEntry } from './support/bundleEntry';
import { stoppingWorker } from './support/stoppingWorker';

const status = (n: number) =>
  `data: {"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"},"metadata":{"n":${n}}}}}\n\n`;
/** Plain events, a comment, an event that is not JSON and one of another type among them. */
function stream(events: number): Buffer {
  const blocks = Array.from({ length: events }, (_, n) => status(n));
  blocks.splice(3, 0, ': ping\n\n', 'data: not json\n\n', `event: other\n${status(-1)}`);
  return Buffer.from(blocks.join(''));
}
const cut = (bytes: Buffer, size: number) =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, k) => bytes.subarray(k * size, (k + 1) * size));

let worker: string;
beforeAll(async () => {
  worker = await bundleEntry('electron/host/agent/analysisWorker.ts');
});

/** What must agree with the straightforward path: everything but the arrival time. */
const comparable = (frames: readonly SseFrame[]) => frames.map(({ timing: _timing, ...rest }) => rest);

/**
 * Records `turns` (each a list of chunks pushed in one turn of the event loop) with the worker, through a capture
 * that checks the bytes it is handed hold every plain frame's text.
 */
async function recordTurns(
  analyser: StreamAnalyser,
  turns: Buffer[][],
  between?: (frames: readonly SseFrame[]) => Promise<void>,
) {
  const frames: SseFrame[] = [];
  const capture: StreamCapture = {
    frames(batch, marks, bytes) {
      batch.forEach((frame, k) => {
        if ((marks[k]! & RUN_PLAIN) === 0) return;
        const { start, end } = frame.offset;
        if (bytes && start >= bytes.offset)
          expect(bytes.buffer.subarray(start - bytes.offset, end - bytes.offset).toString()).toBe(frame.raw);
      });
      frames.push(...batch);
    },
  };
  let at = 0;
  const { recorder, exchange } = streamRecorder({ analyser, capture, now: () => at });
  for (const turn of turns) {
    for (const chunk of turn) recorder.push(chunk, ++at);
    await (between?.(frames) ?? new Promise((resolve) => setImmediate(resolve)));
  }
  await recorder.finish(exchange);
  return { frames, exchange };
}

describe('gathered reads', () => {
  let analyser: StreamAnalyser;
  beforeAll(async () => {
    analyser = workerAnalyser(worker);
    await analyser.ready('1.0');
  });
  afterAll(() => analyser.close());

  it('reads the chunks of one turn as one, giving the frames read chunk by chunk, stamped with the last arrival', async () => {
    const chunks = cut(stream(200), 997);
    const before = analyser.workerBatches();
    const { frames, exchange } = await recordTurns(analyser, [chunks]);
    // One read for the turn, one for the end.
    expect(analyser.workerBatches() - before).toBe(2);
    const straight = recordStream(chunks);
    expect(comparable(frames)).toEqual(comparable(straight.frames));
    expect(exchange.stream).toEqual(straight.exchange.stream);
    expect(new Set(frames.map((f) => f.timing.start))).toEqual(new Set([chunks.length]));
  });

  it('sends what it gathered at once past the bound, and reads the turns apart', async () => {
    const bytes = stream(3000);
    const chunks = cut(bytes, 8 * 1024);
    expect(bytes.length).toBeGreaterThan(2 * GATHER_BYTES);
    const before = analyser.workerBatches();
    const { frames } = await recordTurns(analyser, [
      chunks.slice(0, -3),
      chunks.slice(-3, -1),
      chunks.slice(-1),
    ]);
    const perRead = GATHER_BYTES / (8 * 1024);
    const firstTurn = Math.ceil((chunks.length - 3) / perRead);
    expect(analyser.workerBatches() - before).toBe(firstTurn + 2 + 1);
    expect(comparable(frames)).toEqual(comparable(recordStream(chunks).frames));
  });

  it('reads on in the host’s thread, chunks of a turn together, once the worker has stopped mid-stream', async () => {
    const stopping = workerAnalyser(stoppingWorker(worker, 2));
    try {
      await stopping.ready('1.0');
      const chunks = cut(stream(300), 1500);
      const third = Math.floor(chunks.length / 3);
      const turns = [chunks.slice(0, third), chunks.slice(third, 2 * third), chunks.slice(2 * third)];
      const twoTurns = recordStream(chunks.slice(0, 2 * third)).frames.length;
      let turn = 0;
      const { frames } = await recordTurns(stopping, turns, async (sofar) => {
        turn++;
        await new Promise((resolve) => setImmediate(resolve));
        // After the second turn, until the host's thread has taken its read over: the worker is gone for the third.
        if (turn === 2) await vi.waitFor(() => expect(sofar.length).toBe(twoTurns), { timeout: 10_000 });
      });
      expect(stopping.workerBatches()).toBe(1);
      expect(comparable(frames)).toEqual(comparable(recordStream(chunks).frames));
    } finally {
      await stopping.close();
    }
  });

  it('reads gathered chunks as one in the host’s thread when the worker went between the gathering and the read', async () => {
    const stopping = workerAnalyser(stoppingWorker(worker, 2));
    const limits = { maxEventBytes: 64 * 1024, maxStreamBytes: 16 * 1024 * 1024 };
    try {
      await stopping.ready('1.0');
      const chunks = cut(stream(40), 700);
      const reading = stopping.open(v1JsonRpc, STREAM_REQUEST, limits);
      await reading.read(chunks[0]!);
      // Never answered by the worker, which exits: read again in this thread.
      await reading.read(chunks[1]!);
      const rest = chunks.slice(2);
      const batch = await reading.readChunks!(rest);
      const local = inThreadAnalyser().open(v1JsonRpc, STREAM_REQUEST, limits);
      local.read(chunks[0]!);
      local.read(chunks[1]!);
      const { bytes, ...read } = batch;
      expect(read).toEqual(local.read(Buffer.concat(rest)));
      expect(bytes?.equals(Buffer.concat(rest))).toBe(true);
    } finally {
      await stopping.close();
    }
  });
});
