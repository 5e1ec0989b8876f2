// The recording proxy's lane (recordingLane.ts, PRX-1): chunks recorded behind their forwarding give exactly the
// frames the straightforward path (each chunk straight into the stream recorder as it arrives) gives, stamped with
// the time each chunk arrived, whether they waited in memory or in the spill file; nothing is lost when the stream
// ends, the spill file goes away, and with nowhere to spill (or a disk that refuses) the lane holds the upstream back
// instead.

import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RecordingLane } from '../../../../../electron/host/proxy/recordingLane';
import type { SseFrame } from '../../../../../shared/wire/frame';
import { slowAnalyser, streamRecorder } from '../../../support/recordStream';
import { testTempDir } from '../../../support/tempDir';

const update = (n: number) =>
  `{"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"t1","contextId":"c1","status":` +
  `{"state":"TASK_STATE_WORKING"},"metadata":{"n":${n},"text":"déjà vu 雨"}}}}`;

/** 1,000 events, a keep-alive now and then and a last completed status, cut into chunks of uneven sizes. */
function streamChunks(): Buffer[] {
  const blocks: string[] = [];
  for (let n = 0; n < 1000; n++) {
    blocks.push(`data: ${update(n)}\n\n`);
    if (n % 97 === 0) blocks.push(': ping\n\n');
  }
  blocks.push(
    'data: {"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"t1","contextId":"c1",' +
      '"status":{"state":"TASK_STATE_COMPLETED"}}}}\n\n',
  );
  const bytes = Buffer.from(blocks.join(''));
  const chunks: Buffer[] = [];
  // Sizes that split events, lines and multi-byte characters.
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = [1, 7, 300, 4096, 13, 65_536][i % 6]!;
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

/** A clock that moves on each reading. */
function ticking() {
  let t = 1000;
  return () => (t += 1);
}

function straightforward(chunks: Buffer[]): { frames: SseFrame[]; arrivals: number[] } {
  const now = ticking();
  const arrivals: number[] = [];
  const { recorder, frames, exchange } = streamRecorder({ now: () => 0 });
  for (const chunk of chunks) {
    const at = now();
    arrivals.push(at);
    recorder.push(chunk, at);
  }
  void recorder.finish(exchange);
  return { frames, arrivals };
}

async function throughLane(
  chunks: Buffer[],
  options: { spillDir?: string; memoryBytes?: number; atOnce?: () => boolean; slow?: boolean },
) {
  const now = ticking();
  const slow = options.slow ? slowAnalyser() : undefined;
  const { recorder, frames, exchange } = streamRecorder({
    now: () => 0,
    ...(slow ? { analyser: slow.analyser, maxPendingBytes: 20_000 } : {}),
  });
  let recorded = 0;
  const lane = new RecordingLane({
    record: (chunk, at) => {
      recorded++;
      return recorder.push(chunk, at);
    },
    recorderBacklog: () => recorder.backlog(),
    now,
    sliceBytes: 1024,
    ...options,
  });
  const backlogs: boolean[] = [];
  for (const chunk of chunks) {
    lane.push(chunk);
    backlogs.push(lane.backlog() !== undefined);
  }
  // Recorded as they come, or only once the event loop turns (the forwarding comes first).
  const before = frames.length;
  const recordedBefore = recorded;
  // A reading that answers later is let go batch by batch until every chunk is in.
  const releasing = slow ? setInterval(slow.release, 1) : undefined;
  await lane.drained();
  lane.close();
  const finished = recorder.finish(exchange);
  slow?.release();
  await finished;
  if (releasing) clearInterval(releasing);
  return { frames, before, recordedBefore, backlogs };
}

describe('the recording lane', () => {
  it('records the same frames as the straightforward path, held in memory', async () => {
    const chunks = streamChunks();
    const expected = straightforward(chunks);
    const got = await throughLane(chunks, {});
    expect(got.before).toBe(0);
    expect(got.frames.filter((f) => f.dispatched)).toHaveLength(1001);
    expect(got.frames).toEqual(expected.frames);
  });

  it('records the same frames when most chunks wait in the spill file, and removes the file', async () => {
    const dir = testTempDir('switchboard-lane-');
    const chunks = streamChunks();
    const expected = straightforward(chunks);
    const got = await throughLane(chunks, { spillDir: dir, memoryBytes: 10_000 });
    expect(got.frames).toEqual(expected.frames);
    // With a folder to spill into, the upstream is never held back.
    expect(got.backlogs.every((held) => !held)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('holds the upstream back when there is nowhere to spill, and still records every chunk', async () => {
    const chunks = streamChunks();
    const expected = straightforward(chunks);
    const got = await throughLane(chunks, { memoryBytes: 10_000 });
    expect(got.backlogs.some((held) => held)).toBe(true);
    expect(got.frames).toEqual(expected.frames);
  });

  it('holds the upstream back when the spill folder cannot be made, and still records every chunk', async () => {
    const file = `${testTempDir('switchboard-lane-')}/not-a-folder`;
    writeFileSync(file, 'x');
    const chunks = streamChunks();
    const expected = straightforward(chunks);
    const got = await throughLane(chunks, { spillDir: `${file}/spill`, memoryBytes: 10_000 });
    expect(got.frames).toEqual(expected.frames);
    // A refused disk must not let a hostile stream grow memory without a bound: reading pauses instead.
    expect(got.backlogs.some((held) => held)).toBe(true);
    expect(existsSync(`${file}/spill`)).toBe(false);
  });

  it('records each chunk as it comes when the reading is elsewhere, with the same frames', async () => {
    const chunks = streamChunks();
    const expected = straightforward(chunks);
    const got = await throughLane(chunks, { atOnce: () => true });
    // In this thread the reading answers at once: every chunk was recorded before the loop turned.
    expect(got.before).toBe(expected.frames.length);
    expect(got.frames).toEqual(expected.frames);
  });

  it('holds chunks for later turns while the reading elsewhere is behind, with the same frames', async () => {
    const chunks = streamChunks();
    const expected = straightforward(chunks);
    const got = await throughLane(chunks, { atOnce: () => true, slow: true });
    // The first chunks went at once, until the reading had 20 kB to catch up on; the rest waited for their turn.
    expect(got.recordedBefore).toBeGreaterThan(0);
    expect(got.recordedBefore).toBeLessThan(chunks.length);
    expect(got.frames).toEqual(expected.frames);
  });

  it('settles at once when nothing waits', async () => {
    const lane = new RecordingLane({
      record: () => undefined,
      recorderBacklog: () => undefined,
      now: () => 0,
    });
    await expect(lane.drained()).resolves.toBeUndefined();
  });
});
